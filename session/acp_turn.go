package session

import (
	"fmt"
	"slices"
	"strings"

	json "github.com/go-json-experiment/json/v1"

	acp "github.com/coder/acp-go-sdk"
)

// acpRun is the message that chunks of one kind are joining. Its last text
// grows in a builder: a reply of many thousand chunks costs no more than its
// length.
type acpRun struct {
	kind, messageID string
	entry           Entry
	text            strings.Builder
}

// prompt opens a turn: a rule, then the person's prompt.
func (d *acpDecoder) prompt(m *acpMsg, req *acpRequest) error {
	var p struct {
		SessionId acp.SessionId     `json:"sessionId"`
		Prompt    []json.RawMessage `json:"prompt"`
	}
	if err := acpParams(m, &p); err != nil {
		return err
	}
	ss := d.session(string(p.SessionId))
	ss.turn++
	req.session, req.turn = ss, ss.turn
	d.add(ss, &TurnStart{EntryBase: d.base(), Turn: ss.turn})
	var content []ContentBlock
	var bad []string
	for _, raw := range p.Prompt {
		b, err := acpBlock(raw)
		if err != nil {
			bad = append(bad, "the prompt holds "+err.Error())
			continue
		}
		content = append(content, b)
	}
	d.add(ss, &UserMessage{EntryBase: d.base(), Role: RoleHuman, Source: "user", Content: content})
	return acpJoin(bad)
}

// promptReply ends the turn, saying why; calls still pending in the session
// then will get no result.
func (d *acpDecoder) promptReply(req *acpRequest, result json.RawMessage, fail *acp.RequestError) error {
	ss := req.session
	if ss == nil { // the prompt itself could not be read
		if fail != nil {
			d.failed(req, fail)
		}
		return nil
	}
	end := &TurnEnd{EntryBase: d.base(), Turn: req.turn}
	var err error
	if fail != nil {
		end.Reason, end.Detail = "error", acpFailText(fail)
	} else {
		var r struct {
			StopReason acp.StopReason `json:"stopReason"`
			Usage      *acp.Usage     `json:"usage"`
		}
		err = acpResult(req, result, &r)
		end.Reason = acpStopReason(string(r.StopReason))
		d.addUsage(ss, r.Usage)
	}
	for _, c := range ss.calls {
		if !c.finished() && !c.entry.Unfinished {
			c.entry.Unfinished = true
			d.touch(c.entry)
		}
	}
	d.add(ss, end)
	return err
}

// acpStopReason words a stop reason as the turn-end card knows them.
func acpStopReason(r string) string {
	switch r {
	case "end_turn":
		return "completed"
	case "cancelled":
		return "aborted"
	case "max_tokens":
		return "max-tokens"
	case "max_turn_requests":
		return "max-turn-requests"
	case "":
		return "unknown"
	}
	return r
}

// chunk adds a chunk of a user message, a reply or a thought. Consecutive
// chunks of one kind (with one messageId, when they carry one) are one
// message: a chunk joins the session's last entry when that is its message.
func (d *acpDecoder) chunk(ss *acpSession, kind string, raw json.RawMessage) error {
	var c struct {
		Content   json.RawMessage `json:"content"`
		MessageId *string         `json:"messageId"`
	}
	if err := acpShape(kind, raw, &c); err != nil {
		return err
	}
	b, err := acpBlock(c.Content)
	if err != nil {
		return fmt.Errorf("`%s` holds %v", kind, err)
	}
	id := ""
	if c.MessageId != nil {
		id = *c.MessageId
	}
	if r := ss.run; r != nil && r.kind == kind && r.messageID == id && ss.last == r.entry {
		r.add(b)
		d.touch(r.entry)
		return nil
	}
	r := &acpRun{kind: kind, messageID: id}
	switch kind {
	case "user_message_chunk":
		r.entry = &UserMessage{EntryBase: d.base(), Role: RoleHuman, Source: "user"}
	case "agent_message_chunk":
		r.entry = &AssistantText{EntryBase: d.base()}
	default:
		r.entry = &Reasoning{EntryBase: d.base()}
	}
	r.add(b)
	d.add(ss, r.entry)
	ss.run = r
	return nil
}

// add joins a chunk's block to the message: text runs on in its last text
// block. A message's blocks are never changed in place: a viewer may hold
// them.
func (r *acpRun) add(b ContentBlock) {
	switch e := r.entry.(type) {
	case *UserMessage:
		blocks := slices.Clone(e.Content)
		n := len(blocks)
		if b.Type != "text" || n == 0 || blocks[n-1].Type != "text" {
			blocks, n = append(blocks, b), n+1
			r.text.Reset()
		}
		if b.Type == "text" {
			r.text.WriteString(b.Text)
			blocks[n-1].Text = r.text.String()
		}
		e.Content = blocks
	case *AssistantText:
		r.text.WriteString(acpBlockText(b))
		e.Text = r.text.String()
	case *Reasoning:
		r.text.WriteString(acpBlockText(b))
		e.Text = r.text.String()
	default: // runs are only these
	}
}
