package present

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// ask_user_question shows the question and the answer chosen, not JSON.
func TestQuestionCardShowsQuestionsAndAnswers(t *testing.T) {
	args := `{"questions":[{"id":"mode","header":"Mode","question":"Which path?","options":[{"label":"Safe"},{"label":"Fast"}]},{"id":"why","question":"Why *that*?"}]}`
	if c, ok := Call("ask_user_question", args).(session.GenericCallView); !ok || c.Title != "Ask: Which path? (and 1 more)" {
		t.Fatalf("call %#v", Call("ask_user_question", args))
	}
	r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: `{"answers":[{"id":"mode","selected":["Safe"]},{"id":"why","custom":"it is guarded"}]}`}}}
	v, ok := Result("ask_user_question", args, r).(session.GenericResultView)
	text := session.TextOf(v.Content)
	if !ok || !strings.Contains(text, "**Which path?** Safe") || !strings.Contains(text, `**Why \*that\*?** “it is guarded”`) {
		t.Fatalf("result %q", text)
	}
	r.IsError = true // a declined question: the error as the tool said it
	if _, ok := Result("ask_user_question", args, r).(session.GenericResultView); !ok {
		t.Fatal("an error result is not the generic card")
	}
}

// The ask tool's questions are written once for every agent: each
// question bold, its options (Crush's choices) a list, a label with its
// description.
func TestQuestionListOfEachAgent(t *testing.T) {
	want := "**Which colour?**\n- Orange — warm\n- Blue"
	for _, options := range []string{"options", "choices"} {
		a, _ := ParseArgs(`{"questions":[{"question":"Which colour? ","type":"single_choice","` + options + `":[{"id":"o","label":"Orange","description":"warm"},{"id":"b","label":"Blue"}]}]}`)
		if got := QuestionList(a); got != want {
			t.Errorf("%s: %q, want %q", options, got, want)
		}
	}
}
