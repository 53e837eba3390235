package copilot

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// A call is asked for in an assistant.message's toolRequests, runs from
// tool.execution_start and ends with tool.execution_complete; older logs
// (and calls the person asked for) may have no request, so a start or a
// result alone makes the call too.

// request makes the card of a call a message asked for (a plan, for
// update_todo); false when it does not fit its shape.
func (d *Decoder) request(num int, at string, raw jsontext.Value) bool {
	var r toolRequest
	if err := jsonline.Unmarshal(raw, &r); err != nil {
		d.problem(num, "a tool request does not fit its shape: "+jsonline.Short(err))
		return false
	}
	args := arguments(r.Arguments)
	if r.Name == "update_todo" {
		p := d.plan(num, at, args)
		if r.ToolCallID != "" {
			d.plans[r.ToolCallID] = p
		}
		d.s.Add(p)
		return true
	}
	c := &session.ToolCall{EntryBase: base(num, at), CallID: r.ToolCallID, Name: r.Name, Arguments: args}
	d.view(c, mcpOf(r.MCPServerName, r.MCPToolName))
	d.s.Add(c)
	return true
}

// mcpName is the MCP server and tool a call went to, when it did.
type mcpName struct{ server, tool string }

func mcpOf(server, tool string) mcpName { return mcpName{server, tool} }

// arguments are a call's arguments as JSON text: an object as it is, the
// text of a string (a custom tool's, or JSON the model wrote as a string)
// as it reads; "{}" for none.
func arguments(raw jsontext.Value) string {
	switch {
	case len(raw) == 0 || raw.Kind() == 'n':
		return "{}"
	case raw.Kind() == '"':
		var s string
		if jsonline.Unmarshal(raw, &s) == nil {
			return s
		}
	}
	return string(raw)
}

// view sets a call's pending card from its name and arguments.
func (d *Decoder) view(c *session.ToolCall, mcp mcpName) {
	a, ok := present.ParseArgs(c.Arguments)
	if !ok {
		a = nil
	}
	c.Call = d.callView(c.Name, a, c.Arguments, mcp)
	if v, ok := c.Call.(session.DiffCallView); ok {
		c.DiffStarts = d.files.Number(v.Diffs)
	}
}

// started reads tool.execution_start: the call begins to run. A call no
// message asked for is made here.
func (d *Decoder) started(num int, env *envelope) (outcome, error) {
	var data startToolData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if _, ok := d.plans[data.ToolCallID]; ok {
		return asMerge, nil
	}
	at := millis(env.Timestamp)
	if c := d.s.Call(data.ToolCallID); c != nil && data.ToolCallID != "" {
		c.StartTime = at
		if c.Arguments == "{}" && len(data.Arguments) > 0 && data.Arguments.Kind() != 'n' {
			c.Arguments = arguments(data.Arguments)
			d.view(c, mcpOf(data.MCPServerName, data.MCPToolName))
		}
		d.s.Touch(c)
		return asMerge, nil
	}
	if data.ToolName == "update_todo" {
		p := d.plan(num, env.Timestamp, arguments(data.Arguments))
		d.plans[data.ToolCallID] = p
		d.s.Add(p)
		return asEntry, nil
	}
	c := &session.ToolCall{EntryBase: base(num, env.Timestamp), CallID: data.ToolCallID, Name: data.ToolName,
		Arguments: arguments(data.Arguments), StartTime: at}
	d.view(c, mcpOf(data.MCPServerName, data.MCPToolName))
	d.s.Add(c)
	return asEntry, nil
}

// completed reads tool.execution_complete: the call's result, its card
// made from what the tool said. A result whose call the log never showed
// is a card of its own, marked so.
func (d *Decoder) completed(num int, env *envelope) (outcome, error) {
	var data completeData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	if _, ok := d.plans[data.ToolCallID]; ok {
		if !data.Success {
			d.s.Add(&session.Event{EntryBase: base(num, env.Timestamp), Kind: "plan", Failed: true,
				Summary: "the todo list was not updated: " + firstLine(failureText(&data))})
			return asEntry, nil
		}
		return asMerge, nil
	}
	out := asMerge
	c := d.s.Call(data.ToolCallID)
	if c == nil || data.ToolCallID == "" || c.Result != nil {
		c = &session.ToolCall{EntryBase: base(num, env.Timestamp), CallID: data.ToolCallID, Arguments: "{}", Orphan: true}
		d.s.Add(c)
		out = asEntry
	}
	c.EndTime = millis(env.Timestamp)
	c.Result = &session.ToolResult{Content: textBlocks(resultText(&data)), IsError: !data.Success}
	if data.Error != nil && data.Error.Code == "rejected" || data.Error != nil && data.Error.Code == "denied" {
		c.Result.Cancelled = true
	}
	d.present(c, &data)
	if out.how == session.AsMerge {
		d.s.Touch(c)
	}
	return out, nil
}

// resultText is what the model was told: the result's content, else the
// error's message.
func resultText(data *completeData) string {
	if data.Result != nil && data.Result.Content != "" {
		return data.Result.Content
	}
	return failureText(data)
}

func failureText(data *completeData) string {
	if data.Error != nil && data.Error.Message != "" {
		return data.Error.Message
	}
	if data.Result != nil {
		return data.Result.Content
	}
	return ""
}

func textBlocks(s string) []session.ContentBlock {
	if s == "" {
		return nil
	}
	return []session.ContentBlock{{Type: "text", Text: s}}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}
