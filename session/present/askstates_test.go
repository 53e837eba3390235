package present

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// ask_user_question as the harness means its outcomes: "N of M answered",
// a skipped question (nothing selected) as skipped, and a set the person
// cancelled (ASK_CANCELLED) or a turn interrupted (ASK_ABORTED) as its
// questions unanswered with the verdict.
func TestQuestionOutcomes(t *testing.T) {
	args := `{"questions":[{"id":"a","question":"First?"},{"id":"b","question":"Second?"}]}`
	text := func(r *session.ToolResult) string {
		v, _ := Result("ask_user_question", args, r).(session.GenericResultView)
		return session.TextOf(v.Content)
	}
	answered := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: `{"answers":[{"id":"a","selected":["yes"]},{"id":"b","selected":[]}]}`}}}
	if got := text(answered); !strings.HasPrefix(got, "1 of 2 answered") || !strings.Contains(got, "**Second?** (skipped)") {
		t.Errorf("answered: %q", got)
	}
	for code, verdict := range map[string]string{"ASK_CANCELLED": "Cancelled", "ASK_ABORTED": "Interrupted"} {
		r := &session.ToolResult{IsError: true, Error: &session.ToolError{Code: code}, Content: []session.ContentBlock{{Type: "text", Text: "Error: " + code}}}
		if got := text(r); !strings.HasPrefix(got, verdict) || !strings.Contains(got, "**First?** (no answer)") {
			t.Errorf("%s: %q", code, got)
		}
	}
}
