package acp

import (
	"fmt"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// run is the message that chunks of one kind are joining. Its last text
// grows in a builder: a reply of many thousand chunks costs no more than its
// length.
type run struct {
	kind, messageID string
	entry           session.Entry
	text            strings.Builder
}

// prompt opens a turn: a rule, then the person's prompt.
func (d *Decoder) prompt(m *message, req *request) error {
	var p struct {
		SessionId acp.SessionId    `json:"sessionId"`
		Prompt    []jsontext.Value `json:"prompt"`
	}
	if err := params(m, &p); err != nil {
		return err
	}
	ss := d.session(string(p.SessionId))
	ss.turn++
	req.session, req.turn = ss, ss.turn
	d.add(ss, &session.TurnStart{EntryBase: d.base(), Turn: ss.turn})
	var content []session.ContentBlock
	var bad []string
	for _, raw := range p.Prompt {
		b, err := block(raw)
		if err != nil {
			bad = append(bad, "the prompt holds "+err.Error())
			continue
		}
		content = append(content, b)
	}
	d.add(ss, &session.UserMessage{EntryBase: d.base(), Role: session.RoleHuman, Source: "user", Content: content})
	return join(bad)
}

// promptReply ends the turn, saying why; calls still pending in the session
// then will get no result.
func (d *Decoder) promptReply(req *request, result jsontext.Value, fail *acp.RequestError) error {
	ss := req.session
	if ss == nil { // the prompt itself could not be read
		if fail != nil {
			d.failed(req, fail)
		}
		return nil
	}
	end := &session.TurnEnd{EntryBase: d.base(), Turn: req.turn}
	var err error
	if fail != nil {
		end.Reason, end.Detail = "error", failText(fail)
	} else {
		var r struct {
			StopReason acp.StopReason `json:"stopReason"`
			Usage      *acp.Usage     `json:"usage"`
		}
		err = decodeResult(req, result, &r)
		end.Reason = stopReason(string(r.StopReason))
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

// stopReason words a stop reason as the turn-end card knows them.
func stopReason(r string) string {
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
func (d *Decoder) chunk(ss *sessionState, kind string, raw jsontext.Value) error {
	var c struct {
		Content   jsontext.Value `json:"content"`
		MessageId *string        `json:"messageId"`
	}
	if err := shape(kind, raw, &c); err != nil {
		return err
	}
	b, err := block(c.Content)
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
	r := &run{kind: kind, messageID: id}
	switch kind {
	case "user_message_chunk":
		r.entry = &session.UserMessage{EntryBase: d.base(), Role: session.RoleHuman, Source: "user"}
	case "agent_message_chunk":
		r.entry = &session.AssistantText{EntryBase: d.base()}
	default:
		r.entry = &session.Reasoning{EntryBase: d.base()}
	}
	r.add(b)
	d.add(ss, r.entry)
	ss.run = r
	return nil
}

// add joins a chunk's block to the message: text runs on in its last text
// block. A message's blocks are never changed in place: a viewer may hold
// them.
func (r *run) add(b session.ContentBlock) {
	switch e := r.entry.(type) {
	case *session.UserMessage:
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
	case *session.AssistantText:
		r.text.WriteString(blockText(b))
		e.Text = r.text.String()
	case *session.Reasoning:
		r.text.WriteString(blockText(b))
		e.Text = r.text.String()
	default: // runs are only these
	}
}
