package viewer

import (
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/live"
)

// questionForm is the form of a question the agent asks (its
// ask_user_question): one question at a time, its options to pick (one, or
// several when the question allows), and a line of one's own words.
type questionForm struct {
	req    live.QuestionRequest
	at     int               // the question shown
	cursor int               // the option under the cursor; len(options) is "other"
	picked []map[string]bool // per question, the labels picked
	custom []string          // per question, one's own answer
	input  textinput.Model   // typing one's own answer, when focused
}

func newQuestionForm(req live.QuestionRequest) *questionForm {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = "your own answer"
	f := &questionForm{req: req, input: in}
	for range req.Questions {
		f.picked = append(f.picked, map[string]bool{})
		f.custom = append(f.custom, "")
	}
	return f
}

func (f *questionForm) question() live.Question { return f.req.Questions[f.at] }

// formResult is what a key did to the form.
type formResult int

const (
	formOpen      formResult = iota // still being filled in
	formSubmit                      // every question answered: send
	formDismissed                   // the person declined to answer
)

// key takes a key press.
func (f *questionForm) key(msg tea.KeyPressMsg) (formResult, tea.Cmd) {
	if len(f.req.Questions) == 0 {
		return formDismissed, nil
	}
	q := f.question()
	if f.input.Focused() {
		switch msg.String() {
		case "enter", "tab", "down", "up":
			f.custom[f.at] = strings.TrimSpace(f.input.Value())
			f.input.Blur()
			if msg.String() == "enter" {
				return f.next()
			}
			if msg.String() == "up" {
				f.cursor = max(len(q.Options)-1, 0)
			}
			return formOpen, nil
		case "esc":
			f.input.Blur()
			return formOpen, nil
		}
		var cmd tea.Cmd
		f.input, cmd = f.input.Update(msg)
		return formOpen, cmd
	}
	switch msg.String() {
	case "esc":
		return formDismissed, nil
	case "up", "k":
		f.cursor = max(f.cursor-1, 0)
	case "down", "j":
		f.cursor = min(f.cursor+1, len(q.Options))
	case "space", " ":
		f.pick()
	case "enter":
		if f.cursor < len(q.Options) && len(f.picked[f.at]) == 0 {
			f.pick() // enter on an option takes it
		}
		if f.cursor == len(q.Options) {
			return formOpen, f.editCustom()
		}
		if f.answered() {
			return f.next()
		}
	case "backtab", "left":
		if f.at > 0 {
			f.at, f.cursor = f.at-1, 0
		}
	}
	return formOpen, nil
}

// pick takes or drops the option under the cursor; one's own answer is
// typed. A single-choice question keeps one label, and a label replaces
// one's own answer.
func (f *questionForm) pick() {
	q := f.question()
	if f.cursor >= len(q.Options) {
		return
	}
	label := q.Options[f.cursor].Label
	picked := f.picked[f.at]
	if picked[label] {
		delete(picked, label)
		return
	}
	if !q.Multi {
		clear(picked)
		f.custom[f.at] = ""
	}
	picked[label] = true
}

func (f *questionForm) editCustom() tea.Cmd {
	if !f.question().Multi {
		clear(f.picked[f.at]) // a single answer: one's own words instead of a label
	}
	f.input.SetValue(f.custom[f.at])
	return f.input.Focus()
}

func (f *questionForm) answered() bool {
	return len(f.picked[f.at]) > 0 || f.custom[f.at] != ""
}

// next goes to the next question, or sends when this was the last.
func (f *questionForm) next() (formResult, tea.Cmd) {
	if !f.answered() {
		return formOpen, nil
	}
	if f.at+1 < len(f.req.Questions) {
		f.at, f.cursor = f.at+1, 0
		return formOpen, nil
	}
	return formSubmit, nil
}

// answers are the form's answers, in the questions' order, labels in the
// options' order.
func (f *questionForm) answers() []live.QuestionAnswer {
	out := make([]live.QuestionAnswer, len(f.req.Questions))
	for i, q := range f.req.Questions {
		a := live.QuestionAnswer{ID: q.ID, Custom: f.custom[i]}
		for _, o := range q.Options {
			if f.picked[i][o.Label] {
				a.Selected = append(a.Selected, o.Label)
			}
		}
		out[i] = a
	}
	return out
}
