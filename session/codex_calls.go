package session

import (
	"fmt"
	"strings"

	json "github.com/go-json-experiment/json/v1"
)

// codexCallKind is how a call's output is read.
type codexCallKind int

const (
	codexGeneric  codexCallKind = iota
	codexShell                  // a command: terminal, read, search or list card
	codexPatch                  // apply_patch: a diff card per file
	codexPlanCall               // update_plan: a plan
	codexFeed                   // write_stdin into a running exec: that exec's card
	codexWeb                    // a web search still searching
)

// codexCall is a tool call and the cards it shows as.
type codexCall struct {
	kind    codexCallKind
	name    string
	cards   []*ToolCall   // one, or one per file of a patch; none for a plan or a feed
	ops     []codexFileOp // a patch: each card's file
	run     codexRun      // a command: what it is
	plan    *Plan
	exec    *ToolCall // a feed: the exec's card
	session string    // a feed: the exec session it writes to
	done    bool
}

// codexShellTools run commands.
var codexShellTools = map[string]bool{
	"shell": true, "container.exec": true, "local_shell": true, "shell_command": true, "exec_command": true,
}

func (d *codexDecoder) toolCall(typ string, raw json.RawMessage) (Outcome, error) {
	var c struct {
		Name      json.RawMessage `json:"name"`
		Namespace json.RawMessage `json:"namespace"`
		Arguments json.RawMessage `json:"arguments"`
		Input     json.RawMessage `json:"input"`
		CallID    json.RawMessage `json:"call_id"`
		ID        json.RawMessage `json:"id"`
		Action    json.RawMessage `json:"action"`
	}
	if err := decodeItem(typ, raw, &c); err != nil {
		return 0, err
	}
	id := codexID(c.CallID, c.ID)
	if prev := d.calls[id]; prev != nil && !prev.done {
		return AsMerge, nil // the same call again (a resumed session repeats it)
	}
	name, _ := codexString(c.Name)
	if ns, _ := codexString(c.Namespace); ns != "" {
		name = strings.TrimSuffix(ns, "__") + "__" + name
	}
	rawArgs := codexArgsText(c.Arguments)
	if typ == "custom_tool_call" {
		rawArgs, _ = codexString(c.Input)
	}
	a, parsed := ParseArgs(rawArgs)
	if typ == "local_shell_call" {
		name, rawArgs = "local_shell", string(c.Action)
		a, parsed = codexAction(c.Action), true
	}
	call := &codexCall{name: name}
	out := AsEntry
	switch {
	case name == "update_plan":
		d.planCall(call, a, parsed, rawArgs)
	case name == "apply_patch" || name == "applypatch":
		patch := rawArgs
		if s, ok := a["input"].(string); parsed && ok {
			patch = s
		}
		d.patchCards(call, id, rawArgs, patch, a.Str("workdir"))
	case codexShellTools[name]:
		d.commandCard(call, id, rawArgs, a, parsed)
	case name == "write_stdin":
		out = d.writeStdin(call, id, rawArgs, a, parsed)
	default:
		v := GenericCallView{Title: codexToolTitle(name)}
		if strings.HasPrefix(name, "mcp__") {
			v.Kind = "mcp"
		}
		switch {
		case parsed && len(a) > 0:
			v.RawInput = map[string]any(a)
		case !parsed && rawArgs != "":
			v.RawInput = rawArgs
		}
		call.cards = []*ToolCall{d.newCard(id, name, rawArgs, v)}
	}
	key := id
	if key == "" { // no id to pair an output with; still pending until its turn ends
		key = fmt.Sprintf("(line %d)", d.line)
	}
	d.calls[key] = call
	d.pending[key] = call
	return out, nil
}

// codexID is a call's id: call_id, else id.
func codexID(callID, id json.RawMessage) string {
	if s, _ := codexString(callID); s != "" {
		return s
	}
	s, _ := codexString(id)
	return s
}

