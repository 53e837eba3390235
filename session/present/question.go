package present

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// ask_user_question has no presenter in the harness (its host attaches no
// view): deck's own shows the questions asked and the answers given, as a
// person reads them, instead of their JSON.

func init() {
	register([]string{"ask_user_question"}, presenter{
		schema: schema{"questions": req(arrayOf(object(schema{
			"id": req(str()), "question": req(str()), "header": opt(str()), "multi_select": opt(boolean),
			"options": opt(arrayOf(object(schema{"label": req(str()), "description": opt(str())}))),
		})))},
		call:   questionCall,
		result: questionResult,
	})
}

// askedQuestion is one question of the call's arguments.
type askedQuestion struct {
	id, header, text string
	options          []string
}

func askedQuestions(a Args) []askedQuestion {
	list, _ := a["questions"].([]any)
	var out []askedQuestion
	for _, item := range list {
		q, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		id, _ := q["id"].(string)
		header, _ := q["header"].(string)
		text, _ := q["question"].(string)
		aq := askedQuestion{id: id, header: header, text: text}
		options, _ := q["options"].([]any)
		for _, o := range options {
			if om, ok := jsonline.AsObject(o); ok {
				if label, ok := om["label"].(string); ok {
					aq.options = append(aq.options, label)
				}
			}
		}
		out = append(out, aq)
	}
	return out
}

func questionCall(a Args) session.CallView {
	qs := askedQuestions(a)
	if len(qs) == 0 {
		return nil
	}
	title := "Ask: " + qs[0].text
	if len(qs) > 1 {
		title += fmt.Sprintf(" (and %d more)", len(qs)-1)
	}
	var b strings.Builder // what is asked, while it waits for the answer
	for _, q := range qs {
		fmt.Fprintf(&b, "- **%s**", mdEscape(q.text))
		for i, o := range q.options {
			sep := ": "
			if i > 0 {
				sep = " · "
			}
			b.WriteString(sep + mdEscape(o))
		}
		b.WriteString("\n")
	}
	return session.GenericCallView{Title: title, Content: []session.ContentBlock{{Type: "text", Text: b.String()}}}
}

// questionResult reads the answers ({"answers":[{id, selected, custom?}]})
// against the questions: each question, then what was chosen.
// A cancelled (ASK_CANCELLED: the person dismissed them) or interrupted
// (ASK_ABORTED: the turn stopped while they waited) set lists its questions
// unanswered, with the verdict, as the web client does.
func questionResult(a Args, r *session.ToolResult) session.ResultView {
	if r.IsError {
		code := ""
		if r.Error != nil {
			code = r.Error.Code
		}
		verdict, ok := map[string]string{
			"ASK_CANCELLED": "Cancelled: the questions were dismissed unanswered.",
			"ASK_ABORTED":   "Interrupted: the turn stopped while the questions waited.",
		}[code]
		if !ok {
			return nil
		}
		var b strings.Builder
		b.WriteString(verdict + "\n\n")
		for _, q := range askedQuestions(a) {
			fmt.Fprintf(&b, "- **%s** (no answer)\n", mdEscape(q.text))
		}
		return session.GenericResultView{Content: []session.ContentBlock{{Type: "text", Text: b.String()}}}
	}
	v, err := jsonline.Any([]byte(session.TextOf(r.Content)))
	m, ok := jsonline.AsObject(v)
	list, ok2 := m["answers"].([]any)
	if err != nil || !ok || !ok2 {
		return nil
	}
	// counted as the web client counts (ask-question-row.tsx): an entry is
	// an answer when it selected something or its custom text is not ""
	// (spaces too), and every entry counts, whatever its id
	answered := map[string][]string{}
	var order []string // the answers' ids, first seen first
	given := 0
	for _, item := range list {
		ans, ok := jsonline.AsObject(item)
		if !ok {
			return nil
		}
		id, _ := ans["id"].(string)
		selected, _ := ans["selected"].([]any)
		custom, _ := ans["custom"].(string)
		if len(selected) > 0 || custom != "" {
			given++
		}
		parts, seen := answered[id]
		if !seen {
			order = append(order, id)
		}
		for _, s := range selected {
			if label, ok := s.(string); ok {
				parts = append(parts, label)
			}
		}
		if custom != "" {
			parts = append(parts, "“"+custom+"”")
		}
		answered[id] = parts
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d of %d answered\n\n", given, len(list))
	asked := map[string]bool{}
	for _, q := range askedQuestions(a) {
		asked[q.id] = true
		parts, ok := answered[q.id]
		fmt.Fprintf(&b, "- **%s** %s\n", mdEscape(q.text), mdEscape(answerText(parts, ok)))
	}
	for _, id := range order { // counted, so shown: an answer to no question asked
		if !asked[id] {
			name := "(no id)"
			if id != "" {
				name = mdEscape(id)
			}
			fmt.Fprintf(&b, "- **%s** (no such question) %s\n", name, mdEscape(answerText(answered[id], true)))
		}
	}
	return session.GenericResultView{Content: []session.ContentBlock{{Type: "text", Text: b.String()}}}
}

// answerText is what was chosen for a question, joined, or that nothing was.
func answerText(parts []string, answered bool) string {
	switch {
	case !answered:
		return "(no answer)"
	case len(parts) == 0:
		return "(skipped)"
	}
	return strings.Join(parts, ", ")
}

// mdEscape keeps a person's words from being read as Markdown.
func mdEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, "*", `\*`, "_", `\_`, "`", "\\`", "[", `\[`, "<", `\<`).Replace(s)
}

// QuestionList writes the questions an agent's ask tool put to the person
// (`questions: [{question, options: [{label, description}]}]`, as Gemini
// CLI and opencode write them; Crush names the options `choices`) as
// Markdown: each question bold, its options a list.
func QuestionList(a Args) string {
	list, _ := a["questions"].([]any)
	var b strings.Builder
	for _, item := range list {
		q, ok := jsonline.AsObject(item)
		if !ok {
			continue
		}
		b.WriteString("**" + strings.TrimSpace(jsonline.Str(q, "question")) + "**\n")
		opts, _ := q["options"].([]any)
		if opts == nil {
			opts, _ = q["choices"].([]any)
		}
		for _, o := range opts {
			if m, ok := jsonline.AsObject(o); ok {
				label := jsonline.Str(m, "label")
				if desc := jsonline.Str(m, "description"); desc != "" {
					label += " — " + desc
				}
				b.WriteString("- " + label + "\n")
			}
		}
		b.WriteString("\n")
	}
	return strings.TrimSpace(b.String())
}
