package acp

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// call is what the log has said of one tool call so far. Its entry's
// views are made again from it after every change, so an update needs to
// carry only what changed.
type call struct {
	key       callKey
	entry     *session.ToolCall
	title     string
	kind      string
	status    string
	content   []toolContent // replaced whole by an update that carries content
	locations []session.FileLocation
	rawInput  any            // numbers as jsonline.Number
	input     map[string]any // rawInput, when an object
	inputJSON string         // rawInput as it came, compact
	output    any            // rawOutput

	// the adapters' _meta extensions
	toolName  string          // claudeCode.toolName: Claude Code's own name of the tool
	response  any             // claudeCode.toolResponse: Claude Code's own result
	responded bool            // a toolResponse came after the last status
	cwd       string          // terminal_info.cwd
	streamed  strings.Builder // terminal_output(_delta).data, appended
	exit      *int            // terminal_exit
	signal    string

	terminals []string // the terminals its content names
	applied   bool     // its diff is applied to what the session knows of files
	starts    []int    // the diff's start lines, as numbered when it applied

	// the edit's diffs, made once after each change to content or input
	diffsMade  bool
	diffList   []session.FileDiff
	diffStarts []int
}

// toolContent is one item of a call's content: a block, a diff, or a
// terminal.
type toolContent struct {
	block    *session.ContentBlock
	diff     *session.FileDiff
	terminal string
}

// toolFields is what a tool_call, a tool_call_update or a permission
// request's toolCall says of a call: nil (or an absent field) where it says
// nothing. Content and the raw values stay raw: read per item, an item deck
// does not know costs only itself.
type toolFields struct {
	ToolCallId acp.ToolCallId      `json:"toolCallId"`
	Title      *string             `json:"title"`
	Kind       *acp.ToolKind       `json:"kind"`
	Status     *acp.ToolCallStatus `json:"status"`
	Content    jsontext.Value      `json:"content"`
	Locations  jsontext.Value      `json:"locations"`
	RawInput   jsontext.Value      `json:"rawInput"`
	RawOutput  jsontext.Value      `json:"rawOutput"`
	Meta       jsontext.Value      `json:"_meta"`
}

// finished reports a call that is done: its status says so, or Claude
// Code's own result came after the last status.
func (c *call) finished() bool {
	return c.status == "completed" || c.status == "failed" || c.responded
}

// toolCall applies a tool_call (the call announced; adapters send it twice,
// a placeholder then the whole call, so it is an upsert) or a
// tool_call_update (only the fields it carries; an unknown id makes the call).
func (d *Decoder) toolCall(ss *sessionState, kind string, raw jsontext.Value) error {
	var f toolFields
	if err := shape(kind, raw, &f); err != nil {
		return err
	}
	if f.ToolCallId == "" {
		return fmt.Errorf("`%s` names no toolCallId", kind)
	}
	_, err := d.upsert(ss, &f, kind == "tool_call")
	return err
}

// upsert applies what a message says of a call, making the call if it is
// new, and presents it again.
func (d *Decoder) upsert(ss *sessionState, f *toolFields, announce bool) (*call, error) {
	key := callKey{ss.id, string(f.ToolCallId)}
	c := d.calls[key]
	isNew := c == nil
	if isNew {
		c = &call{key: key, status: "pending", entry: &session.ToolCall{EntryBase: d.base(), CallID: key.id}}
		d.calls[key] = c
		ss.calls = append(ss.calls, c)
	}
	bad := c.merge(f, announce)
	for _, id := range c.terminals {
		t := d.terminal(callKey{ss.id, id})
		t.call = c
	}
	switch {
	case c.toolName != "" || strings.HasPrefix(key.id, "toolu_"):
		d.guessAgent("claude-code-acp")
	case c.input["call_id"] != nil:
		d.guessAgent("codex-acp")
	}
	d.present(c)
	if isNew {
		d.add(ss, c.entry)
	} else {
		d.touch(c.entry)
	}
	for i := range bad {
		bad[i] = "tool call " + key.id + ": " + bad[i]
	}
	return c, join(bad)
}

// merge takes the fields a message carries. An announcement does not blank
// the title or the input a placeholder or an earlier message gave.
func (c *call) merge(f *toolFields, announce bool) (bad []string) {
	if f.Title != nil && (*f.Title != "" || !announce) {
		c.title = *f.Title
	}
	if f.Kind != nil {
		c.kind = string(*f.Kind)
	}
	if f.Status != nil {
		c.status, c.responded = string(*f.Status), false
	}
	if f.Content != nil || f.RawInput != nil {
		c.diffsMade = false
	}
	if f.Content != nil {
		c.content, bad = toolContents(f.Content)
		c.terminals = nil
		for _, x := range c.content {
			if x.terminal != "" {
				c.terminals = append(c.terminals, x.terminal)
			}
		}
	}
	if f.Locations != nil {
		c.locations = locations(f.Locations)
	}
	if in := jsonline.Loose(f.RawInput); f.RawInput != nil && !(announce && empty(in) && c.inputJSON != "") {
		c.rawInput, c.inputJSON = in, compactJSON(f.RawInput)
		c.input, _ = in.(map[string]any)
	}
	if f.RawOutput != nil {
		c.output = jsonline.Loose(f.RawOutput)
	}
	if f.Meta != nil {
		c.meta(jsonline.Loose(f.Meta))
	}
	return bad
}

