package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Each turn keeps the usage of its steps' assistant messages (issue 15):
// the resumed live log's four turns have three, three, one and three steps
// of 100 input and 10 output tokens each.
func TestUsageIsKeptPerTurn(t *testing.T) {
	s, err := source.Open(sessiontest.Testdata + "/harness/live/session-logs/plain-resumed/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	got := sessiontest.TurnUsage(s)
	steps := []int64{3, 3, 1, 3}
	if len(got) != len(steps) {
		t.Fatalf("%d turns, want %d", len(got), len(steps))
	}
	for i, u := range got {
		if want := (session.TokenUsage{Input: 100 * steps[i], Output: 10 * steps[i]}); u != want {
			t.Errorf("turn %d: %+v, want %+v", i+1, u, want)
		}
	}
	if s.Usage != (session.TokenUsage{Input: 1000, Output: 100}) {
		t.Errorf("session: %+v", s.Usage)
	}
}
