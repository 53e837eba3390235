package codex

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// callKind is how a call's output is read.
type callKind int

const (
	genericCall callKind = iota
	shellCall            // a command: terminal, read, search or list card
	patchCall            // apply_patch: a diff card per file
	planCall             // update_plan: a plan
	feedCall             // write_stdin into a running exec: that exec's card
	webCall              // a web search still searching
	cellCall             // exec: a JavaScript cell and the calls it makes
)

// call is a tool call and the cards it shows as.
type call struct {
	kind    callKind
	name    string
	cards   []*session.ToolCall // one, or one per file of a patch; none for a plan or a feed
	ops     []fileOp            // a patch: each card's file
	run     run                 // a command: what it is
	plan    *session.Plan
	exec    *session.ToolCall // a feed: the exec's card
	session string            // a feed: the exec session it writes to; a wait: the cell
	cells   []*nestedCall     // a cell: the calls its script makes
	done    bool
}

// shellTools run commands.
var shellTools = map[string]bool{
	"shell": true, "container.exec": true, "local_shell": true, "shell_command": true, "exec_command": true,
}

func (d *Decoder) toolCall(typ string, raw jsontext.Value) (session.Outcome, error) {
	var c struct {
		Name      jsontext.Value `json:"name"`
		Namespace jsontext.Value `json:"namespace"`
		Arguments jsontext.Value `json:"arguments"`
		Input     jsontext.Value `json:"input"`
		CallID    jsontext.Value `json:"call_id"`
		ID        jsontext.Value `json:"id"`
		Action    jsontext.Value `json:"action"`
	}
	if err := decodeItem(typ, raw, &c); err != nil {
		return 0, err
	}
	id := id(c.CallID, c.ID)
	if prev := d.calls[id]; prev != nil && !prev.done {
		return session.AsMerge, nil // the same call again (a resumed session repeats it)
	}
	name, _ := stringOf(c.Name)
	if ns, _ := stringOf(c.Namespace); ns != "" {
		name = strings.TrimSuffix(ns, "__") + "__" + name
	}
	rawArgs := argsText(c.Arguments)
	if typ == "custom_tool_call" {
		rawArgs, _ = stringOf(c.Input)
	}
	a, parsed := present.ParseArgs(rawArgs)
	if typ == "local_shell_call" {
		name, rawArgs = "local_shell", string(c.Action)
		a, parsed = action(c.Action), true
	}
	call := &call{name: name}
	out := session.AsEntry
	switch {
	case name == "update_plan":
		d.planCall(call, a, parsed, rawArgs)
	case name == "apply_patch" || name == "applypatch":
		patch := rawArgs
		if s, ok := a["input"].(string); parsed && ok {
			patch = s
		}
		d.patchCards(call, id, rawArgs, patch, a.Str("workdir"))
	case name == "exec" && typ == "custom_tool_call":
		d.execCell(call, id, rawArgs)
		d.cellOrder = append(d.cellOrder, call)
	case shellTools[name]:
		d.commandCard(call, id, rawArgs, a, parsed)
	case name == "write_stdin":
		out = d.writeStdin(call, id, rawArgs, a, parsed)
	default:
		v := session.GenericCallView{Title: toolTitle(name)}
		if strings.HasPrefix(name, "mcp__") {
			v.Kind = "mcp"
		}
		switch {
		case parsed && len(a) > 0:
			v.RawInput = map[string]any(a)
		case !parsed && rawArgs != "":
			v.RawInput = rawArgs
		}
		call.cards = []*session.ToolCall{d.newCard(id, name, rawArgs, v)}
		if name == "wait" && parsed { // code mode: the rest of a cell that yielded
			call.session = sessionID(a["cell_id"])
		}
	}
	key := id
	if key == "" { // no id to pair an output with; still pending until its turn ends
		key = fmt.Sprintf("(line %d)", d.line)
	}
	d.calls[key] = call
	d.pending[key] = call
	return out, nil
}

