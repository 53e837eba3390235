package session

import (
	"encoding/json"
	"fmt"

	acp "github.com/coder/acp-go-sdk"
)

// acpRun is the message that chunks of one kind are joining.
type acpRun struct {
	kind, messageID string
	entry           Entry
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
		switch e := r.entry.(type) {
		case *UserMessage:
			e.Content = acpAppend(e.Content, b)
		case *AssistantText:
			e.Text += acpBlockText(b)
		case *Reasoning:
			e.Text += acpBlockText(b)
		default: // runs are only these
		}
		d.touch(r.entry)
		return nil
	}
	var e Entry
	switch kind {
	case "user_message_chunk":
		e = &UserMessage{EntryBase: d.base(), Role: RoleHuman, Source: "user", Content: []ContentBlock{b}}
	case "agent_message_chunk":
		e = &AssistantText{EntryBase: d.base(), Text: acpBlockText(b)}
	default:
		e = &Reasoning{EntryBase: d.base(), Text: acpBlockText(b)}
	}
	d.add(ss, e)
	ss.run = &acpRun{kind: kind, messageID: id, entry: e}
	return nil
}
