package live

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Describe asks the host about itself (host.describe; a 0.2 host's
// session/modelCatalog).
func (c *Client) Describe(ctx context.Context) (HostInfo, error) {
	var info HostInfo
	err := c.either(ctx, func() error {
		info = HostInfo{}
		err := c.call(ctx, "host.describe", struct{}{}, &info)
		info.Protocol = rc8.String()
		return err
	}, func() (err error) {
		info, err = c.describeRemote(ctx)
		return err
	})
	return info, err
}

// Sessions lists the host's sessions, attached and persisted, newest first
// (session.list, session/list).
func (c *Client) Sessions(ctx context.Context) ([]SessionInfo, error) {
	var list []SessionInfo
	err := c.either(ctx, func() (err error) {
		list, err = c.sessions8(ctx)
		return err
	}, func() (err error) {
		list, err = c.sessionsRemote(ctx)
		return err
	})
	return list, err
}

func (c *Client) sessions8(ctx context.Context) ([]SessionInfo, error) {
	var v struct {
		Items []struct {
			SessionID       string       `json:"sessionId"`
			UpdatedAt       int64        `json:"updatedAt"`
			Running         bool         `json:"running"`
			Blank           bool         `json:"blank"`
			Cwd             string       `json:"cwd"`
			AgentPreset     string       `json:"agentPreset"`
			ParentSessionID string       `json:"parentSessionId"`
			Origin          string       `json:"origin"`
			Projections     *Projections `json:"projections"`
			FormatStatus    string       `json:"formatStatus"`
		} `json:"items"`
	}
	if err := c.call(ctx, "session.list", struct{}{}, &v); err != nil {
		return nil, err
	}
	out := make([]SessionInfo, 0, len(v.Items))
	for _, it := range v.Items {
		s := SessionInfo{ID: it.SessionID, UpdatedAt: it.UpdatedAt, Running: it.Running, Blank: it.Blank,
			Cwd: it.Cwd, AgentPreset: it.AgentPreset, ParentID: it.ParentSessionID, Origin: it.Origin,
			Projections: Projections{AsOfSeq: -1}, FormatStatus: it.FormatStatus}
		if it.Projections != nil {
			s.Projections = *it.Projections
			_ = jsonline.Unmarshal(s.Projections.Values["title"], &s.Title) // null or absent: no title
			s.Title = session.ShortTitle(s.Title)
		}
		out = append(out, s)
	}
	return out, nil
}

// Create starts a session in folder cwd (absolute, on the host's machine;
// "" for the host's own) and returns its id (session.create,
// session/create).
func (c *Client) Create(ctx context.Context, cwd string) (string, error) {
	var id string
	err := c.either(ctx, func() (err error) {
		id, err = c.create8(ctx, cwd)
		return err
	}, func() (err error) {
		id, err = c.createRemote(ctx, cwd)
		return err
	})
	return id, err
}

func (c *Client) create8(ctx context.Context, cwd string) (string, error) {
	payload := map[string]string{}
	if cwd != "" {
		payload["cwd"] = cwd
	}
	var v struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.call(ctx, "session.create", payload, &v); err != nil {
		return "", err
	}
	if v.SessionID == "" {
		return "", c.fail("session.create", notProtocol("the new session has no id"))
	}
	return v.SessionID, nil
}

// history reads a page of a session's events from an rc.8 host
// (session.history): the tail when beforeSeq < 0, else the page that ends
// just before beforeSeq. A page holds about max messages with everything
// between them (max ≤ 0: the host's 50). A cold session is read from disk
// and stays cold.
func (c *Client) history(ctx context.Context, id string, beforeSeq int64, max int) (Page, error) {
	payload := map[string]any{"sessionId": id}
	if beforeSeq >= 0 {
		payload["beforeSeq"] = beforeSeq
	}
	if max > 0 {
		payload["maxMessages"] = max
	}
	var v struct {
		Events      []jsontext.Value `json:"events"`
		HasMore     bool             `json:"hasMore"`
		Projections *Projections     `json:"projections"`
	}
	if err := c.call(ctx, "session.history", payload, &v); err != nil {
		return Page{}, err
	}
	p := Page{HasMore: v.HasMore, Projections: v.Projections}
	for i, raw := range v.Events {
		ev, err := historyEntry(raw)
		if err != nil {
			p.Problems = append(p.Problems, fmt.Sprintf("history entry %d of session %s: %v", i, id, err))
			continue
		}
		p.Events = append(p.Events, ev)
	}
	return p, nil
}

// historyEntry reads {event, view?}.
func historyEntry(raw jsontext.Value) (Event, error) {
	var e struct {
		Event jsontext.Value `json:"event"`
		View  *wireView      `json:"view"`
	}
	if err := jsonline.Unmarshal(raw, &e); err != nil {
		return Event{}, jsonline.ShortErr(err)
	}
	return readEvent(e.Event, e.View)
}

// wireView is a tool event's render intent as sent: {for, view}.
type wireView struct {
	For  string         `json:"for"`
	View jsontext.Value `json:"view"`
}

// readEvent checks that an event has a type and a seq, and pairs it with its view.
func readEvent(raw jsontext.Value, view *wireView) (Event, error) {
	var head struct {
		Type string `json:"type"`
		Seq  *int64 `json:"seq"`
	}
	if err := jsonline.Unmarshal(raw, &head); err != nil {
		return Event{}, fmt.Errorf("the event does not read: %s", jsonline.Short(err))
	}
	if head.Type == "" || head.Seq == nil || *head.Seq < 0 {
		return Event{}, errors.New("the event has no type or no seq")
	}
	ev := Event{Seq: *head.Seq, Raw: raw}
	if view != nil && len(view.View) > 0 && string(view.View) != "null" {
		ev.View, ev.ViewFor = view.View, view.For
	}
	return ev, nil
}

// Prompt sends the user's text (session.prompt, session/prompt): mode
// "queue" runs it as the next turn, "steer" slips it into the running turn
// at its next step. The host resumes a cold session first. Empty text is
// refused here: the host would start a turn with nothing in it.
func (c *Client) Prompt(ctx context.Context, id, mode, text string) error {
	if mode != "queue" && mode != "steer" {
		return fmt.Errorf("deck cannot send a prompt in mode %q: it is \"queue\" or \"steer\"", mode)
	}
	if strings.TrimSpace(text) == "" {
		return errors.New("deck does not send an empty prompt: write something first")
	}
	payload := map[string]any{
		"sessionId": id,
		"mode":      mode,
		"content":   []map[string]string{{"type": "text", "text": text}},
	}
	return c.either(ctx, func() error { return c.call(ctx, "session.prompt", payload, nil) },
		func() error { return c.promptRemote(ctx, id, mode, text) })
}

// Cancel stops the session's running turn (session.cancel, session/cancel);
// prompts waiting in its queue stay there. A session that is not attached
// is refused (rc.8: session-not-found).
func (c *Client) Cancel(ctx context.Context, id string) error {
	return c.either(ctx, func() error { return c.call(ctx, "session.cancel", map[string]string{"sessionId": id}, nil) },
		func() error { return c.cancelRemote(ctx, id) })
}
