package session

import "testing"

// The model's usage is counted in the session and in the turn started last;
// running totals count what they add; a reset forgets both (issue 15).
func TestUsageIsCountedInItsTurn(t *testing.T) {
	b := NewBuilder()
	b.CountUsage(TokenUsage{Input: 1, Output: 1}) // before any turn: the session's only
	one, two := &TurnStart{Turn: 1}, &TurnStart{Turn: 2}
	b.Add(one)
	b.CountUsage(TokenUsage{Input: 10, Output: 2, CacheRead: 5, Recorded: RecordedCache})
	b.Add(two)
	b.SetUsage(TokenUsage{Input: 31, Output: 8, CacheRead: 5, Reasoning: 3, Recorded: RecordedCache | RecordedReasoning})
	if want := (TokenUsage{Input: 10, Output: 2, CacheRead: 5, Recorded: RecordedCache}); one.Usage != want {
		t.Errorf("turn 1: %+v, want %+v", one.Usage, want)
	}
	if want := (TokenUsage{Input: 20, Output: 5, Reasoning: 3, Recorded: RecordedCache | RecordedReasoning}); two.Usage != want {
		t.Errorf("turn 2: %+v, want %+v", two.Usage, want)
	}
	if want := (TokenUsage{Input: 31, Output: 8, CacheRead: 5, Reasoning: 3, Recorded: RecordedCache | RecordedReasoning}); b.Usage != want {
		t.Errorf("session: %+v, want %+v", b.Usage, want)
	}
	b.SetUsage(TokenUsage{Input: 5, Output: 9}) // a total lower than the last: the turn counts no less
	if two.Usage.Input != 20 || two.Usage.Output != 6 || b.Usage.Input != 5 {
		t.Errorf("after a lower total: turn %+v, session %+v", two.Usage, b.Usage)
	}
	b.ResetUsage()
	if b.Usage != (TokenUsage{}) || one.Usage != (TokenUsage{}) || two.Usage != (TokenUsage{}) {
		t.Errorf("after a reset: %+v %+v %+v", b.Usage, one.Usage, two.Usage)
	}
}

// An entry added before another takes its place, gets an id of its own, and
// a turn so added is the one the model's usage counts in.
func TestAddBefore(t *testing.T) {
	b := NewBuilder()
	first, prompt := &UserMessage{}, &UserMessage{Role: RoleHuman}
	b.Add(first)
	b.Add(prompt)
	turn := &TurnStart{Turn: 1}
	b.AddBefore(turn, prompt)
	if len(b.Entries) != 3 || b.Entries[0] != Entry(first) || b.Entries[1] != Entry(turn) || b.Entries[2] != Entry(prompt) {
		t.Fatalf("entries %v", b.Entries)
	}
	if turn.ID == first.ID || turn.ID == prompt.ID || turn.ID == 0 {
		t.Errorf("ids %d %d %d", first.ID, turn.ID, prompt.ID)
	}
	b.CountUsage(TokenUsage{Output: 4})
	if turn.Usage.Output != 4 {
		t.Errorf("turn usage %+v", turn.Usage)
	}
}
