package viewer

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session/live"
)

// The question form keeps the host's rules: a single-choice question has
// one label or one's own words, never both; a multiple-choice one may have
// several labels and words; answers come in the questions' order, labels in
// the options' order; enter goes on, and sends after the last question.
func TestQuestionFormRules(t *testing.T) {
	req := live.QuestionRequest{RPCID: "q", Questions: []live.Question{
		{ID: "one", Text: "Which?", Options: []live.Option{{Label: "A"}, {Label: "B"}}},
		{ID: "many", Text: "Which all?", Multi: true, Options: []live.Option{{Label: "X"}, {Label: "Y"}, {Label: "Z"}}},
	}}
	f := newQuestionForm(req)
	press := func(keys ...string) formResult {
		var r formResult
		for _, k := range keys {
			r, _ = f.key(keyMsg(k))
		}
		return r
	}
	if r := press("down", "down", "enter"); r != formOpen || !f.input.Focused() {
		t.Fatalf("enter on the last row does not take one's own words: %v", r)
	}
	press("o", "w", "n")
	if r := press("up"); r != formOpen || f.custom[0] != "own" {
		t.Fatalf("own words %q", f.custom[0])
	}
	press("up", "space") // A replaces one's own words
	if f.custom[0] != "" || !f.picked[0]["A"] {
		t.Fatalf("single choice: %v %q", f.picked[0], f.custom[0])
	}
	press("down", "space") // B replaces A
	if f.picked[0]["A"] || !f.picked[0]["B"] {
		t.Fatalf("single choice: %v", f.picked[0])
	}
	if r := press("enter"); r != formOpen || f.at != 1 {
		t.Fatalf("enter did not go to the next question: %v at %d", r, f.at)
	}
	press("space", "down", "down", "space", "down", "enter", "w") // X, Z and one's own words
	if r := press("enter"); r != formSubmit {
		t.Fatalf("the last answer did not send: %v", r)
	}
	want := []live.QuestionAnswer{{ID: "one", Selected: []string{"B"}}, {ID: "many", Selected: []string{"X", "Z"}, Custom: "w"}}
	if got := f.answers(); !reflect.DeepEqual(got, want) {
		t.Fatalf("answers %+v, want %+v", got, want)
	}
	if r := press("esc"); r != formDismissed {
		t.Fatalf("esc does not decline: %v", r)
	}
}
