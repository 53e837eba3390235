package session

import "testing"

// Each row state of the harness's web client (tool-call-model.ts) is one
// status: preparing while the arguments arrive, running, ok, error,
// stopped by an interrupt (error code "interrupted"), and denied by the
// auto review (AutoReviewDeniedError, AUTO_REVIEW_DENIED, on an error
// result; anything less is an ordinary failure).
func TestACallHasTheWebClientsRowStates(t *testing.T) {
	failed := func(name, code string, isError bool) *ToolCall {
		return &ToolCall{Result: &ToolResult{IsError: isError, Error: &ToolError{Name: name, Code: code}}}
	}
	for why, c := range map[string]struct {
		call *ToolCall
		want CallStatus
	}{
		"arguments arriving":           {&ToolCall{Streaming: true}, CallPreparing},
		"arriving when its turn ended": {&ToolCall{Streaming: true, Unfinished: true}, CallPending},
		"running":                      {&ToolCall{}, CallPending},
		"ok":                           {&ToolCall{Result: &ToolResult{}}, CallDone},
		"an error":                     {failed("FsError", "FS_NOT_FOUND", true), CallFailed},
		"interrupted":                  {failed("AbortError", "interrupted", true), CallStopped},
		"denied":                       {failed("AutoReviewDeniedError", "AUTO_REVIEW_DENIED", true), CallDenied},
		"denied, but no error result":  {failed("AutoReviewDeniedError", "AUTO_REVIEW_DENIED", false), CallFailed},
		"the code under another name":  {failed("Error", "AUTO_REVIEW_DENIED", true), CallFailed},
	} {
		if got := c.call.Status(); got != c.want {
			t.Errorf("%s: status %v, want %v", why, got, c.want)
		}
	}
	if !CallDenied.Failed() || !CallFailed.Failed() || CallStopped.Failed() || !CallPreparing.Pending() {
		t.Error("a denial is a failure, a stop is not, and a preparing call has no result yet")
	}
}