// id is a call's id: call_id, else id.
func id(callID, id jsontext.Value) string {
	if s, _ := stringOf(callID); s != "" {
		return s
	}
	s, _ := stringOf(id)
	return s
}

// argsText is a function call's arguments as text: a JSON string's
// content (JSON, or free text when the writer redacted it), else the raw
// JSON of whatever came.
func argsText(raw jsontext.Value) string {
	if s, ok := stringOf(raw); ok {
		return s
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw)
}

// toolTitle is a readable tool name: an MCP tool's is "server · tool".
func toolTitle(name string) string {
	title, _ := present.MCPTitle(name)
	return title
}

// newCard adds a pending call's card.
func (d *Decoder) newCard(id, name, rawArgs string, view session.CallView) *session.ToolCall {
	t := &session.ToolCall{EntryBase: d.base(), CallID: id, Name: name, Arguments: rawArgs, Call: view, StartTime: d.now}
	d.s.Add(t)
	return t
}

// commandCard: a shell tool's call, or a patch when the command feeds one
// to apply_patch.
func (d *Decoder) commandCard(c *call, id, rawArgs string, a present.Args, parsed bool) {
	c.kind = shellCall
	script, workdir, ok := "", "", false
	if parsed {
		script, workdir, ok = command(c.name, a)
	}
	if argv, isArgv := argv(a["command"]); parsed && isArgv && len(argv) == 2 && (argv[0] == "apply_patch" || argv[0] == "applypatch") {
		d.patchCards(c, id, rawArgs, argv[1], workdir)
		return
	}
	if !ok { // arguments deck cannot read (redacted, say): the command as it came
		c.cards = []*session.ToolCall{d.newCard(id, c.name, rawArgs, session.TerminalCallView{Title: rawArgs})}
		return
	}
	if patch, dir, isPatch := patchIn(script); isPatch {
		d.patchCards(c, id, rawArgs, patch, joinPath(workdir, dir))
		return
	}
	c.run = run{script: script, workdir: workdir}
	c.run.classify()
	c.cards = []*session.ToolCall{d.newCard(id, c.name, rawArgs, session.TerminalCallView{Title: script, Cwd: workdir})}
}

// patchCards: one diff card per file the patch changes; one card titled by
// the input when deck cannot read the patch.
func (d *Decoder) patchCards(c *call, id, rawArgs, patch, dir string) {
	c.kind = patchCall
	ops, ok := parsePatch(patch, dir)
	if !ok {
		first, _, _ := strings.Cut(strings.TrimSpace(patch), "\n")
		c.cards = []*session.ToolCall{d.newCard(id, c.name, rawArgs, session.DiffCallView{Title: "Patch " + first})}
		return
	}
	for i, f := range ops {
		cid := id
		if i > 0 {
			cid = fmt.Sprintf("%s#%d", id, i+1)
		}
		t := d.newCard(cid, c.name, rawArgs, session.DiffCallView{Title: f.title(), Diffs: f.diffs, Locations: f.locations()})
		t.DiffStarts = d.files.Number(f.diffs)
		c.cards = append(c.cards, t)
	}
	c.ops = ops
}

// sessionID reads an exec session id, a number or a string.
func sessionID(v any) string {
	switch x := v.(type) {
	case jsonline.Number:
		return string(x)
	case string:
		return x
	}
	return ""
}

// writeStdin writes to (or polls) an exec session. Into a session deck saw
// start, it feeds that command's card; else it is a card of its own.
func (d *Decoder) writeStdin(c *call, id, rawArgs string, a present.Args, parsed bool) session.Outcome {
	sid := sessionID(a["session_id"])
	chars := a.Str("chars")
	if exec := d.running[sid]; parsed && exec != nil {
		c.kind, c.exec, c.session = feedCall, exec, sid
		if chars != "" {
			exec.Call = describe(exec.Call, fmt.Sprintf("still running · session %s · sent %q", sid, chars))
			d.s.Touch(exec)
		}
		return session.AsMerge
	}
	c.kind = shellCall
	title := "write_stdin " + rawArgs
	if parsed && sid != "" {
		title = "write_stdin → session " + sid
		if chars != "" {
			title = fmt.Sprintf("write_stdin %q → session %s", chars, sid)
		}
	}
	c.cards = []*session.ToolCall{d.newCard(id, c.name, rawArgs, session.TerminalCallView{Title: title})}
	return session.AsEntry
}

