package codex

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"
)

// toolOutput pairs an output with its call by call_id and finishes the
// call's cards.
func (d *Decoder) toolOutput(typ string, raw jsontext.Value) (session.Outcome, error) {
	var o struct {
		CallID jsontext.Value `json:"call_id"`
		ID     jsontext.Value `json:"id"`
		Output jsontext.Value `json:"output"`
	}
	if err := decodeItem(typ, raw, &o); err != nil {
		return 0, err
	}
	id := id(o.CallID, o.ID)
	out := parseOutput(o.Output)
	c := d.calls[id]
	if c == nil || c.done || c.kind == webCall {
		return d.strayOutput(id, c, out), nil
	}
	c.done = true
	delete(d.pending, id)
	switch c.kind {
	case planCall:
		return d.planOutput(out), nil
	case feedCall:
		d.feed(c, out)
	case patchCall:
		d.finishPatch(c, out)
	case shellCall:
		d.finishCommand(c, out)
	case cellCall:
		d.finishCell(c, out)
	default:
		t := c.cards[0]
		t.Result = out.result()
		t.Result.IsError = t.Result.IsError || out.exit != nil && *out.exit != 0
		t.EndTime = out.end(t.StartTime, d.now)
		t.View = session.GenericResultView{}
		d.s.Touch(t)
		if c.name == "wait" {
			d.waitOutput(c, out)
		}
	}
	d.settleApprovals(c)
	return session.AsMerge, nil
}

// finishCommand: the command's card, by what it did and printed. A process
// still running is a terminal card that later writes may feed.
func (d *Decoder) finishCommand(c *call, o output) {
	t := c.cards[0]
	t.Result = o.result()
	t.EndTime = o.end(t.StartTime, d.now)
	t.View = commandView(c.run, o)
	if o.running != "" {
		d.running[o.running] = t
		t.Call = describe(t.Call, "still running · session "+o.running)
	}
	if v, ok := t.View.(session.ReadResultView); ok {
		d.files.Read(v)
	}
	d.s.Touch(t)
}

// feed adds what a write_stdin read from a running exec to that exec's
// card, and how it ended once it did.
func (d *Decoder) feed(c *call, o output) {
	t := c.exec
	prev, _ := t.View.(session.TerminalResultView)
	v := session.TerminalResultView{Output: prev.Output + o.body, ExitCode: prev.ExitCode}
	if o.exit != nil {
		v.ExitCode = o.exit
	}
	t.View = v
	t.Result = &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: v.Output}}, IsError: o.failed}
	t.EndTime = max(t.EndTime, d.now)
	if o.running == "" {
		delete(d.running, c.session)
		t.Call = describe(t.Call, "session "+c.session)
	}
	d.s.Touch(t)
}

// finishPatch gives each file's card the patch's result; a patch that
// applied shows its diffs, numbered where earlier reads showed the file.
func (d *Decoder) finishPatch(c *call, o output) {
	res := o.result()
	res.IsError = o.failed || o.exit != nil && *o.exit != 0 || o.exit == nil && patchFailed(o.body)
	for i, t := range c.cards {
		t.Result, t.EndTime = res, o.end(t.StartTime, d.now)
		dv, _ := t.Call.(session.DiffCallView)
		if res.IsError { // the error says what went wrong
			t.View = session.GenericResultView{}
		} else {
			t.View = session.DiffResultView{Title: dv.Title, Diffs: dv.Diffs}
			t.DiffStarts = d.files.Number(dv.Diffs)
			d.files.Apply(dv.Diffs, t.DiffStarts)
			if i < len(c.ops) {
				d.moved(c.ops[i])
			}
		}
		d.s.Touch(t)
	}
}

// moved updates what is known of files a patch deleted or renamed.
func (d *Decoder) moved(f fileOp) {
	switch {
	case f.op == "delete":
		d.files.Forget(f.path)
	case f.moveTo != "":
		d.files.Rename(f.path, f.moveTo)
	}
}

// planOutput: "Plan updated" (or its redacted stand-in) merges into the
// plan; anything else is what went wrong.
func (d *Decoder) planOutput(o output) session.Outcome {
	text := strings.TrimSpace(o.body)
	if text == "Plan updated" || redaction.MatchString(text) {
		return session.AsMerge
	}
	first, rest, _ := strings.Cut(text, "\n")
	d.s.Add(&session.Event{EntryBase: d.base(), Kind: "update_plan", Summary: "update_plan: " + first, Body: strings.TrimSpace(rest), Failed: true})
	return session.AsEntry
}

// strayOutput is an output with no pending call: a card of its own, marked
// as the second result of its call or as an output whose call is not in
// the log.
func (d *Decoder) strayOutput(id string, prev *call, o output) session.Outcome {
	t := &session.ToolCall{EntryBase: d.base(), CallID: id, Orphan: true, Result: o.result(), View: session.GenericResultView{}, EndTime: d.now}
	if prev != nil {
		t.Name, t.Orphan, t.Duplicate = prev.name, false, true
		t.Call = session.GenericCallView{Title: toolTitle(prev.name)}
		if len(prev.cards) > 0 {
			t.Arguments, t.Call = prev.cards[0].Arguments, prev.cards[0].Call
		}
	}
	d.s.Add(t)
	return session.AsEntry
}

// dropCall removes a call from a list.
func dropCall(list []*call, c *call) []*call {
	for i, x := range list {
		if x == c {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
