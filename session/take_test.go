package session

import "testing"

// A session whose first turn was taken (Take) notes every later step of
// the reading that comes back to an entry taken, and none that does not:
// a reader that drew the entries taken reads the log again whole only
// when what it drew may be wrong.
func TestTakingNotesWhatComesBackToAnEntryTaken(t *testing.T) {
	cases := []struct {
		name     string
		then     func(b *Builder, first, second *turn)
		conflict bool
	}{
		{"nothing", func(b *Builder, _, _ *turn) {}, false},
		{"a change to an entry not taken", func(b *Builder, _, second *turn) { b.Touch(second.reply) }, false},
		{"a result for a call not taken", func(b *Builder, _, second *turn) {
			if b.Call("c2") != second.call {
				t.Error("the call not taken is not found by its id")
			}
		}, false},
		{"the log's end, every call taken answered", func(b *Builder, _, _ *turn) { b.Finish() }, false},
		{"a change to an entry taken", func(b *Builder, first, _ *turn) { b.Touch(first.reply) }, true},
		{"a result for a call taken", func(b *Builder, _, _ *turn) {
			if b.Call("c1") != nil {
				t.Error("a call taken is still found by its id")
			}
		}, true},
		{"the removal of an entry taken", func(b *Builder, first, _ *turn) { b.Remove(first.reply) }, true},
		{"an entry put before one taken", func(b *Builder, first, _ *turn) { b.AddBefore(&AssistantText{}, first.reply) }, true},
		{"the usage counted so far forgotten", func(b *Builder, _, _ *turn) { b.ResetUsage() }, true},
		{"every call looked at", func(b *Builder, _, _ *turn) {
			for range b.Calls() {
			}
		}, true},
		{"the calls named since looked at, one of them taken", func(b *Builder, _, _ *turn) {
			for range b.NamedSince() {
			}
		}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b := NewBuilder()
			first := addTurn(b, 1, "c1")
			if c.name != "the calls named since looked at, one of them taken" {
				for range b.NamedSince() { // as a turn's end does
				}
			}
			second := addTurn(b, 2, "c2")
			taken := b.Take(4)
			if len(taken) != 4 || taken[0] != first.start || len(b.Entries) != 4 || b.Entries[0] != second.start {
				t.Fatalf("Take(4) took %d entries and left %d", len(taken), len(b.Entries))
			}
			c.then(b, first, second)
			if got := b.Conflicted(); got != c.conflict {
				t.Errorf("Conflicted() = %v, want %v", got, c.conflict)
			}
		})
	}
}

// The end of a log marks a call still waiting unfinished, whether or not
// it was taken; one taken is a conflict.
func TestAWaitingCallTakenConflictsAtTheEnd(t *testing.T) {
	b := NewBuilder()
	addTurn(b, 1, "c1").call.Result = nil
	addTurn(b, 2, "c2")
	b.Take(4)
	b.Finish()
	if !b.Conflicted() {
		t.Error("a call taken while it waited for its result did not conflict at the log's end")
	}
}

// A turn that ends after its start was taken lists what it produced from
// calls some of which were taken: a conflict.
func TestATurnEndingAfterItsStartWasTakenConflicts(t *testing.T) {
	b := NewBuilder()
	addTurn(b, 1, "c1")
	b.Add(&TurnStart{Turn: 2})
	b.Add(&AssistantText{Text: "working"})
	b.Take(5) // the second turn's start too
	b.Add(&TurnEnd{})
	if !b.Conflicted() {
		t.Error("a turn's end whose start was taken did not conflict")
	}
}

// TookLog says an entry taken was no notice.
func TestTookLogSaysAnEntryTakenWasNoNotice(t *testing.T) {
	b := NewBuilder()
	b.Notice(1, "not JSON")
	b.Take(1)
	if b.TookLog() {
		t.Error("a notice taken made the input a log")
	}
	b.Add(&AssistantText{Text: "hi"})
	b.Take(1)
	if !b.TookLog() {
		t.Error("a reply taken did not make the input a log")
	}
}

// turn is a turn addTurn added: its start, reply and call, and its end.
type turn struct {
	start *TurnStart
	reply *AssistantText
	call  *ToolCall
	end   *TurnEnd
}

// addTurn adds a turn of a reply and a call answered, by id.
func addTurn(b *Builder, n int, id string) *turn {
	tu := &turn{start: &TurnStart{Turn: n}, reply: &AssistantText{Text: "on it"},
		call: &ToolCall{CallID: id, Name: "bash", Result: &ToolResult{}}, end: &TurnEnd{}}
	b.Add(tu.start)
	b.Add(tu.reply)
	b.Add(tu.call)
	b.Add(tu.end)
	return tu
}