// describe sets a terminal call's description.
func describe(v session.CallView, desc string) session.CallView {
	if t, ok := v.(session.TerminalCallView); ok {
		t.Description = desc
		return t
	}
	return v
}

// planCall: update_plan is the plan it sets, with its explanation.
func (d *Decoder) planCall(c *call, a present.Args, parsed bool, rawArgs string) {
	c.kind = planCall
	p := &session.Plan{EntryBase: d.base()}
	if !parsed { // a plan deck cannot read: its text as the one item
		p.Items = []session.PlanItem{{Content: rawArgs}}
	}
	list, _ := a["plan"].([]any)
	for _, it := range list {
		m, _ := it.(map[string]any)
		step, _ := m["step"].(string)
		status, _ := m["status"].(string)
		p.Items = append(p.Items, session.PlanItem{Content: step, Status: status})
	}
	p.Explanation = strings.TrimSpace(a.Str("explanation"))
	c.plan = p
	d.s.Add(p)
}

func (d *Decoder) webSearch(raw jsontext.Value) (session.Outcome, error) {
	var w struct {
		ID     jsontext.Value `json:"id"`
		Status jsontext.Value `json:"status"`
		Action struct {
			Type    jsontext.Value `json:"type"`
			Query   jsontext.Value `json:"query"`
			Queries []any          `json:"queries"`
			URL     jsontext.Value `json:"url"`
			Pattern jsontext.Value `json:"pattern"`
		} `json:"action"`
	}
	if err := decodeItem("web_search_call", raw, &w); err != nil {
		return 0, err
	}
	id, _ := stringOf(w.ID)
	status, _ := stringOf(w.Status)
	act := w.Action
	typ, _ := stringOf(act.Type)
	url, _ := stringOf(act.URL)
	v := session.WebSearchResultView{Sources: []session.WebSource{}}
	switch typ {
	case "open_page":
		v.Title, v.Sources = "Open "+url, []session.WebSource{{URL: url}}
	case "find_in_page":
		pattern, _ := stringOf(act.Pattern)
		v.Title, v.Sources = fmt.Sprintf("Find %q in %s", pattern, url), []session.WebSource{{URL: url}}
	default:
		v.Title, _ = stringOf(act.Query)
		if v.Title == "" {
			var qs []string
			for _, q := range act.Queries {
				if s, ok := q.(string); ok {
					qs = append(qs, s)
				}
			}
			v.Title = strings.Join(qs, " · ")
		}
	}
	if v.Title == "" {
		v.Title = "web search"
	}
	out := session.AsEntry
	t := &session.ToolCall{EntryBase: d.base(), CallID: id, Name: "web_search", StartTime: d.now}
	if prev := d.calls[id]; id != "" && prev != nil && prev.kind == webCall && !prev.done {
		t, out = prev.cards[0], session.AsMerge // the search it began, now done
	}
	t.Call = session.GenericCallView{Title: v.Title, Kind: "search"}
	searching := status == "in_progress" || status == "searching"
	if !searching {
		t.Result, t.View, t.EndTime = &session.ToolResult{IsError: status == "failed"}, v, d.now
	}
	if out == session.AsMerge {
		if !searching {
			d.calls[id].done = true
			delete(d.pending, id)
		}
		d.s.Touch(t)
		return out, nil
	}
	d.s.Add(t)
	if searching && id != "" {
		c := &call{kind: webCall, name: "web_search", cards: []*session.ToolCall{t}}
		d.calls[id], d.pending[id] = c, c
	}
	return out, nil
}
