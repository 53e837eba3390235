package grokbuild

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// assistant is the model's reply: its text and the tool calls it asked
// for. An older item carries its reasoning on itself (reasoning: {text,
// encrypted}); format 0, as reasoning_content.
func (d *Decoder) assistant(num int, r *record) (session.Outcome, string, error) {
	reply, err := text(r.Content)
	if err != nil {
		return 0, "", fmt.Errorf("`assistant` record: %w", err)
	}
	if m := modelID(r.ModelID); m != "" && !d.sub {
		d.s.Model = m
	}
	made := false
	if rs := d.olderReasoning(num, r); rs != nil {
		d.s.Add(rs)
		made = true
	}
	if strings.TrimSpace(reply) != "" {
		d.s.Add(&session.AssistantText{EntryBase: base(num), Text: reply})
		made = true
	}
	var problems []string
	for i, raw := range r.ToolCalls {
		if err := d.call(num, raw, r.Role != ""); err != nil {
			problems = append(problems, fmt.Sprintf("tool call %d: %s", i+1, err))
			continue
		}
		made = true
	}
	if len(problems) > 0 {
		return 0, "", fmt.Errorf("`assistant` record: %s", strings.Join(problems, "; "))
	}
	if !made {
		return session.AsBookkeeping, "empty assistant message", nil
	}
	return session.AsEntry, "", nil
}

// modelID reads a model id, "" when there is none.
func modelID(raw jsontext.Value) string {
	var s string
	if raw.Kind() == '"' {
		jsonline.Unmarshal(raw, &s)
	}
	return s
}

// toolCall is a call the model asked for: format 1's {id, name,
// arguments}, format 0's {id, type, function: {name, arguments}}.
type toolCall struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	Function  *struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// call adds a tool call's card, waiting for its result.
func (d *Decoder) call(num int, raw jsontext.Value, older bool) error {
	var tc toolCall
	if err := jsonline.Unmarshal(raw, &tc); err != nil {
		return fmt.Errorf("it does not fit its shape: %s", jsonline.Short(err))
	}
	if older && tc.Function != nil {
		tc.Name, tc.Arguments = tc.Function.Name, tc.Function.Arguments
	}
	if tc.Name == "" {
		return fmt.Errorf("it names no tool")
	}
	args := tc.Arguments
	if strings.TrimSpace(args) == "" {
		args = "{}"
	}
	a, _ := present.ParseArgs(args)
	if tc.Name == "todo_write" {
		d.s.Add(d.plan.update(num, a))
		if tc.ID != "" {
			d.calls[tc.ID] = &call{plan: true}
		}
		return nil
	}
	c := &session.ToolCall{EntryBase: base(num), CallID: tc.ID, Name: tc.Name, Arguments: args}
	c.Call = d.callView(tc.Name, a)
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.files.Number(v.Diffs)
	}
	d.s.Add(c)
	if tc.ID != "" {
		d.calls[tc.ID] = &call{c: c, args: a}
	}
	return nil
}

// reasoning is a reasoning item: its full text when the log holds it, else
// its summary. What Grok Build keeps encrypted (for the model only) is
// never shown: the card says it is there.
func (d *Decoder) reasoning(num int, r *record) (session.Outcome, string, error) {
	var content []textPart
	if r.Content.Kind() == '[' {
		if err := jsonline.Unmarshal(r.Content, &content); err != nil {
			return 0, "", fmt.Errorf("`reasoning` record: its content does not fit its shape: %s", jsonline.Short(err))
		}
	}
	said := joined(content)
	if said == "" {
		said = joined(r.Summary)
	}
	rs := reasoningEntry(num, said, r.EncryptedContent != nil && *r.EncryptedContent != "")
	if rs == nil {
		return session.AsBookkeeping, "empty reasoning", nil
	}
	d.s.Add(rs)
	return session.AsEntry, "", nil
}

// olderReasoning is the reasoning an older assistant item holds on
// itself, nil when it holds none.
func (d *Decoder) olderReasoning(num int, r *record) *session.Reasoning {
	if r.ReasoningContent != nil {
		return reasoningEntry(num, *r.ReasoningContent, false)
	}
	var old struct {
		Text      string `json:"text"`
		Encrypted string `json:"encrypted"`
	}
	if r.Reasoning.Kind() != '{' || jsonline.Unmarshal(r.Reasoning, &old) != nil {
		return nil
	}
	return reasoningEntry(num, old.Text, old.Encrypted != "")
}

// encryptedNote says what of the reasoning is not shown.
const (
	encryptedAll  = "(encrypted: Grok Build keeps this reasoning only in a form for the model, which deck does not show)"
	encryptedRest = "(this is its summary: the full reasoning is encrypted, kept only for the model, and not shown)"
)

// reasoningEntry is reasoning's card: its text, and a word for what is
// encrypted; nil for none at all.
func reasoningEntry(num int, text string, encrypted bool) *session.Reasoning {
	text = strings.TrimSpace(text)
	switch {
	case text != "" && encrypted:
		text += "\n\n" + encryptedRest
	case encrypted:
		text = encryptedAll
	case text == "":
		return nil
	}
	return &session.Reasoning{EntryBase: base(num), Text: text}
}

// joined is the text of parts, a paragraph each.
func joined(ps []textPart) string {
	var out []string
	for _, p := range ps {
		if t := strings.TrimSpace(p.Text); t != "" {
			out = append(out, t)
		}
	}
	return strings.Join(out, "\n\n")
}
