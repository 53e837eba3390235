package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// The harness's crash recovery closes the calls it finds open (core/session
// repair.ts): a call with no tool/call was not started, one with a
// tool/call has an unknown outcome; a fork's seed closes its parent's open
// calls with the same codes, its messages named forked-tool-result-…. Each
// is its own state, and the turn ends interrupted (or forked), never in
// error.
func TestRecoveredCallsAreTheirOwnState(t *testing.T) {
	for _, path := range []string{"harness-v4-recovery.jsonl", "harness-v4-fork-closers.jsonl"} {
		log := sessiontest.ReadBytes(sessiontest.ReadFile(t, "../../golden/testdata/fixtures/"+path), 1<<20)
		sessiontest.NoNotices(t, log)
		calls := sessiontest.Calls(log)
		if len(calls) != 2 {
			t.Fatalf("%s: %d calls", path, len(calls))
		}
		forked := path == "harness-v4-fork-closers.jsonl"
		for i, want := range []session.CallStatus{session.CallOutcomeUnknown, session.CallNotStarted} {
			c := calls[i]
			if c.Status() != want || c.Result.Forked != forked {
				t.Errorf("%s: call %s is %v (forked %v), want %v (forked %v)", path, c.CallID, c.Status(), c.Result.Forked, want, forked)
			}
		}
		end := sessiontest.Of[*session.TurnEnd](log)[0]
		if want := map[bool]string{false: "interrupted", true: "forked"}[forked]; end.Reason != want {
			t.Errorf("%s: turn 1 ends %q, want %q", path, end.Reason, want)
		}
	}
}
