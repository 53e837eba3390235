package acp

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// updates maps each session/update kind deck knows to what it does. The
// kind is read before anything else: the SDK's union files an unknown kind
// under another (one with content as a user message).
var updates = map[string]func(*Decoder, *sessionState, string, jsontext.Value) error{
	"user_message_chunk":  (*Decoder).chunk,
	"agent_message_chunk": (*Decoder).chunk,
	"agent_thought_chunk": (*Decoder).chunk,
	"tool_call":           (*Decoder).toolCall,
	"tool_call_update":    (*Decoder).toolCall,
	"plan":                (*Decoder).plan,
	"current_mode_update": (*Decoder).modeUpdate,
	"session_info_update": (*Decoder).infoUpdate,
	// the header has no place for these: counted, not drawn
	"available_commands_update": noUpdate,
	"config_option_update":      noUpdate,
	"usage_update":              noUpdate,
}

func noUpdate(*Decoder, *sessionState, string, jsontext.Value) error { return nil }

func (d *Decoder) update(m *message, req *request) error {
	var n struct {
		SessionId acp.SessionId  `json:"sessionId"`
		Update    jsontext.Value `json:"update"`
	}
	if err := params(m, &n); err != nil {
		return err
	}
	var head struct {
		SessionUpdate string `json:"sessionUpdate"`
	}
	if len(n.Update) == 0 || jsonline.Unmarshal(n.Update, &head) != nil || head.SessionUpdate == "" {
		return errors.New("`session/update` holds no update kind")
	}
	ss := d.session(string(n.SessionId))
	req.session = ss
	h, known := updates[head.SessionUpdate]
	if !known {
		return fmt.Errorf("unknown session update `%s`", head.SessionUpdate)
	}
	d.hidden = head.SessionUpdate
	return h(d, ss, head.SessionUpdate, n.Update)
}

// shape decodes an update, naming its kind when it does not fit.
func shape(kind string, raw jsontext.Value, v any) error {
	if err := jsonline.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("`%s` update does not fit its shape: %s", kind, jsonline.Short(err))
	}
	return nil
}

// plan replaces the session's plan. Updates that follow one another change
// one checklist in place; after other entries, the plan shows again where it
// changed.
func (d *Decoder) plan(ss *sessionState, kind string, raw jsontext.Value) error {
	var p acp.SessionUpdatePlan
	if err := shape(kind, raw, &p); err != nil {
		return err
	}
	items := make([]session.PlanItem, len(p.Entries))
	for i, e := range p.Entries {
		items[i] = session.PlanItem{Content: e.Content, Status: string(e.Status)}
	}
	if ss.plan != nil && ss.last == ss.plan {
		ss.plan.Items = items
		d.touch(ss.plan)
		return nil
	}
	ss.plan = &session.Plan{EntryBase: d.base(), Items: items}
	d.add(ss, ss.plan)
	return nil
}

func (d *Decoder) modeUpdate(ss *sessionState, kind string, raw jsontext.Value) error {
	var u acp.SessionCurrentModeUpdate
	if err := shape(kind, raw, &u); err != nil {
		return err
	}
	d.changeMode(ss, string(u.CurrentModeId), "")
	return nil
}

func (d *Decoder) infoUpdate(ss *sessionState, kind string, raw jsontext.Value) error {
	var u acp.SessionSessionInfoUpdate
	if err := shape(kind, raw, &u); err != nil {
		return err
	}
	if u.Title != nil {
		d.setTitle(ss, *u.Title)
	}
	return nil
}
