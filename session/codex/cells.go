package codex

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// An exec cell (code mode) is shown as the calls its script makes: a
// terminal card per tools.exec_command, a diff card per file of each
// tools.apply_patch, after a card of the script itself, which shows its
// first lines and all of it when expanded. A command's output and exit code
// come from the item_completed record Codex writes for it, else, when it is
// the script's only command, from the script's result.

// nestedCall is one tool call of a script, and its cards.
type nestedCall struct {
	tool  string
	run   run                 // exec_command: what it is
	ops   []fileOp            // apply_patch: each card's file
	cards []*session.ToolCall // one for a command, one a file for a patch
}

// execCell makes the cards of an exec call.
func (d *Decoder) execCell(c *call, id, script string) {
	c.kind = cellCall
	calls, readable := readScript(script)
	if !readable {
		v := session.GenericCallView{Title: "exec", Kind: "exec", Content: []session.ContentBlock{{Type: "text", Text: fenced("js", script)}}}
		c.cards = []*session.ToolCall{d.newCard(id, c.name, script, v)}
		return
	}
	v := session.GenericCallView{Title: c.name, Kind: "exec", RawInput: script}
	c.cards = []*session.ToolCall{d.newCard(id, c.name, script, v)}
	for i, sc := range calls {
		nid := fmt.Sprintf("%s/%d", id, i+1)
		n := &nestedCall{tool: sc.tool}
		switch sc.tool {
		case "exec_command":
			cmd, _ := sc.args["cmd"].(string)
			workdir, _ := sc.args["workdir"].(string)
			n.run = run{script: cmd, workdir: workdir}
			n.run.classify()
			raw, _ := jsonline.Marshal(sc.args) // members in name order: a map has none of its own
			n.cards = []*session.ToolCall{d.newCard(nid, sc.tool, string(raw), session.TerminalCallView{Title: cmd, Cwd: workdir})}
		case "apply_patch":
			p := &call{name: sc.tool}
			d.patchCards(p, nid, sc.text, sc.text, "")
			n.cards, n.ops = p.cards, p.ops
		}
		c.cells = append(c.cells, n)
	}
}

// fenced is text as a fenced code block in lang, its fence longer than any
// run of backquotes inside it.
func fenced(lang, text string) string {
	fence := "```"
	for strings.Contains(text, fence) {
		fence += "`"
	}
	return fence + lang + "\n" + strings.TrimRight(text, "\n") + "\n" + fence
}

// finishCell gives the script card the cell's result, and its calls that
// have none yet the results it tells.
func (d *Decoder) finishCell(c *call, o output) {
	r := parseScriptResult(o.body)
	script := c.cards[0]
	failed := o.failed || r.status == "failed" || r.status == "terminated"
	script.Result = &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: r.output}}, IsError: failed}
	script.EndTime = d.now
	if r.timed && script.StartTime > 0 {
		script.EndTime = output{seconds: r.seconds, timed: true}.end(script.StartTime, d.now)
	}
	status := "Script " + r.status
	if r.status == "" {
		status = "Script ended"
	}
	if len(c.cells) == 0 { // a script deck cannot read: the script and what it printed
		g, _ := script.Call.(session.GenericCallView)
		content := append([]session.ContentBlock(nil), g.Content...)
		content = append(content, session.ContentBlock{Type: "text", Text: status + ", its output:\n\n" + fenced("", r.output)})
		script.View = session.GenericResultView{Content: content}
		d.s.Touch(script)
		return
	}
	script.View = session.GenericResultView{Content: []session.ContentBlock{{Type: "text", Text: status + "; its tool calls follow."}}}
	d.s.Touch(script)
	if r.status == "running" { // it yielded: a wait call brings the rest
		d.openCells[r.cell] = c
		d.pending[script.CallID+" (cell)"] = c
		return
	}
	d.closeCell(c, r, failed)
}

// closeCell gives a finished script's calls that have no result yet the
// results its result tells.
func (d *Decoder) closeCell(c *call, r scriptResult, failed bool) {
	d.cellOrder = dropCall(d.cellOrder, c)
	delete(d.pending, c.cards[0].CallID+" (cell)")
	commands := 0
	for _, n := range c.cells {
		if n.tool == "exec_command" {
			commands++
		}
	}
	for _, n := range c.cells {
		switch {
		case n.cards[0].Result != nil:
		case n.tool == "apply_patch":
			po := output{failed: failed}
			if failed { // the error says what went wrong
				po.body = r.output
			}
			d.finishPatch(&call{cards: n.cards, ops: n.ops}, po)
		case n.tool == "exec_command" && commands == 1:
			d.finishCommand(&call{cards: n.cards, run: n.run}, commandOutput(r.output))
		default: // its result is somewhere in the script's, not its own
			n.cards[0].Unfinished = true
			d.s.Touch(n.cards[0])
		}
	}
}

