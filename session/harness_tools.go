package session

import (
	"fmt"
	"slices"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

type toolCallData struct {
	CallID    string `json:"callId"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

func (d *harnessDecoder) toolCall(r *record) (Outcome, error) {
	c, err := decodeAs[toolCallData](r)
	if err != nil {
		return 0, err
	}
	call, out := d.s.Call(c.CallID), AsMerge
	if call != nil && call.Result != nil && !call.Orphan {
		call = nil // the id was used before, by a call that finished: a new call
	}
	if call == nil {
		call, out = &ToolCall{EntryBase: d.base(r), CallID: c.CallID}, AsEntry
		d.s.Add(call)
	} else {
		d.s.Touch(call)
	}
	call.Name, call.Arguments, call.Streaming, call.Orphan = c.Name, c.Arguments, false, false
	call.StartTime = jsonline.Num(r.Time)
	call.Call = Call(call.Name, call.Arguments)
	if r.hostViewFor == "call" {
		if v, ok := NarrowCall(r.hostView); ok {
			call.Call = v // the live host's own view of the call
		}
	}
	if call.Result != nil { // the result came first: present it again with the arguments
		settle(call, nil)
	}
	d.track(call)
	return out, nil
}

// resultBlock is one tool-result of a tool/result event.
type resultBlock struct {
	callID  string
	content []ContentBlock
	isError bool
}

type toolResultData struct {
	Message *struct {
		Content []ContentBlock `json:"content"`
		Source  messageSource  `json:"source"`
	} `json:"message"`
	// the legacy flat shape
	CallID  string         `json:"callId"`
	Content []ContentBlock `json:"content"`
	IsError bool           `json:"isError"`

	Error *ToolError     `json:"error"`
	Meta  jsonline.Value `json:"meta"`
}

func (d *harnessDecoder) toolResult(r *record) (Outcome, error) {
	t, err := decodeAs[toolResultData](r)
	if err != nil {
		return 0, err
	}
	var blocks []resultBlock
	if t.Message != nil {
		for _, b := range t.Message.Content {
			if b.Type != "tool-result" {
				continue
			}
			id := b.ToolCallID
			if id == "" {
				id = t.Message.Source.CallID
			}
			blocks = append(blocks, resultBlock{id, b.Content, b.IsError})
		}
	} else {
		blocks = append(blocks, resultBlock{t.CallID, t.Content, t.IsError})
	}
	if len(blocks) == 0 {
		return 0, fmt.Errorf("`tool/result` event holds no tool result")
	}
	out := AsMerge
	for _, b := range blocks {
		call := d.s.Call(b.callID)
		if call == nil || call.Result != nil { // no call, or a second result for it
			call = &ToolCall{EntryBase: d.base(r), CallID: b.callID, Orphan: true}
			if prev := d.s.Call(b.callID); prev != nil {
				call.Name, call.Arguments, call.Call = prev.Name, prev.Arguments, prev.Call
				call.Orphan, call.Duplicate = false, true
			}
			d.s.Add(call)
			out = AsEntry
		} else {
			d.s.Touch(call)
		}
		call.Streaming = false
		call.EndTime = jsonline.Num(r.Time)
		call.Result = &ToolResult{Content: b.content, IsError: b.isError, Error: t.Error, Meta: t.Meta.V, HasMeta: t.Meta.Present}
		settle(call, hostResultView(r))
		d.track(call)
	}
	return out, nil
}

// settle presents a call's result, then lets go of what only presenting
// needed, so a session holds each file it read once: the result's meta (a
// read's every line, as maps, several times their size), and a read's text
// for the model (the same lines, numbered) once the view holds them. A
// result whose call has not come yet keeps both, to be presented again with
// the call's arguments. A live host's own view of the result (host) is shown
// instead of deck's when there is one.
func settle(call *ToolCall, host ResultView) {
	call.View = host
	if host == nil {
		call.View = Result(call.Name, call.Arguments, call.Result)
	}
	if call.Call == nil {
		return
	}
	read, _ := call.View.(ReadResultView)
	if call.Result.Meta == nil && len(read.Lines) == 0 {
		return
	}
	r := *call.Result // a copy: a clone the viewer holds may share the old one
	r.Meta = nil
	if len(read.Lines) > 0 {
		r.Content = nil
	}
	call.Result = &r
}

// hostResultView is the result view a live host attached to the event, if
// it narrows.
func hostResultView(r *record) ResultView {
	if r.hostViewFor != "result" {
		return nil
	}
	v, _ := NarrowResult(r.hostView)
	return v
}

// track numbers a call's diff from what earlier reads showed of the file,
// and remembers what a read or an applied change shows of it.
func (d *harnessDecoder) track(c *ToolCall) {
	c.DiffStarts = nil
	switch v := c.View.(type) {
	case ReadResultView:
		d.files.Read(v)
	case DiffResultView:
		c.DiffStarts = d.files.Number(v.Diffs)
		d.files.Apply(v.Diffs, c.DiffStarts)
	case nil:
		if v, ok := c.Call.(DiffCallView); ok {
			c.DiffStarts = d.files.Number(v.Diffs)
		}
	default: // other results say nothing about a file's lines
	}
}

func (d *harnessDecoder) approvalAsked(r *record) (Outcome, error) {
	var a struct {
		ID       string `json:"id"`
		ToolName string `json:"toolName"`
		CallID   string `json:"callId"`
		Reason   string `json:"reason"`
	}
	if err := decode(r, &a); err != nil {
		return 0, err
	}
	ap := &Approval{ID: a.ID, Reason: a.Reason}
	if call := d.s.Call(a.CallID); call != nil {
		call.Approval = ap
		d.approvals[a.ID] = approvalRef{ap, call}
		d.s.Touch(call)
		return AsMerge, nil
	}
	ev := &Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("approval asked for %s: %s", a.ToolName, a.Reason)}
	d.approvals[a.ID] = approvalRef{ap, ev}
	d.s.Add(ev)
	return AsEntry, nil
}

// approvalRef is an asked approval and the entry that shows it: its call, or
// an event of its own when the call is not in the log.
type approvalRef struct {
	approval *Approval
	owner    Entry
}

func (d *harnessDecoder) approvalDecided(r *record) (Outcome, error) {
	var a struct {
		ID      string          `json:"id"`
		Outcome ApprovalOutcome `json:"outcome"`
	}
	if err := decode(r, &a); err != nil {
		return 0, err
	}
	ref, ok := d.approvals[a.ID]
	if !ok {
		d.s.Add(&Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("approval %s: %s (never asked in this log)", a.ID, a.Outcome)})
		return AsEntry, nil
	}
	decided := *ref.approval // copied, never changed in place: a viewer may hold the old one
	decided.Outcome = a.Outcome
	d.approvals[a.ID] = approvalRef{&decided, ref.owner}
	switch owner := ref.owner.(type) {
	case *ToolCall:
		owner.Approval = &decided
	case *Event:
		owner.Summary += " → " + string(a.Outcome)
		owner.Failed = a.Outcome != AllowedOnce
	default: // approvals belong to calls or events
	}
	d.s.Touch(ref.owner)
	return AsMerge, nil
}

type codeDispatch struct {
	ParentCallID string `json:"parentCallId"`
	SubCallID    string `json:"subCallId"`
	Name         string `json:"name"`
	IsError      bool   `json:"isError"`
}

func (d *harnessDecoder) codeDispatchStart(r *record) (Outcome, error) {
	var c codeDispatch
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	parent := d.s.Call(c.ParentCallID)
	if parent == nil {
		d.s.Add(&Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("nested call %s (%s) of a call not in this log", c.Name, c.SubCallID)})
		return AsEntry, nil
	}
	parent.SubCalls = append(slices.Clip(parent.SubCalls), SubCall{ID: c.SubCallID, Name: c.Name})
	d.s.Touch(parent)
	return AsMerge, nil
}

func (d *harnessDecoder) codeDispatch(r *record) (Outcome, error) {
	var c codeDispatch
	if err := decode(r, &c); err != nil {
		return 0, err
	}
	if parent := d.s.Call(c.ParentCallID); parent != nil {
		subs := slices.Clone(parent.SubCalls) // never changed in place: a viewer may hold the old slice
		i := slices.IndexFunc(subs, func(s SubCall) bool { return s.ID == c.SubCallID })
		if i < 0 {
			subs, i = append(subs, SubCall{ID: c.SubCallID, Name: c.Name}), len(subs)
		}
		subs[i].Done, subs[i].IsError = true, c.IsError
		parent.SubCalls = subs
		d.s.Touch(parent)
		return AsMerge, nil
	}
	d.s.Add(&Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("nested call %s (%s) finished; its parent is not in this log", c.Name, c.SubCallID), Failed: c.IsError})
	return AsEntry, nil
}
