package session

import (
	"strings"

	json "github.com/go-json-experiment/json/v1"
)

// toolOutput pairs an output with its call by call_id and finishes the
// call's cards.
func (d *codexDecoder) toolOutput(typ string, raw json.RawMessage) (Outcome, error) {
	var o struct {
		CallID json.RawMessage `json:"call_id"`
		ID     json.RawMessage `json:"id"`
		Output json.RawMessage `json:"output"`
	}
	if err := decodeItem(typ, raw, &o); err != nil {
		return 0, err
	}
	id := codexID(o.CallID, o.ID)
	out := codexParseOutput(o.Output)
	c := d.calls[id]
	if c == nil || c.done || c.kind == codexWeb {
		return d.strayOutput(id, c, out), nil
	}
	c.done = true
	delete(d.pending, id)
	switch c.kind {
	case codexPlanCall:
		return d.planOutput(out), nil
	case codexFeed:
		d.feed(c, out)
	case codexPatch:
		d.finishPatch(c, out)
	case codexShell:
		d.finishCommand(c, out)
	default:
		t := c.cards[0]
		t.Result = out.result()
		t.Result.IsError = t.Result.IsError || out.exit != nil && *out.exit != 0
		t.EndTime = out.end(t.StartTime, d.now)
		t.View = GenericResultView{}
		d.s.Touch(t)
	}
	return AsMerge, nil
}

// finishCommand: the command's card, by what it did and printed. A process
// still running is a terminal card that later writes may feed.
func (d *codexDecoder) finishCommand(c *codexCall, o codexOutput) {
	t := c.cards[0]
	t.Result = o.result()
	t.EndTime = o.end(t.StartTime, d.now)
	t.View = commandView(c.run, o)
	if o.running != "" {
		d.running[o.running] = t
		t.Call = codexDescribe(t.Call, "still running · session "+o.running)
	}
	if v, ok := t.View.(ReadResultView); ok {
		d.files.Read(v)
	}
	d.s.Touch(t)
}

// feed adds what a write_stdin read from a running exec to that exec's
// card, and how it ended once it did.
func (d *codexDecoder) feed(c *codexCall, o codexOutput) {
	t := c.exec
	prev, _ := t.View.(TerminalResultView)
	v := TerminalResultView{Output: prev.Output + o.body, ExitCode: prev.ExitCode}
	if o.exit != nil {
		v.ExitCode = o.exit
	}
	t.View = v
	t.Result = &ToolResult{Content: []ContentBlock{{Type: "text", Text: v.Output}}, IsError: o.failed}
	t.EndTime = max(t.EndTime, d.now)
	if o.running == "" {
		delete(d.running, c.session)
		t.Call = codexDescribe(t.Call, "session "+c.session)
	}
	d.s.Touch(t)
}

// finishPatch gives each file's card the patch's result; a patch that
// applied shows its diffs, numbered where earlier reads showed the file.
func (d *codexDecoder) finishPatch(c *codexCall, o codexOutput) {
	res := o.result()
	res.IsError = o.failed || o.exit != nil && *o.exit != 0 || o.exit == nil && codexPatchFailed(o.body)
	for i, t := range c.cards {
		t.Result, t.EndTime = res, o.end(t.StartTime, d.now)
		dv, _ := t.Call.(DiffCallView)
		if res.IsError { // the error says what went wrong
			t.View = GenericResultView{}
		} else {
			t.View = DiffResultView{Title: dv.Title, Diffs: dv.Diffs}
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
func (d *codexDecoder) moved(f codexFileOp) {
	switch {
	case f.op == "delete":
		d.files.Forget(f.path)
	case f.moveTo != "":
		d.files.Rename(f.path, f.moveTo)
	}
}

// planOutput: "Plan updated" (or its redacted stand-in) merges into the
// plan; anything else is what went wrong.
func (d *codexDecoder) planOutput(o codexOutput) Outcome {
	text := strings.TrimSpace(o.body)
	if text == "Plan updated" || redaction.MatchString(text) {
		return AsMerge
	}
	first, rest, _ := strings.Cut(text, "\n")
	d.s.Add(&Event{EntryBase: d.base(), Kind: "update_plan", Summary: "update_plan: " + first, Body: strings.TrimSpace(rest), Failed: true})
	return AsEntry
}

// strayOutput is an output with no pending call: a card of its own, marked
// as the second result of its call or as an output whose call is not in
// the log.
func (d *codexDecoder) strayOutput(id string, prev *codexCall, o codexOutput) Outcome {
	t := &ToolCall{EntryBase: d.base(), CallID: id, Orphan: true, Result: o.result(), View: GenericResultView{}, EndTime: d.now}
	if prev != nil {
		t.Name, t.Orphan, t.Duplicate = prev.name, false, true
		t.Call = GenericCallView{Title: codexToolTitle(prev.name)}
		if len(prev.cards) > 0 {
			t.Arguments, t.Call = prev.cards[0].Arguments, prev.cards[0].Call
		}
	}
	d.s.Add(t)
	return AsEntry
}