// waitOutput: a wait call's output is the rest of the cell it waited on;
// once the cell is done, its calls get their results.
func (d *Decoder) waitOutput(c *call, o output) {
	cell := d.openCells[c.session]
	r := parseScriptResult(o.body)
	if cell == nil || r.status == "running" || r.status == "" {
		return
	}
	delete(d.openCells, c.session)
	d.closeCell(cell, r, o.failed || r.status == "failed" || r.status == "terminated")
}

// commandOutput reads what a script printed of its one command: the
// command's result as exec_command words it, its JSON, or plain text.
func commandOutput(text string) output {
	o := parseText(text)
	if o.exit != nil || !strings.HasPrefix(strings.TrimSpace(text), "{") {
		return o
	}
	var v struct {
		Output   *string         `json:"output"`
		ExitCode jsonline.Number `json:"exit_code"`
		Wall     jsonline.Number `json:"wall_time_seconds"`
	}
	if jsonline.Unmarshal([]byte(strings.TrimSpace(text)), &v) != nil || v.Output == nil {
		return o
	}
	o = output{body: *v.Output}
	if n, ok := jsonline.Int(v.ExitCode); ok && n >= -1<<31 && n < 1<<31 {
		code := int(n)
		o.exit = &code
	}
	return o
}

// turnItem is an item_completed event's item: the fields of the kinds deck
// reads.
type turnItem struct {
	Type       jsontext.Value  `json:"type"`
	Command    jsontext.Value  `json:"command"`
	Cwd        jsontext.Value  `json:"cwd"`
	Status     jsontext.Value  `json:"status"`
	Output     jsontext.Value  `json:"aggregated_output"`
	ExitCode   jsonline.Number `json:"exit_code"`
	DurationMs jsonline.Number `json:"duration_ms"`
	Text       jsontext.Value  `json:"text"`
	Content    jsontext.Value  `json:"content"`
}

// itemCompleted: a turn item done. A command or a file change a script ran
// is that call's result; a plan (which no response item carries) is a line
// with its text; the other kinds copy what the response items show.
func (d *Decoder) itemCompleted(raw jsontext.Value) (session.Outcome, error) {
	var e struct {
		Item *turnItem `json:"item"`
	}
	if err := decodeItem("item_completed", raw, &e); err != nil {
		return 0, err
	}
	if e.Item == nil {
		return session.AsBookkeeping, nil
	}
	it := e.Item
	typ, _ := stringOf(it.Type)
	status, _ := stringOf(it.Status)
	status = strings.ToLower(status)
	switch typ {
	case "CommandExecution", "command_execution":
		cmd, _ := stringOf(it.Command)
		n := d.waitingCell("exec_command", cmd)
		if n == nil {
			return session.AsBookkeeping, nil
		}
		body, _ := stringOf(it.Output)
		o := output{body: body}
		if code, ok := jsonline.Int(it.ExitCode); ok && code >= -1<<31 && code < 1<<31 {
			c := int(code)
			o.exit = &c
		}
		if ms, ok := jsonline.Int(it.DurationMs); ok && ms >= 0 {
			o.seconds, o.timed = float64(ms)/1000, true
		}
		o.failed = status == "declined"
		d.finishCommand(&call{cards: n.cards, run: n.run}, o)
		return session.AsMerge, nil
	case "FileChange", "file_change":
		n := d.waitingCell("apply_patch", "")
		if n == nil {
			return session.AsBookkeeping, nil
		}
		d.finishPatch(&call{cards: n.cards, ops: n.ops}, output{failed: status == "failed" || status == "declined"})
		return session.AsMerge, nil
	case "UserMessage", "user_message": // the newest rollouts' prompt, in place of a user_message event
		content := blocks(it.Content)
		images := 0
		for _, b := range content {
			if b.Type == "image" || b.Type == "local_image" {
				images++
			}
		}
		return d.userEvent("item_completed UserMessage", session.TextOf(content), images), nil
	case "Plan", "plan":
		text, _ := stringOf(it.Text)
		if strings.TrimSpace(text) == "" {
			return session.AsBookkeeping, nil
		}
		first, rest, _ := strings.Cut(strings.TrimSpace(text), "\n")
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "plan", Summary: "plan: " + first, Body: strings.TrimSpace(rest)})
		return session.AsEntry, nil
	}
	return session.AsBookkeeping, nil
}

// waitingCell is the first call of a pending script that is of tool, has
// no result yet and (for a command) runs cmd.
func (d *Decoder) waitingCell(tool, cmd string) *nestedCall {
	for _, c := range d.cellOrder {
		for _, n := range c.cells {
			if n.tool == tool && n.cards[0].Result == nil && !n.cards[0].Unfinished && (tool != "exec_command" || strings.TrimSpace(n.run.script) == strings.TrimSpace(cmd)) {
				return n
			}
		}
	}
	return nil
}
