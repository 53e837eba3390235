package livetest

import (
	"fmt"
	"slices"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// pushRemote sends a recorded frame as the 0.2 host's protocol carries it,
// committing it first when commit (a recorded frame, not one a test sent):
//
//	session/event        a session/follow event item, to the session's followers
//	session/projection   a session/control projection item
//	session/queue        a session/control projection of inbox
//	approval/requested   an $events waterfall approval/request
//	question/requested   an $events waterfall user-questions/request
//	approval/resolved,   an $events cancel of the waterfall, to every
//	question/resolved    generation but the one that answered it
//	host/session-status  an $events emit api-session/status
//	host/agent-error     an $events emit api-session/error
//	host/session-added   an $events emit api-session/added
//	stream/error         an $events error: the generation ends
//
// Called with h.mu held.
func (h *Host) pushRemote(f *frame, commit bool) {
	var withdrawn string // the waterfall a resolved frame settles
	switch f.Type {
	case "question/resolved":
		withdrawn = f.QuestionRPCID
	case "approval/resolved":
		for rpc, p := range h.pending {
			if p.ApprovalID == f.ApprovalID {
				withdrawn = rpc
			}
		}
	}
	if commit {
		h.commit(f)
	}
	switch f.Type {
	case "session/event":
		if commit && h.withheld > 0 {
			h.withheld--
			return
		}
		h.toFollow(f.SessionID, map[string]any{"type": "event", "event": jsontext.Value(h.rewrite(f.Event))})
	case "session/projection":
		h.toControl(map[string]any{"type": "projection", "sessionId": f.SessionID, "key": f.Key,
			"value": f.Value, "seq": *f.Seq})
	case "session/queue":
		// Each change of a 0.2 host's inbox is an event of the log: a later
		// value has a later seq.
		var seq int64
		if s := h.sessions[f.SessionID]; s != nil {
			seq = max(s.committed, s.inboxSeq+1)
			s.inboxSeq = seq
		}
		h.toControl(map[string]any{"type": "projection", "sessionId": f.SessionID, "key": "inbox",
			"value": inbox(jsontext.Value(h.rewrite(f.Items))), "seq": seq})
	case "approval/requested", "question/requested":
		h.toEvents(h.waterfall(f))
	case "approval/resolved", "question/resolved":
		if withdrawn == "" {
			return
		}
		winner := h.remote.answeredBy[withdrawn]
		for l := range h.links {
			if l.remote && l.events != "" && l.client != winner {
				h.toStream(l, item(l.events, map[string]any{"type": "cancel", "eventId": withdrawn}))
			}
		}
	case "host/session-status":
		h.toEvents(emit("api-session/status", f.SessionID, *f.Running))
	case "host/agent-error":
		h.toEvents(emit("api-session/error", f.SessionID, f.Message))
	case "host/session-added":
		h.toEvents(emit("api-session/added", map[string]any{"sessionId": f.SessionID, "cwd": f.Cwd}))
	case "stream/error":
		for l := range h.links {
			if l.remote && l.events != "" {
				h.toStream(l, map[string]any{"type": "error", "streamId": l.events, "error": f.Error})
				l.events, l.client = "", ""
			}
		}
	}
}

func emit(event string, args ...any) map[string]any {
	return map[string]any{"type": "emit", "event": event, "args": args}
}

// waterfall is the $events item of a recorded request frame: its rpcId is
// the event id, the session's id the agent's.
func (h *Host) waterfall(f *frame) map[string]any {
	w := map[string]any{"type": "waterfall", "eventId": f.RPCID, "agentId": f.SessionID}
	if f.Type == "question/requested" {
		w["event"] = "user-questions/request"
		w["request"] = map[string]any{"questions": f.Questions}
		return w
	}
	request := map[string]any{"toolName": f.ToolName, "approvalRequestId": f.ApprovalID}
	if f.CallID != "" {
		request["callId"] = f.CallID
	}
	if f.Reason != "" {
		request["reason"] = f.Reason
	}
	w["event"] = "approval/request"
	w["request"] = request
	return w
}

// pendingInOrder are the waterfalls not yet settled, in the order asked: a
// new generation is asked them again, under their event ids. Called with
// h.mu held.
func (h *Host) pendingInOrder() []*frame {
	var out []*frame
	for _, f := range h.pending {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *frame) int { return int(a.T - b.T) })
	return out
}

