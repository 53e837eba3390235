package livetest

import (
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// rpcError is a business refusal: HTTP 200, ok:false.
type rpcError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details map[string]any `json:"details"`
}

func notFound(id, more string) *rpcError {
	return &rpcError{Code: "session-not-found", Message: fmt.Sprintf("session %q not found%s", id, more),
		Details: map[string]any{"sessionId": id}}
}

func badRequest(message string, issue string) *rpcError {
	issues := []any{}
	if issue != "" {
		issues = append(issues, map[string]any{"message": issue})
	}
	return &rpcError{Code: "bad-request", Message: message, Details: map[string]any{"issues": issues}}
}

// unary checks a client-request envelope and its payload, and answers it.
func (h *Host) unary(w http.ResponseWriter, method string, body []byte) {
	req := Request{Path: "/api/" + method}
	env, _ := asObject(body)
	var kind, rpc, named string
	okType := jsonline.Unmarshal(env["type"], &kind) == nil && kind == "client-request"
	okID := jsonline.Unmarshal(env["rpcId"], &rpc) == nil
	okMethod := jsonline.Unmarshal(env["method"], &named) == nil
	req.RPCID, req.Method, req.Payload = rpc, named, env["payload"]
	var e *rpcError
	switch {
	case env == nil || !okType || !okID || !okMethod:
		if !okID {
			rpc = "invalid-request"
		}
		e = badRequest("invalid client-request message", "not {type:\"client-request\", rpcId, method, payload}")
	case named != method:
		e = badRequest(fmt.Sprintf("method %q does not match path %q", named, method), "")
	default:
		if issue := checkPayload(method, env["payload"]); issue != "" {
			e = badRequest("invalid payload for "+method, issue)
		}
	}
	if e != nil {
		req.Refused = e.Message
		h.record(req)
		h.fail("the real host refuses %s: %s (%v)", method, e.Message, e.Details["issues"])
		writeResponse(w, rpc, nil, e)
		return
	}
	h.record(req)
	h.mu.Lock()
	more := h.listMore
	h.mu.Unlock()
	if method == "session.list" && more > 0 {
		h.writeLongList(w, rpc, more)
		return
	}
	payload, _ := asObject(env["payload"])
	value, e := h.answer(method, rpc, payload)
	writeResponse(w, rpc, value, e)
}

func writeResponse(w http.ResponseWriter, rpc string, value any, e *rpcError) {
	result := map[string]any{"ok": true, "value": value}
	if e != nil {
		result = map[string]any{"ok": false, "error": e}
	}
	writeJSON(w, map[string]any{"type": "server-response", "rpcId": rpc, "result": result})
}

func writeJSON(w http.ResponseWriter, v any) {
	b, err := compact(v)
	if err != nil {
		http.Error(w, "handler failure: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// answer answers one call whose envelope and payload passed the checks.
func (h *Host) answer(method, rpc string, p object) (any, *rpcError) {
	var id string
	_ = jsonline.Unmarshal(p["sessionId"], &id)
	h.mu.Lock()
	s := h.sessions[id]
	h.mu.Unlock()
	switch method {
	case "host.describe":
		return h.describe(), nil
	case "session.list":
		return h.list(), nil
	case "workspace.list":
		return h.hostAnswer(4), nil
	case "agentPreset.list":
		return h.hostAnswer(5), nil
	case "session.models":
		if s == nil {
			return nil, notFound(id, "")
		}
		return h.captured(7), nil
	case "session.history":
		if s == nil {
			return nil, notFound(id, "")
		}
		return h.history(s, p), nil
	case "session.create":
		var cwd string
		_ = jsonline.Unmarshal(p["cwd"], &cwd)
		if p.has("cwd") && !absolute(cwd) {
			h.fail("session.create with cwd %q: the host takes only an absolute path", cwd)
			return nil, &rpcError{Code: "internal", Message: fmt.Sprintf(
				"failed to create session: Error: session header cwd must be an absolute path, got %q", cwd),
				Details: map[string]any{}}
		}
		return h.trigger("create", arrival{rpc: rpc, payload: p})
	case "session.prompt":
		if s == nil {
			return nil, notFound(id, "")
		}
		if emptyPrompt(p["content"]) {
			h.fail("deck sent an empty prompt to %s; the host would start a turn with nothing in it", id)
		}
		return h.trigger("prompt", arrival{rpc: rpc, payload: p})
	case "session.cancel":
		if s == nil || !s.attached {
			return nil, notFound(id, " (not attached)")
		}
		return h.trigger("cancel", arrival{rpc: rpc, payload: p})
	}
	h.fail("livetest does not model %s (a real host method); the %v scenario never called it", method, h.script.scenario)
	return nil, &rpcError{Code: "internal", Message: "livetest does not model " + method, Details: map[string]any{}}
}

// trigger hands a call the recording waited for to the replay, which pushes
// the frames around its answer.
func (h *Host) trigger(kind string, a arrival) (any, *rpcError) {
	a.kind = kind
	v, ok := h.await(a)
	if !ok {
		h.fail("deck called %s, but the %v recording has no such call here (it %s)", kind, h.script.scenario, h.waitingFor())
		return nil, &rpcError{Code: "internal", Message: "livetest: no recorded " + kind + " here", Details: map[string]any{}}
	}
	return v, nil
}

// captured is the value of a call of the web-api run (its api-calls line n+1).
func (h *Host) captured(n int) jsontext.Value {
	return h.corpus.runs["web-api"].calls[n].value()
}

// hostAnswer is the value of host.describe (n 2), workspace.list (4) or
// agentPreset.list (5) as the scenario's own host answered it: the rc.2
// run asked them on the same api-calls lines; the other rc.8 runs did not
// ask them all, so web-api's answers stand for theirs.
func (h *Host) hostAnswer(n int) jsontext.Value {
	if h.script.run == nextRun {
		return h.script.rec.calls[n].value()
	}
	return h.captured(n)
}

func (h *Host) describe() any {
	var v map[string]any
	_ = jsonline.Unmarshal(h.hostAnswer(2), &v)
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, s := range h.sessions {
		if s.attached {
			n++
		}
	}
	v["attachedSessions"] = n
	return v
}

func (h *Host) list() any {
	h.mu.Lock()
	defer h.mu.Unlock()
	items := []map[string]any{}
	for _, s := range h.sessions {
		items = append(items, map[string]any{"sessionId": s.id, "updatedAt": s.updatedAt, "running": s.running,
			"blank": s.blank, "cwd": s.cwd, "agentPreset": s.preset,
			"projections": map[string]any{"asOfSeq": s.committed, "values": maps.Clone(s.proj)}})
	}
	slices.SortFunc(items, func(a, b map[string]any) int {
		return int(b["updatedAt"].(int64) - a["updatedAt"].(int64))
	})
	return map[string]any{"items": items}
}

// emptyPrompt reports content with no text and no image.
func emptyPrompt(raw jsontext.Value) bool {
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	_ = jsonline.Unmarshal(raw, &parts)
	for _, p := range parts {
		if p.Type != "text" || strings.TrimSpace(p.Text) != "" {
			return false
		}
	}
	return true
}
