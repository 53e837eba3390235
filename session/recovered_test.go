package session

import "testing"

// A call the harness closed after the fact, when it found it open in its
// log (crash recovery, a fork's cut), is not started or of unknown
// outcome: each its own state, never failed though its result is an
// error; and it ran for no time deck knows, though the closer has a time.
func TestACallClosedAfterTheFactIsItsOwnState(t *testing.T) {
	for code, want := range map[string]CallStatus{
		ToolNotStarted:     CallNotStarted,
		ToolOutcomeUnknown: CallOutcomeUnknown,
		"EXIT_1":           CallFailed,
	} {
		c := &ToolCall{StartTime: 100, EndTime: 100, Result: &ToolResult{IsError: true, Error: &ToolError{Code: code}}}
		if got := c.Status(); got != want {
			t.Errorf("%s: status %v, want %v", code, got, want)
		}
		if got := c.Recovered(); got != (want != CallFailed) {
			t.Errorf("%s: recovered %v", code, got)
		}
		if ms, ok := c.Elapsed(); ok != (want == CallFailed) {
			t.Errorf("%s: elapsed %d, %v", code, ms, ok)
		}
	}
}