// codexArgsText is a function call's arguments as text: a JSON string's
// content (JSON, or free text when the writer redacted it), else the raw
// JSON of whatever came.
func codexArgsText(raw json.RawMessage) string {
	if s, ok := codexString(raw); ok {
		return s
	}
	if len(raw) == 0 || string(raw) == "null" {
		return ""
	}
	return string(raw)
}

// codexToolTitle is a readable tool name: mcp__server__tool is "server ·
// tool".
func codexToolTitle(name string) string {
	if rest, ok := strings.CutPrefix(name, "mcp__"); ok {
		if server, tool, found := strings.Cut(rest, "__"); found && server != "" && tool != "" {
			return server + " · " + tool
		}
	}
	return name
}

// newCard adds a pending call's card.
func (d *codexDecoder) newCard(id, name, rawArgs string, view CallView) *ToolCall {
	t := &ToolCall{EntryBase: d.base(), CallID: id, Name: name, Arguments: rawArgs, Call: view, StartTime: d.now}
	d.s.Add(t)
	return t
}

// commandCard: a shell tool's call, or a patch when the command feeds one
// to apply_patch.
func (d *codexDecoder) commandCard(c *codexCall, id, rawArgs string, a Args, parsed bool) {
	c.kind = codexShell
	script, workdir, ok := "", "", false
	if parsed {
		script, workdir, ok = codexCommand(c.name, a)
	}
	if argv, isArgv := codexArgv(a["command"]); parsed && isArgv && len(argv) == 2 && (argv[0] == "apply_patch" || argv[0] == "applypatch") {
		d.patchCards(c, id, rawArgs, argv[1], workdir)
		return
	}
	if !ok { // arguments deck cannot read (redacted, say): the command as it came
		c.cards = []*ToolCall{d.newCard(id, c.name, rawArgs, TerminalCallView{Title: rawArgs})}
		return
	}
	if patch, dir, isPatch := codexPatchIn(script); isPatch {
		d.patchCards(c, id, rawArgs, patch, codexJoinPath(workdir, dir))
		return
	}
	c.run = codexRun{script: script, workdir: workdir}
	c.run.classify()
	c.cards = []*ToolCall{d.newCard(id, c.name, rawArgs, TerminalCallView{Title: script, Cwd: workdir})}
}

// patchCards: one diff card per file the patch changes; one card titled by
// the input when deck cannot read the patch.
func (d *codexDecoder) patchCards(c *codexCall, id, rawArgs, patch, dir string) {
	c.kind = codexPatch
	ops, ok := codexParsePatch(patch, dir)
	if !ok {
		first, _, _ := strings.Cut(strings.TrimSpace(patch), "\n")
		c.cards = []*ToolCall{d.newCard(id, c.name, rawArgs, DiffCallView{Title: "Patch " + first})}
		return
	}
	for i, f := range ops {
		cid := id
		if i > 0 {
			cid = fmt.Sprintf("%s#%d", id, i+1)
		}
		t := d.newCard(cid, c.name, rawArgs, DiffCallView{Title: f.title(), Diffs: f.diffs, Locations: []FileLocation{{Path: f.path}}})
		t.DiffStarts = d.files.Number(f.diffs)
		c.cards = append(c.cards, t)
	}
	c.ops = ops
}

// codexSessionID reads an exec session id, a number or a string.
func codexSessionID(v any) string {
	switch x := v.(type) {
	case json.Number:
		return string(x)
	case string:
		return x
	}
	return ""
}

