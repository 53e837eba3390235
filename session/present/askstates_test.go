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

// Answers are counted as the web client counts them (ask-question-row.tsx
// answeredSummary): an entry with something selected or a custom text that
// is not "" (spaces too) is an answer, and each entry counts, ids repeated
// or not.
func TestAnswersAreCountedAsTheHarnessCountsThem(t *testing.T) {
	args := `{"questions":[{"id":"a","question":"First?"},{"id":"b","question":"Second?"}]}`
	for answers, want := range map[string]string{
		`[{"id":"a","selected":["yes"]},{"id":"b","selected":[],"custom":"  "}]`: "2 of 2 answered",
		`[{"id":"a","selected":["yes"]},{"id":"a","selected":["no"]}]`:           "2 of 2 answered",
		`[{"id":"a","selected":[]},{"id":"b","selected":[],"custom":""}]`:        "0 of 2 answered",
	} {
		r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: `{"answers":` + answers + `}`}}}
		v, _ := Result("ask_user_question", args, r).(session.GenericResultView)
		if got := session.TextOf(v.Content); !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q", answers, got, want)
		}
	}
}

// An answer the count takes in is shown, though it names no question asked:
// under the questions, by its id.
func TestAnAnswerToNoQuestionIsShown(t *testing.T) {
	args := `{"questions":[{"id":"a","question":"First?"}]}`
	r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: `{"answers":[{"id":"a","selected":["yes"]},{"id":"zzz","selected":["?"]},{"selected":[],"custom":"mine"},{"id":"a2","selected":[]}]}`}}}
	v, _ := Result("ask_user_question", args, r).(session.GenericResultView)
	want := "3 of 4 answered\n\n- **First?** yes\n- **zzz** (no such question) ?\n- **(no id)** (no such question) “mine”\n- **a2** (no such question) (skipped)\n"
	if got := session.TextOf(v.Content); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}
