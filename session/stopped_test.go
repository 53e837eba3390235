package session

import "testing"

// A question the turn's interrupt ended (ASK_ABORTED) is stopped, as the
// web client shows it, not failed; one the person cancelled failed.
func TestAnAbortedQuestionIsStoppedNotFailed(t *testing.T) {
	for code, want := range map[string]CallStatus{"ASK_ABORTED": CallStopped, "ASK_CANCELLED": CallFailed} {
		c := &ToolCall{Name: "ask_user_question", Result: &ToolResult{IsError: true, Error: &ToolError{Code: code}}}
		if got := c.Status(); got != want {
			t.Errorf("%s: status %v, want %v", code, got, want)
		}
	}
}
