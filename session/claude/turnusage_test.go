package claude_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Each turn keeps the usage of its assistant messages, each message once
// however many lines repeat it (issue 15).
func TestUsageIsKeptPerTurn(t *testing.T) {
	l := (&ccLog{}).prompt("one")
	l.add(obj{"type": "assistant", "message": obj{"id": "m1", "role": "assistant", "content": []any{obj{"type": "thinking", "thinking": "hm"}},
		"usage": obj{"input_tokens": 10, "output_tokens": 1, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 5}}})
	l.add(obj{"type": "assistant", "message": obj{"id": "m1", "role": "assistant", "content": []any{obj{"type": "text", "text": "hi"}},
		"usage": obj{"input_tokens": 10, "output_tokens": 7, "cache_read_input_tokens": 100, "cache_creation_input_tokens": 5}}})
	l.prompt("two")
	l.add(obj{"type": "assistant", "message": obj{"id": "m2", "role": "assistant", "content": []any{obj{"type": "text", "text": "yo"}},
		"usage": obj{"input_tokens": 3, "output_tokens": 2}}})
	got := sessiontest.TurnUsage(l.read(t))
	want := []session.TokenUsage{{Input: 10, Output: 7, CacheRead: 100, CacheWrite: 5, Recorded: session.RecordedCache}, {Input: 3, Output: 2}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("turns %+v, want %+v", got, want)
	}
}

// The corpus session's two turns: every prompt token of each, and the sum
// is the session's.
func TestCorpusUsagePerTurn(t *testing.T) {
	s, err := source.Open(corpus + "/marot_spotter__subagent.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := sessiontest.TurnUsage(s)
	if len(got) != 2 {
		t.Fatalf("%d turns", len(got))
	}
	var sum session.TokenUsage
	for i, u := range got {
		if u.Input+u.CacheRead+u.CacheWrite == 0 || u.Output == 0 || u.Recorded != session.RecordedCache {
			t.Errorf("turn %d: %+v", i+1, u)
		}
		sum.Add(u)
	}
	if in := got[0].Input + got[0].CacheRead + got[0].CacheWrite; in != 281870 || got[0].Output != 1135 {
		t.Errorf("turn 1: %+v", got[0])
	}
	if sum != s.Usage {
		t.Errorf("turns sum to %+v, the session is %+v", sum, s.Usage)
	}
}
