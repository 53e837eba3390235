package acp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// What the agent asks of the client: permission for a call, a file read or
// written, a terminal run. Each shows on the card of the call it belongs to.

// permission shows a permission request on its call's card (the call made
// if the log has not shown it), with the options offered; the answer adds
// the outcome.
func (d *Decoder) permission(m *message, req *request) error {
	var p struct {
		SessionId acp.SessionId          `json:"sessionId"`
		ToolCall  toolFields             `json:"toolCall"`
		Options   []acp.PermissionOption `json:"options"`
		Meta      jsontext.Value         `json:"_meta"`
	}
	if err := params(m, &p); err != nil {
		return err
	}
	ss := d.session(string(p.SessionId))
	req.session, req.options = ss, p.Options
	meta := jsonline.Loose(p.Meta)
	ask := &session.Approval{ID: m.shownID, Reason: permissionReason(p.Options, meta)}
	if markedByCodexAdapter(meta, p.Options) {
		d.guessAgent("codex-acp")
	}
	if p.ToolCall.ToolCallId == "" {
		title := "a tool call"
		if p.ToolCall.Title != nil && *p.ToolCall.Title != "" {
			title = *p.ToolCall.Title
		}
		req.event = &session.Event{EntryBase: d.base(), Kind: "permission", Summary: "permission asked for " + title + ": " + ask.Reason}
		d.add(ss, req.event)
		return nil
	}
	c, err := d.upsert(ss, &p.ToolCall, false)
	c.entry.Approval = ask
	req.call = c
	return err
}

// permissionReason says what was asked: the adapter's reason when it
// gives one (codex-acp, in _meta), and the options.
func permissionReason(options []acp.PermissionOption, meta any) string {
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = orElse(o.Name, string(o.OptionId))
	}
	reason := "options: " + strings.Join(names, ", ")
	m, _ := meta.(map[string]any)
	codex, _ := m["codex"].(map[string]any)
	params, _ := codex["params"].(map[string]any)
	if why := str(params, "reason"); why != "" {
		reason = why + " · " + reason
	}
	return reason
}

// markedByCodexAdapter reports codex-acp's marks on a permission request.
func markedByCodexAdapter(meta any, options []acp.PermissionOption) bool {
	if m, ok := meta.(map[string]any); ok && m["codex"] != nil {
		return true
	}
	for _, o := range options {
		if o.Meta["codex"] != nil {
			return true
		}
	}
	return false
}

func (d *Decoder) permissionReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	var outcome session.ApprovalOutcome
	if fail != nil {
		outcome = session.ApprovalOutcome("error: " + failText(fail))
	} else {
		var err error
		if outcome, err = permissionOutcome(req, result); err != nil {
			return err
		}
	}
	switch {
	case req.call != nil:
		var ap session.Approval // a new one: a viewer may hold the old
		if old := req.call.entry.Approval; old != nil {
			ap = *old
		}
		ap.Outcome = outcome
		req.call.entry.Approval = &ap
		d.touch(req.call.entry)
	case req.event != nil:
		req.event.Summary += " → " + string(outcome)
		req.event.Failed = !strings.HasPrefix(string(outcome), "allowed")
		d.touch(req.event)
	}
	return nil
}

// permissionOutcome words the answer to a permission request by the kind of the
// option chosen (an option's id is the adapter's own: Claude's "allow" is
// allow_once), or cancelled. The outcome's tag is read first: the SDK's
// union files an unknown one as cancelled.
func permissionOutcome(req *request, result jsontext.Value) (session.ApprovalOutcome, error) {
	var r struct {
		Outcome jsontext.Value `json:"outcome"`
	}
	var head struct {
		Outcome string `json:"outcome"`
	}
	if err := decodeResult(req, result, &r); err != nil {
		return "", err
	}
	if len(r.Outcome) == 0 || jsonline.Unmarshal(r.Outcome, &head) != nil {
		return "", fmt.Errorf("the `%s` response holds no outcome", req.method)
	}
	switch head.Outcome {
	case "cancelled":
		return session.Cancelled, nil
	case "selected":
		var s acp.RequestPermissionOutcomeSelected
		if err := decodeResult(req, r.Outcome, &s); err != nil {
			return "", err
		}
		for _, o := range req.options {
			if o.OptionId == s.OptionId {
				return optionOutcome(string(o.Kind)), nil
			}
		}
		return session.ApprovalOutcome("selected " + string(s.OptionId)), nil
	}
	return "", fmt.Errorf("unknown permission outcome `%s`", head.Outcome)
}

// optionOutcome words an option's kind as an approval outcome.
func optionOutcome(kind string) session.ApprovalOutcome {
	switch kind {
	case "allow_once":
		return session.AllowedOnce
	case "allow_always":
		return session.AllowedAlways
	case "reject_once":
		return session.Rejected
	case "reject_always":
		return "rejected-always"
	}
	return session.ApprovalOutcome(kind)
}

func (d *Decoder) fsRead(m *message, req *request) error {
	var p acp.ReadTextFileRequest
	if err := params(m, &p); err != nil {
		return err
	}
	window := ""
	switch {
	case p.Line != nil && p.Limit != nil:
		window = fmt.Sprintf(" (line %d, limit %d)", *p.Line, *p.Limit)
	case p.Line != nil:
		window = fmt.Sprintf(" (from line %d)", *p.Line)
	case p.Limit != nil:
		window = fmt.Sprintf(" (limit %d)", *p.Limit)
	}
	d.fileOp(string(p.SessionId), p.Path, req, m.method+window, "read "+p.Path+window, "")
	return nil
}

func (d *Decoder) fsWrite(m *message, req *request) error {
	var p acp.WriteTextFileRequest
	if err := params(m, &p); err != nil {
		return err
	}
	size := fmt.Sprintf(" (%d bytes)", len(p.Content))
	d.fileOp(string(p.SessionId), p.Path, req, m.method+size, "wrote "+p.Path+size, p.Content)
	return nil
}

// fileOp shows a client file operation as a step on the card of the running
// call that names its file (the agent reads and writes through the client
// while its call runs); with no such call, as a line of its own.
func (d *Decoder) fileOp(sid, file string, req *request, step, line, body string) {
	ss := d.session(sid)
	req.session = ss
	if c := ss.callFor(file); c != nil {
		req.call, req.sub = c, fmt.Sprint(d.at)
		c.entry.SubCalls = append(slices.Clip(c.entry.SubCalls), session.SubCall{ID: req.sub, Name: step})
		d.touch(c.entry)
		return
	}
	req.event = &session.Event{EntryBase: d.base(), Kind: "fs", Summary: line + " through the client", Body: body}
	d.add(ss, req.event)
}

// fsReply marks the step done (or failed); a read of its own gets the text.
func (d *Decoder) fsReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	switch {
	case req.call != nil:
		subs := slices.Clone(req.call.entry.SubCalls) // never changed in place: a viewer may hold the old
		for i := range subs {
			if subs[i].ID == req.sub {
				subs[i].Done, subs[i].IsError = true, fail != nil
			}
		}
		req.call.entry.SubCalls = subs
		d.touch(req.call.entry)
	case req.event != nil && fail != nil:
		req.event.Summary += ": " + failText(fail)
		req.event.Failed = true
		d.touch(req.event)
	case req.event != nil && req.method == "fs/read_text_file":
		var r acp.ReadTextFileResponse
		if err := decodeResult(req, result, &r); err != nil {
			return err
		}
		req.event.Body = r.Content
		d.touch(req.event)
	case fail != nil:
		d.failed(req, fail)
	}
	return nil
}
