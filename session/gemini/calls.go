package gemini

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Gemini CLI writes a call once it completed (geminiChat.ts,
// recordCompletedToolCalls): its arguments, its result as the model got it
// (functionResponse parts), its status (success, error, cancelled), what
// the CLI showed (resultDisplay), and the subagent it ran (agentId).

// callState is what deck made of a call, so a call written again as it
// was is not read again: reading one changes what the session knows of
// files.
type callState struct {
	status string
}

// call makes a call's entry: a card, or a plan for write_todos. A call
// its message held before, with the same outcome, stays as it was shown.
func (d *Decoder) call(num int, m *message, raw jsontext.Value, i int, old *shown) (item, bool) {
	var tc toolCall
	if err := jsonline.Unmarshal(raw, &tc); err != nil {
		d.problem(num, "a tool call does not fit its shape: "+jsonline.Short(err))
		return item{}, false
	}
	key := callItemKey(tc.ID, i)
	if tc.Name == "write_todos" {
		key = "plan" + strings.TrimPrefix(key, "call")
	}
	if e := oldItem(old, key); e != nil && tc.ID != "" && d.calls[tc.ID] != nil && d.calls[tc.ID].status == tc.Status {
		return item{key, e}, true
	}
	if tc.ID != "" {
		d.calls[tc.ID] = &callState{status: tc.Status}
	}
	at := tc.Timestamp
	if at == "" {
		at = m.Timestamp
	}
	args := string(tc.Args)
	if len(tc.Args) == 0 || tc.Args.Kind() == 'n' {
		args = "{}"
	}
	a, _ := present.ParseArgs(args)
	r := result(&tc)
	if tc.Name == "write_todos" {
		return item{key, d.plan(num, at, a, r)}, true
	}
	c := &session.ToolCall{EntryBase: base(num, at), CallID: tc.ID, Name: tc.Name, Arguments: args}
	c.Call = d.callView(tc.Name, tc.DisplayName, a)
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.files.Number(v.Diffs)
	}
	if r != nil {
		c.Result = r
		c.EndTime = millis(tc.Timestamp)
		d.present(c, a, &tc)
	}
	if tc.AgentID != "" && r != nil {
		d.subagent(c, tc.AgentID)
	}
	return item{key, c}, true
}

// result is a call's outcome: the text of its functionResponse parts
// (its output, or its error), failed for status error, stopped for
// cancelled; nil while it has none (a status of a call not yet done).
func result(tc *toolCall) *session.ToolResult {
	r := &session.ToolResult{}
	switch tc.Status {
	case "success":
	case "error":
		r.IsError = true
	case "cancelled":
		r.Cancelled = true
	default:
		return nil
	}
	ps, err := parts(tc.Result)
	if err != nil {
		r.Content = []session.ContentBlock{{Type: "text", Text: string(tc.Result)}}
		return r
	}
	for _, p := range ps {
		if fr := p.FunctionResponse; fr != nil {
			r.Content = append(r.Content, responseText(fr.Response)...)
			r.Content = append(r.Content, blocks(fr.Parts)...)
			continue
		}
		r.Content = append(r.Content, blocks([]part{p})...)
	}
	return r
}

// responseText is a function response as text: its output, its error, or
// (an MCP tool's own object) the object as JSON.
func responseText(raw jsontext.Value) []session.ContentBlock {
	if len(raw) == 0 || raw.Kind() == 'n' {
		return nil
	}
	var r struct {
		Output  *string `json:"output"`
		Error   *string `json:"error"`
		Content []struct {
			Type string  `json:"type"`
			Text *string `json:"text"`
		} `json:"content"`
	}
	if raw.Kind() == '{' && jsonline.Unmarshal(raw, &r) == nil {
		var texts []string // an MCP tool's result: its text blocks
		for _, c := range r.Content {
			if c.Type == "text" && c.Text != nil {
				texts = append(texts, *c.Text)
			}
		}
		switch {
		case r.Output == nil && r.Error == nil && len(texts) > 0 && len(texts) == len(r.Content):
			return []session.ContentBlock{{Type: "text", Text: strings.Join(texts, "\n")}}
		case r.Output != nil && r.Error != nil:
			return []session.ContentBlock{{Type: "text", Text: *r.Output + "\n" + *r.Error}}
		case r.Output != nil:
			return []session.ContentBlock{{Type: "text", Text: *r.Output}}
		case r.Error != nil:
			return []session.ContentBlock{{Type: "text", Text: *r.Error}}
		}
	}
	v := jsonline.Loose(raw)
	if s, ok := v.(string); ok {
		return []session.ContentBlock{{Type: "text", Text: s}}
	}
	b, err := jsonline.Marshal(v)
	if err != nil {
		b = raw
	}
	return []session.ContentBlock{{Type: "text", Text: string(b)}}
}
