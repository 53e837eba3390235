package live

import (
	"context"
	"fmt"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/live/remote"
	"github.com/go-json-experiment/json/jsontext"
)

// invoke makes one unary call of a 0.2 host: POST /api/<endpoint> with the
// method's arguments by name. The value goes into out (when out is not
// nil), a refusal becomes an *RPCError, everything else a *HostError.
func (c *Client) invoke(ctx context.Context, endpoint string, args, out any) error {
	id := newRPCID()
	body, err := remote.Request(id, endpoint, args)
	if err != nil {
		return fmt.Errorf("deck cannot encode %s: %w", endpoint, err)
	}
	answer, contentType, err := c.post(ctx, endpoint, body)
	if err != nil {
		return err
	}
	resp, err := remote.ReadResponse(contentType, answer)
	switch {
	case err != nil:
		return c.fail(endpoint, notProtocol("%v", err))
	case resp.RPCID != id:
		return c.fail(endpoint, notProtocol("the answer is for rpcId %q, not the request's %q", resp.RPCID, id))
	case resp.Refusal != nil:
		f := resp.Refusal
		return &RPCError{Method: endpoint, Code: f.Code, Message: f.Message, Details: f.Details}
	case out == nil:
		return nil
	case resp.Value == nil:
		return c.fail(endpoint, notProtocol("the answer to %s has no value", endpoint))
	}
	if err := jsonline.Unmarshal(resp.Value, out); err != nil {
		return c.fail(endpoint, notProtocol("the value of %s does not read: %s", endpoint, jsonline.Short(err)))
	}
	return nil
}

// named is the one argument of the session methods, "request".
func named(request any) any { return remote.Named(request) }

// describeRemote tells what a 0.2 host says of itself: the model a new
// session gets (session/modelCatalog). It has no call for the rest.
func (c *Client) describeRemote(ctx context.Context) (HostInfo, error) {
	var v struct {
		Default struct {
			Provider string `json:"provider"`
			Model    string `json:"model"`
		} `json:"default"`
	}
	err := c.invoke(ctx, "session/modelCatalog", struct{}{}, &v)
	return HostInfo{Provider: v.Default.Provider, Model: v.Default.Model, Protocol: v02.String()}, err
}

// sessionsRemote lists a 0.2 host's sessions (session/list, whose one
// argument the host names _request).
func (c *Client) sessionsRemote(ctx context.Context) ([]SessionInfo, error) {
	var v struct {
		Items []struct {
			SessionID       string       `json:"sessionId"`
			UpdatedAt       int64        `json:"updatedAt"`
			Running         bool         `json:"running"`
			Blank           bool         `json:"blank"`
			Cwd             string       `json:"cwd"`
			ParentSessionID string       `json:"parentSessionId"`
			Origin          string       `json:"origin"`
			FormatStatus    string       `json:"formatStatus"`
			Projections     *Projections `json:"projections"`
		} `json:"items"`
	}
	if err := c.invoke(ctx, "session/list", struct {
		Request struct{} `json:"_request"`
	}{}, &v); err != nil {
		return nil, err
	}
	out := make([]SessionInfo, 0, len(v.Items))
	for _, it := range v.Items {
		s := SessionInfo{ID: it.SessionID, UpdatedAt: it.UpdatedAt, Running: it.Running, Blank: it.Blank,
			Cwd: it.Cwd, ParentID: it.ParentSessionID, Origin: it.Origin, Projections: Projections{AsOfSeq: -1},
			FormatStatus: it.FormatStatus}
		if it.Projections != nil {
			s.Projections = *it.Projections
			_ = jsonline.Unmarshal(s.Projections.Values["title"], &s.Title)
			s.Title = session.ShortTitle(s.Title)
		}
		out = append(out, s)
	}
	return out, nil
}

func (c *Client) createRemote(ctx context.Context, cwd string) (string, error) {
	request := map[string]string{}
	if cwd != "" {
		request["cwd"] = cwd
	}
	var v struct {
		SessionID string `json:"sessionId"`
	}
	if err := c.invoke(ctx, "session/create", named(request), &v); err != nil {
		return "", err
	}
	if v.SessionID == "" {
		return "", c.fail("session/create", notProtocol("the new session has no id"))
	}
	return v.SessionID, nil
}

// promptRemote sends a prompt with a fresh requestId, which the host writes
// on the user message as its rpcId.
func (c *Client) promptRemote(ctx context.Context, id, mode, text string) error {
	return c.invoke(ctx, "session/prompt", named(map[string]any{
		"requestId": newRPCID(),
		"sessionId": id,
		"mode":      mode,
		"content":   []map[string]string{{"type": "text", "text": text}},
	}), nil)
}

func (c *Client) cancelRemote(ctx context.Context, id string) error {
	return c.invoke(ctx, "session/cancel", named(map[string]string{"sessionId": id}), nil)
}

// pageRemote reads the events of session id before seq before, in the log
// as of seq through (session/page), about max messages (≤ 0: the host's
// choice).
func (c *Client) pageRemote(ctx context.Context, id string, through, before int64, max int) (Page, error) {
	var v remote.Page
	err := c.again(ctx, func() error {
		var raw jsontext.Value
		if err := c.invoke(ctx, "session/page", remote.PageArgs(id, through, before, max), &raw); err != nil {
			return err
		}
		var err error
		if v, err = remote.ReadPage(raw); err != nil {
			return c.fail("session/page", notProtocol("%v", err))
		}
		return nil
	})
	if err != nil {
		return Page{}, err
	}
	p := Page{HasMore: v.HasMore}
	p.Events, p.Problems = readRecords(v.Records, id)
	return p, nil
}

// readRecords reads the records of a page or a snapshot; one that does not
// read is a problem, left out.
func readRecords(records []jsontext.Value, id string) ([]Event, []string) {
	var events []Event
	var problems []string
	for i, rec := range records {
		raw, err := remote.ReadRecord(rec)
		if err == nil {
			var ev Event
			if ev, err = readEvent(raw, nil); err == nil {
				events = append(events, ev)
				continue
			}
		}
		problems = append(problems, fmt.Sprintf("record %d of session %s: %v", i, id, err))
	}
	return events, problems
}
