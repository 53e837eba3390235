package livetest

import (
	"fmt"
	"maps"
	"net/http"
	"slices"

	"github.com/coder/websocket"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// mux serves a 0.2 host's one WebSocket: deck opens streams on it (open,
// cancel) and the host sends their items, errors and ends, and Pings.
func (h *Host) mux(w http.ResponseWriter, r *http.Request) {
	l := &link{remote: true, out: make(chan []byte, linkBuffer), follow: map[string]string{}, opened: map[string]bool{}}
	h.mu.Lock()
	h.links[l] = true
	h.mu.Unlock()
	h.runLink(w, r, l, func(conn *websocket.Conn) {
		for {
			_, data, err := conn.Read(h.ctx)
			if err != nil {
				return
			}
			if why := h.clientMessage(l, data); why != "" {
				h.fail("the host closes the mux: %s", why)
				conn.Close(websocket.StatusPolicyViolation, "invalid Remote stream client message")
				return
			}
		}
	})
}

// clientMessage takes one message of deck's on the mux: open or cancel, as
// the gateway parses them, exactly. It says why the host would close the
// socket, or "".
func (h *Host) clientMessage(l *link, data []byte) string {
	m, bad := asObject(data)
	if bad != "" {
		return "a message that " + bad
	}
	var kind, id, endpoint string
	_ = jsonline.Unmarshal(m["type"], &kind)
	_ = jsonline.Unmarshal(m["streamId"], &id)
	_ = jsonline.Unmarshal(m["endpoint"], &endpoint)
	switch {
	case kind == "cancel" && id != "" && len(m) == 2:
		h.mu.Lock()
		defer h.mu.Unlock()
		h.endStream(l, id)
		return ""
	case kind != "open" || id == "" || endpoint == "" || len(m) != 4 || !m.has("payload"):
		return fmt.Sprintf("%s is not {type:\"open\", streamId, endpoint, payload} or {type:\"cancel\", streamId}", data)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if l.opened[id] {
		return "deck opened stream " + quote(id) + " twice"
	}
	l.opened[id] = true
	payload, _ := asObject(m["payload"])
	args, _ := asObject(payload["args"])
	req := Request{Path: remoteMux, Method: endpoint, Payload: payload["args"]}
	var issue string
	switch {
	case payload == nil || args == nil || len(payload) != 1:
		issue = "the payload is not {args: {…}}"
	case endpoint == "$events" || endpoint == "session/control":
		issue = args.only("the arguments of " + endpoint)
		if endpoint == "$events" && issue != "" {
			issue = "the forwarded-event stream requires an empty args object"
		}
	case endpoint == "session/follow":
		issue = checkFollow(args)
		req.Payload = args["request"]
	default:
		issue = "the host has no stream " + quote(endpoint)
	}
	if issue != "" {
		req.Refused = issue
		h.requests = append(h.requests, req)
		h.failLocked("the real host fails the %s stream deck opened: %s", endpoint, issue)
		h.toStream(l, map[string]any{"type": "error", "streamId": id, "error": map[string]any{
			"code": "gateway/arguments-invalid", "message": issue, "details": map[string]any{}}})
		return ""
	}
	h.requests = append(h.requests, req)
	if e := h.refusal(endpoint); e != nil {
		h.toStream(l, map[string]any{"type": "error", "streamId": id, "error": e})
		return ""
	}
	switch endpoint {
	case "$events":
		l.events, l.client = id, newID()
		h.toStream(l, item(id, map[string]any{"type": "ready", "clientId": l.client, "host": map[string]any{"home": h.remote.home}}))
		for _, f := range h.pendingInOrder() {
			h.toStream(l, item(id, h.waterfall(f)))
		}
	case "session/control":
		l.control = id
		baselines := map[string]any{}
		for sid, s := range h.sessions {
			if s.attached {
				baselines[sid] = map[string]any{"asOfSeq": s.committed, "values": maps.Clone(s.proj)}
			}
		}
		h.toStream(l, item(id, map[string]any{"type": "baseline", "value": map[string]any{"projections": baselines}}))
	case "session/follow":
		h.openFollow(l, id, args)
	}
	return ""
}

// openFollow sends a follow stream's snapshot: the tail of the session's
// log as of now, with its header, cut and projections; the session's later
// events follow it on the stream.
func (h *Host) openFollow(l *link, id string, args object) {
	req, _ := asObject(args["request"])
	var address struct {
		SessionID string `json:"sessionId"`
	}
	_ = jsonline.Unmarshal(req["address"], &address)
	limit := int64(defaultMessages)
	_ = jsonline.Unmarshal(req["maxMessages"], &limit)
	s := h.sessions[address.SessionID]
	if s == nil {
		h.toStream(l, map[string]any{"type": "error", "streamId": id, "error": notFoundRemote(address.SessionID)})
		return
	}
	cut, end, _ := s.window(s.committed, nil, limit)
	h.toStream(l, item(id, map[string]any{"type": "snapshot",
		"header":  map[string]any{"version": 4, "id": s.id, "createdAt": s.createdAt(), "cwd": s.cwd, "isSeeded": false},
		"cursor":  s.committed,
		"records": h.records(s, cut, end), "hasMore": cut > 0,
		"projections": map[string]any{"asOfSeq": s.committed, "values": maps.Clone(s.proj)}}))
	l.follow[id] = s.id
}

// createdAt is the time of the session's first event, or 0.
func (s *session) createdAt() int64 {
	if len(s.log) == 0 {
		return 0
	}
	var e struct {
		Time int64 `json:"time"`
	}
	_ = jsonline.Unmarshal(s.log[0], &e)
	return e.Time
}

// records are events [cut, end) as records: {type:"event", event}, with no
// view (a 0.2 host attaches none).
func (h *Host) records(s *session, cut, end int64) []any {
	out := []any{}
	for i := cut; i < end; i++ {
		out = append(out, map[string]any{"type": "event", "event": jsontext.Value(h.rewrite(s.log[i]))})
	}
	return out
}

// pageRemote serves session/page from the log as of throughSeq, cut as
// history is. Called without h.mu.
func (h *Host) pageRemote(s *session, req object) (any, *rpcError) {
	var through int64
	var before, limit *int64
	_ = jsonline.Unmarshal(req["throughSeq"], &through)
	_ = jsonline.Unmarshal(req["beforeSeq"], &before)
	_ = jsonline.Unmarshal(req["maxMessages"], &limit)
	h.mu.Lock()
	defer h.mu.Unlock()
	if through > s.committed {
		// deck asks for a log it was told holds through: refused, as a page
		// past the log is; no failure of deck's.
		return nil, &rpcError{Code: "gateway/bad-request", Message: "throughSeq is past the log", Details: map[string]any{}}
	}
	max := int64(defaultMessages)
	if limit != nil {
		max = *limit
	}
	cut, end, _ := s.window(through, before, max)
	return map[string]any{"records": h.records(s, cut, end), "hasMore": cut > 0}, nil
}

// listRemote is session/list's value: rc.8's rows, as the 0.2 host writes
// them.
func (h *Host) listRemote() any {
	h.mu.Lock()
	defer h.mu.Unlock()
	items := []map[string]any{}
	for _, s := range h.sessions {
		kind := "cached"
		if s.attached {
			kind = "sequenced"
		}
		items = append(items, map[string]any{"agentAvailable": s.attached, "formatStatus": "current",
			"sessionId": s.id, "updatedAt": s.updatedAt, "running": s.running, "blank": s.blank, "cwd": s.cwd,
			"projections": map[string]any{"kind": kind, "asOfSeq": s.committed, "values": maps.Clone(s.proj)}})
	}
	slices.SortFunc(items, func(a, b map[string]any) int {
		return int(b["updatedAt"].(int64) - a["updatedAt"].(int64))
	})
	return map[string]any{"items": items}
}

// item wraps a stream's value as an item frame.
func item(streamID string, value any) map[string]any {
	return map[string]any{"type": "item", "streamId": streamID, "value": value}
}

// toStream sends one frame on a link. Called with h.mu held.
func (h *Host) toStream(l *link, frame map[string]any) {
	b, err := compact(frame)
	if err != nil {
		h.failLocked("livetest cannot encode %v: %v", frame, err)
		return
	}
	select {
	case l.out <- b:
	default:
		h.failLocked("deck does not read its mux: %d frames wait unread", linkBuffer)
		l.close()
	}
}

// endStream forgets a stream deck cancelled. Called with h.mu held.
func (h *Host) endStream(l *link, id string) {
	delete(l.follow, id)
	switch id {
	case l.events:
		l.events, l.client = "", ""
	case l.control:
		l.control = ""
	}
}

// The streams a value goes to, on every open mux. Called with h.mu held.
func (h *Host) toEvents(value any) {
	for l := range h.links {
		if l.remote && l.events != "" {
			h.toStream(l, item(l.events, value))
		}
	}
}

func (h *Host) toControl(value any) {
	for l := range h.links {
		if l.remote && l.control != "" {
			h.toStream(l, item(l.control, value))
		}
	}
}

func (h *Host) toFollow(sessionID string, value any) {
	for l := range h.links {
		for id, sid := range l.follow {
			if sid == sessionID {
				h.toStream(l, item(id, value))
			}
		}
	}
}