// writeStdin writes to (or polls) an exec session. Into a session deck saw
// start, it feeds that command's card; else it is a card of its own.
func (d *codexDecoder) writeStdin(c *codexCall, id, rawArgs string, a Args, parsed bool) Outcome {
	sid := codexSessionID(a["session_id"])
	chars := a.Str("chars")
	if exec := d.running[sid]; parsed && exec != nil {
		c.kind, c.exec, c.session = codexFeed, exec, sid
		if chars != "" {
			exec.Call = codexDescribe(exec.Call, fmt.Sprintf("still running · session %s · sent %q", sid, chars))
			d.s.Touch(exec)
		}
		return AsMerge
	}
	c.kind = codexShell
	title := "write_stdin " + rawArgs
	if parsed && sid != "" {
		title = "write_stdin → session " + sid
		if chars != "" {
			title = fmt.Sprintf("write_stdin %q → session %s", chars, sid)
		}
	}
	c.cards = []*ToolCall{d.newCard(id, c.name, rawArgs, TerminalCallView{Title: title})}
	return AsEntry
}

// codexDescribe sets a terminal call's description.
func codexDescribe(v CallView, desc string) CallView {
	if t, ok := v.(TerminalCallView); ok {
		t.Description = desc
		return t
	}
	return v
}

// planCall: update_plan is the plan it sets, with its explanation.
func (d *codexDecoder) planCall(c *codexCall, a Args, parsed bool, rawArgs string) {
	c.kind = codexPlanCall
	p := &Plan{EntryBase: d.base()}
	if !parsed { // a plan deck cannot read: its text as the one item
		p.Items = []PlanItem{{Content: rawArgs}}
	}
	list, _ := a["plan"].([]any)
	for _, it := range list {
		m, _ := it.(map[string]any)
		step, _ := m["step"].(string)
		status, _ := m["status"].(string)
		p.Items = append(p.Items, PlanItem{Content: step, Status: status})
	}
	p.Explanation = strings.TrimSpace(a.Str("explanation"))
	c.plan = p
	d.s.Add(p)
}

func (d *codexDecoder) webSearch(raw json.RawMessage) (Outcome, error) {
	var w struct {
		ID     json.RawMessage `json:"id"`
		Status json.RawMessage `json:"status"`
		Action struct {
			Type    json.RawMessage `json:"type"`
			Query   json.RawMessage `json:"query"`
			Queries []any           `json:"queries"`
			URL     json.RawMessage `json:"url"`
			Pattern json.RawMessage `json:"pattern"`
		} `json:"action"`
	}
	if err := decodeItem("web_search_call", raw, &w); err != nil {
		return 0, err
	}
	id, _ := codexString(w.ID)
	status, _ := codexString(w.Status)
	act := w.Action
	typ, _ := codexString(act.Type)
	url, _ := codexString(act.URL)
	v := WebSearchResultView{Sources: []WebSource{}}
	switch typ {
	case "open_page":
		v.Title, v.Sources = "Open "+url, []WebSource{{URL: url}}
	case "find_in_page":
		pattern, _ := codexString(act.Pattern)
		v.Title, v.Sources = fmt.Sprintf("Find %q in %s", pattern, url), []WebSource{{URL: url}}
	default:
		v.Title, _ = codexString(act.Query)
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
	out := AsEntry
	t := &ToolCall{EntryBase: d.base(), CallID: id, Name: "web_search", StartTime: d.now}
	if prev := d.calls[id]; id != "" && prev != nil && prev.kind == codexWeb && !prev.done {
		t, out = prev.cards[0], AsMerge // the search it began, now done
	}
	t.Call = GenericCallView{Title: v.Title, Kind: "search"}
	searching := status == "in_progress" || status == "searching"
	if !searching {
		t.Result, t.View, t.EndTime = &ToolResult{IsError: status == "failed"}, v, d.now
	}
	if out == AsMerge {
		if !searching {
			d.calls[id].done = true
			delete(d.pending, id)
		}
		d.s.Touch(t)
		return out, nil
	}
	d.s.Add(t)
	if searching && id != "" {
		c := &codexCall{kind: codexWeb, name: "web_search", cards: []*ToolCall{t}}
		d.calls[id], d.pending[id] = c, c
	}
	return out, nil
}
