package harness

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

type toolCallData struct {
	CallID    string `json:"callId"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
}

func (d *Decoder) toolCall(r *record) (session.Outcome, error) {
	c, err := decodeAs[toolCallData](r)
	if err != nil {
		return 0, err
	}
	call, out := d.s.Call(c.CallID), session.AsMerge
	if call != nil && call.Result != nil && !call.Orphan {
		call = nil // the id was used before, by a call that finished: a new call
	}
	if call == nil {
		call, out = &session.ToolCall{EntryBase: d.base(r), CallID: c.CallID, Cwd: d.callCwd()}, session.AsEntry
		d.s.Add(call)
	} else {
		d.s.Touch(call)
	}
	call.Name, call.Arguments, call.Streaming, call.Orphan = c.Name, c.Arguments, false, false
	call.StartTime = jsonline.Num(r.Time)
	call.Call = d.callView(r, call)
	d.todos.called(call.Name, todoCall{id: call.CallID})
	if r.hostViewFor == "call" {
		if v, ok := present.NarrowCall(r.hostView); ok {
			call.Call = present.Located(v, call.Call) // the live host's own view of the call
		}
	}
	if call.Result != nil { // the result came first: present it again with the arguments
		d.settle(call, nil)
	}
	d.track(call)
	return out, nil
}

// resultBlock is one tool-result of a tool/result event.
type resultBlock struct {
	callID  string
	content []session.ContentBlock
	isError bool
}

type toolResultData struct {
	Message *resultMessage `json:"message"`
	// the legacy flat shape
	CallID  string                 `json:"callId"`
	Content []session.ContentBlock `json:"content"`
	IsError bool                   `json:"isError"`

	Error *toolError     `json:"error"`
	Meta  jsonline.Value `json:"meta"`
}

// resultMessage is the message a tool/result event holds.
type resultMessage struct {
	ID      string                 `json:"id"`
	Role    string                 `json:"role"`
	Content []session.ContentBlock `json:"content"`
	Source  messageSource          `json:"source"`
	// v4 and later: the message itself is the result
	ToolCallID string `json:"toolCallId"`
	IsError    bool   `json:"isError"`
}

// toolError is a result's data.error; reason (v4+) is words, or any JSON
// a newer harness writes there, kept as written.
type toolError struct {
	Name   string         `json:"name"`
	Code   string         `json:"code"`
	Reason jsontext.Value `json:"reason"`
}

func (e *toolError) model() *session.ToolError {
	if e == nil {
		return nil
	}
	out := &session.ToolError{Name: e.Name, Code: e.Code}
	if len(e.Reason) > 0 && jsonline.Unmarshal(e.Reason, &out.Reason) != nil {
		out.Reason = string(e.Reason)
	}
	return out
}

// forkCloser reports a result a fork's seed wrote for a call its parent's
// history left open: the harness names such a message forked-tool-result-…,
// its crash recovery's interrupted-tool-result-… (core/session repair.ts).
func (t *toolResultData) forkCloser() bool {
	return t.Message != nil && strings.HasPrefix(t.Message.ID, "forked-tool-result-") &&
		t.Error != nil && (t.Error.Code == session.ToolNotStarted || t.Error.Code == session.ToolOutcomeUnknown)
}

func (d *Decoder) toolResult(r *record) (session.Outcome, error) {
	t, err := decodeAs[toolResultData](r)
	if err != nil {
		return 0, err
	}
	var blocks []resultBlock
	switch m := t.Message; {
	case m != nil && m.Role == "tool": // v4 and later
		id := m.ToolCallID
		if id == "" {
			id = m.Source.CallID
		}
		blocks = append(blocks, resultBlock{id, m.Content, m.IsError})
	case m != nil: // up to v3: one tool-result block in a user message
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
	default:
		blocks = append(blocks, resultBlock{t.CallID, t.Content, t.IsError})
	}
	if len(blocks) == 0 {
		return 0, fmt.Errorf("`tool/result` event holds no tool result")
	}
	out := session.AsMerge
	for _, b := range blocks {
		call := d.s.Call(b.callID)
		if call == nil || call.Result != nil { // no call, or a second result for it
			call = &session.ToolCall{EntryBase: d.base(r), CallID: b.callID, Orphan: true, Cwd: d.callCwd()}
			if prev := d.s.Call(b.callID); prev != nil {
				call.Name, call.Arguments, call.Call = prev.Name, prev.Arguments, prev.Call
				call.Orphan, call.Duplicate = false, true
			}
			d.s.Add(call)
			out = session.AsEntry
		} else {
			d.s.Touch(call)
		}
		call.Streaming = false
		call.EndTime = jsonline.Num(r.Time)
		call.Result = &session.ToolResult{Content: b.content, IsError: b.isError, Error: t.Error.model(), Meta: t.Meta.V, HasMeta: t.Meta.Present, Forked: t.forkCloser()}
		d.readImages(b.content)
		d.settle(call, hostResultView(r))
		d.track(call)
		d.holdsImages(r, call, b.content)
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
func (d *Decoder) settle(call *session.ToolCall, host session.ResultView) {
	call.View = present.HostResult(call.Name, call.Result, host)
	if host == nil {
		a, ok := d.recent.parsed(call.Arguments)
		call.View = d.declared.ResultParsed(call.Name, call.Arguments, a, ok, call.Result)
		d.todos.changes(call)
	}
	if call.Call == nil {
		return
	}
	read, _ := call.View.(session.ReadResultView)
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
func hostResultView(r *record) session.ResultView {
	if r.hostViewFor != "result" {
		return nil
	}
	v, _ := present.NarrowResult(r.hostView)
	return v
}

// track numbers a call's diff from what earlier reads showed of the file,
// and remembers what a read or an applied change shows of it.
func (d *Decoder) track(c *session.ToolCall) {
	c.DiffStarts = nil
	d.files.Missing(c.Name, c.Arguments, c.Result) // a read that found no file
	switch v := c.View.(type) {
	case session.ReadResultView:
		d.files.Read(v)
	case session.DiffResultView:
		v = d.files.NewFiles(v, c.Result)
		c.View = v
		c.DiffStarts = d.files.Number(v.Diffs)
		d.files.Apply(v.Diffs, c.DiffStarts)
	case nil:
		if v, ok := c.Call.(session.DiffCallView); ok {
			c.DiffStarts = d.files.Number(v.Diffs)
		}
	default: // other results say nothing about a file's lines
	}
}

func (d *Decoder) approvalAsked(r *record) (session.Outcome, error) {
	var a struct {
		ID       string `json:"id"`
		ToolName string `json:"toolName"`
		CallID   string `json:"callId"`
		Reason   string `json:"reason"`
	}
	if err := decode(r, &a); err != nil {
		return 0, err
	}
	ap := &session.Approval{ID: a.ID, Reason: a.Reason}
	if call := d.s.Call(a.CallID); call != nil {
		call.Approval = ap
		d.approvals[a.ID] = approvalRef{ap, call}
		d.s.Touch(call)
		return session.AsMerge, nil
	}
	ev := &session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("approval asked for %s: %s", a.ToolName, a.Reason)}
	d.approvals[a.ID] = approvalRef{ap, ev}
	d.s.Add(ev)
	return session.AsEntry, nil
}

// approvalRef is an asked approval and the entry that shows it: its call, or
// an event of its own when the call is not in the log.
type approvalRef struct {
	approval *session.Approval
	owner    session.Entry
}

func (d *Decoder) approvalDecided(r *record) (session.Outcome, error) {
	var a struct {
		ID      string                  `json:"id"`
		Outcome session.ApprovalOutcome `json:"outcome"`
	}
	if err := decode(r, &a); err != nil {
		return 0, err
	}
	ref, ok := d.approvals[a.ID]
	if !ok {
		d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: fmt.Sprintf("approval %s: %s (never asked in this log)", a.ID, a.Outcome)})
		return session.AsEntry, nil
	}
	decided := *ref.approval // copied, never changed in place: a viewer may hold the old one
	decided.Outcome = a.Outcome
	d.approvals[a.ID] = approvalRef{&decided, ref.owner}
	switch owner := ref.owner.(type) {
	case *session.ToolCall:
		owner.Approval = &decided
	case *session.Event:
		owner.Summary += " → " + string(a.Outcome)
		owner.Failed = !a.Outcome.Allowed()
	default: // approvals belong to calls or events
	}
	d.s.Touch(ref.owner)
	return session.AsMerge, nil
}