// meta reads the adapters' extensions: terminal output streamed as deltas,
// the terminal's cwd and exit, Claude Code's tool name and own result. Keys of
// the wrong type are ignored.
func (c *call) meta(v any) {
	m, _ := v.(map[string]any)
	if info, ok := m["terminal_info"].(map[string]any); ok {
		if cwd, ok := info["cwd"].(string); ok {
			c.cwd = cwd
		}
	}
	for _, k := range []string{"terminal_output", "terminal_output_delta"} {
		if out, ok := m[k].(map[string]any); ok {
			if data, ok := out["data"].(string); ok {
				c.streamed.WriteString(data)
			}
		}
	}
	if e, ok := m["terminal_exit"].(map[string]any); ok {
		c.exit = present.ExitOf(e["exit_code"])
		c.signal, _ = e["signal"].(string)
	}
	if cc, ok := m["claudeCode"].(map[string]any); ok {
		if name, ok := cc["toolName"].(string); ok {
			c.toolName = name
		}
		if r := cc["toolResponse"]; r != nil {
			c.response, c.responded = r, true
		}
	}
}

// touches reports whether the call names a file: in its locations, its
// diffs or its input.
func (c *call) touches(p string) bool {
	if p == "" {
		return false
	}
	p = path.Clean(p)
	same := func(q string) bool { return q != "" && path.Clean(q) == p }
	for _, l := range c.locations {
		if same(l.Path) {
			return true
		}
	}
	for _, x := range c.content {
		if x.diff != nil && same(x.diff.Path) {
			return true
		}
	}
	for _, k := range []string{"file_path", "path", "abs_path"} {
		if same(str(c.input, k)) {
			return true
		}
	}
	changes, _ := c.input["changes"].(map[string]any)
	for q := range changes {
		if same(q) {
			return true
		}
	}
	return false
}

// callFor is the latest call of the session still running that names a
// file: the one a client file operation belongs to.
func (ss *sessionState) callFor(p string) *call {
	for i := len(ss.calls) - 1; i >= 0; i-- {
		if c := ss.calls[i]; !c.finished() && c.touches(p) {
			return c
		}
	}
	return nil
}

// toolContents reads a call's content item by item, each by its `type`
// read first: the SDK's union would file an unknown item as empty content.
func toolContents(raw jsontext.Value) ([]toolContent, []string) {
	var items []jsontext.Value
	if err := jsonline.Unmarshal(raw, &items); err != nil {
		return nil, []string{"its content is not a list"}
	}
	var out []toolContent
	var bad []string
	for _, it := range items {
		var head struct {
			Type    string         `json:"type"`
			Content jsontext.Value `json:"content"`
		}
		if jsonline.Unmarshal(it, &head) != nil {
			bad = append(bad, "a content item that is not an object")
			continue
		}
		switch head.Type {
		case "content":
			b, err := block(head.Content)
			if err != nil {
				bad = append(bad, "its content holds "+err.Error())
				continue
			}
			out = append(out, toolContent{block: &b})
		case "diff":
			var x acp.ToolCallContentDiff
			if err := jsonline.Unmarshal(it, &x); err != nil {
				bad = append(bad, "a diff that does not fit its shape: "+jsonline.Short(err))
				continue
			}
			out = append(out, toolContent{diff: &session.FileDiff{Path: x.Path, OldText: x.OldText, NewText: x.NewText}})
		case "terminal":
			var x acp.ToolCallContentTerminal
			if err := jsonline.Unmarshal(it, &x); err != nil || x.TerminalId == "" {
				bad = append(bad, "a terminal that names no terminalId")
				continue
			}
			out = append(out, toolContent{terminal: x.TerminalId})
		default:
			bad = append(bad, fmt.Sprintf("unknown tool call content `%s`", head.Type))
		}
	}
	return out, bad
}

// locations reads a call's locations; one that does not fit is skipped.
func locations(raw jsontext.Value) []session.FileLocation {
	var items []jsontext.Value
	if jsonline.Unmarshal(raw, &items) != nil {
		return nil
	}
	var out []session.FileLocation
	for _, it := range items {
		var l acp.ToolCallLocation
		if jsonline.Unmarshal(it, &l) != nil || l.Path == "" {
			continue
		}
		loc := session.FileLocation{Path: path.Clean(l.Path)}
		if l.Line != nil && *l.Line > 0 {
			loc.Line = *l.Line
		}
		out = append(out, loc)
	}
	return out
}

// empty reports a JSON value that says nothing: null, {} or [].
func empty(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case map[string]any:
		return len(x) == 0
	case []any:
		return len(x) == 0
	}
	return false
}

// compactJSON is raw JSON on one line; "" for null.
func compactJSON(raw jsontext.Value) string {
	v := slices.Clone(raw)
	if v.Compact() != nil || string(v) == "null" {
		return ""
	}
	return string(v)
}

// str is a string field of an object, "" when absent or not a string.
func str(m map[string]any, key string) string {
	s, _ := m[key].(string)
	return s
}