// inbox is the 0.2 host's inbox projection of rc.8's queue items: the
// prompts for the next turn, and those for the next step.
func inbox(items jsontext.Value) map[string]any {
	var list []struct {
		Placement string         `json:"placement"`
		Message   jsontext.Value `json:"message"`
	}
	_ = jsonline.Unmarshal(items, &list)
	out := map[string]any{"next-turn": []any{}, "next-step": []any{}}
	for _, it := range list {
		key := "next-turn"
		if it.Placement == "steering" {
			key = "next-step"
		}
		out[key] = append(out[key].([]any), it.Message)
	}
	return out
}

// result takes deck's answer to a waterfall ($events/result): checked as
// the gateway does (the client id of a live generation, a waterfall it was
// asked) and as the asker does (an approval's outcome, a question's
// answers), then handed to the replay, which waits for it. A pass (next)
// is noted; a late answer, to a waterfall settled already, is taken
// quietly, as the host takes it.
func (h *Host) result(args object) (any, *rpcError) {
	var client, eventID string
	_ = jsonline.Unmarshal(args["clientId"], &client)
	_ = jsonline.Unmarshal(args["eventId"], &eventID)
	outcome, _ := asObject(args["outcome"])
	var kind string
	_ = jsonline.Unmarshal(outcome["kind"], &kind)
	h.mu.Lock()
	live := false
	for l := range h.links {
		live = live || (l.remote && l.client == client)
	}
	pending, asked := h.pending[eventID], h.asked[eventID]
	h.mu.Unlock()
	switch {
	case !live:
		h.fail("$events/result names client %q, no live generation's: deck answers under an old link's id", client)
		return nil, &rpcError{Code: "gateway/bad-request", Message: "unknown Remote event client", Details: map[string]any{}}
	case !asked:
		h.fail("$events/result answers event %q, which no waterfall carried", eventID)
		return nil, nil
	case pending == nil || kind == "next":
		return nil, nil
	}
	a := arrival{kind: "respond", rpc: eventID}
	var bad string
	if pending.Type == "approval/requested" {
		var value string
		if kind != "result" || jsonline.Unmarshal(outcome["value"], &value) != nil ||
			(value != "allowed-once" && value != "rejected") {
			bad = fmt.Sprintf("an approval is answered with a result allowed-once or rejected, not %s", args["outcome"])
		}
		a.outcome = value
	} else {
		a.dismissed = kind == "rejected"
		if !a.dismissed {
			bad = checkAnswers(pending, outcome["value"])
		}
	}
	if bad != "" {
		h.fail("the host rejects the answer to %s %s: %s", pending.Type, eventID, bad)
		return nil, &rpcError{Code: "gateway/input-invalid", Message: bad, Details: map[string]any{}}
	}
	h.mu.Lock()
	h.remote.answeredBy[eventID] = client
	h.mu.Unlock()
	if _, ok := h.await(a); !ok {
		h.fail("deck answered %s, but the %v recording waits for no answer here (it %s)", eventID, h.script.scenario, h.waitingFor())
	}
	return nil, nil
}

// sendRemote is Send on a 0.2 host: Raw bytes as they are, on every mux;
// a payload of rc.8's frame types as pushRemote turns them, not committed.
func (h *Host) sendRemote(payload any) {
	if msg, ok := payload.(Raw); ok {
		var f struct {
			Value struct {
				Type    string `json:"type"`
				EventID string `json:"eventId"`
			} `json:"value"`
		}
		_ = jsonline.Unmarshal(msg, &f)
		h.mu.Lock()
		defer h.mu.Unlock()
		if f.Value.Type == "waterfall" {
			h.asked[f.Value.EventID] = true // a waterfall of the test's: deck may answer it
		}
		for l := range h.links {
			if l.remote {
				select {
				case l.out <- msg:
				default:
				}
			}
		}
		return
	}
	body, err := compact(payload)
	if err != nil {
		h.t.Fatalf("livetest: Send: %v", err)
	}
	msg, _ := compact(map[string]any{"type": "server-request", "rpcId": newID(), "payload": jsontext.Value(body)})
	f, err := parseFrame(msg, true, 0)
	if err != nil {
		h.t.Fatalf("livetest: Send: %v", err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if f.Type == "session/event" && len(f.Event) == 0 { // as rc.8's frame without event: an item without one
		h.toFollow(f.SessionID, map[string]any{"type": "event"})
		return
	}
	h.pushRemote(&f, false)
}
