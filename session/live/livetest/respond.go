package livetest

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// respond checks an answer to an approval or a question the way the host
// does (a client-response echoing a pending request's rpcId, of the shape
// that request takes), and answers with a receipt.
func (h *Host) respond(w http.ResponseWriter, body []byte) {
	req := Request{Path: "/api/respond"}
	receipt := func(reason string) {
		if reason == "" {
			writeJSON(w, map[string]any{"accepted": true})
			return
		}
		writeJSON(w, map[string]any{"accepted": false, "reason": reason})
	}
	env, _ := asObject(body)
	var kind, rpc string
	result, _ := asObject(env["result"])
	var ok bool
	shape := jsonline.Unmarshal(env["type"], &kind) == nil && kind == "client-response" &&
		jsonline.Unmarshal(env["rpcId"], &rpc) == nil && result != nil && jsonline.Unmarshal(result["ok"], &ok) == nil
	req.RPCID, req.Payload = rpc, env["result"]
	if shape && !ok {
		failure, _ := asObject(result["error"])
		shape = failure != nil && failure.str("code", true) == "" && failure.str("message", false) == "" &&
			failure.has("message") && failure.has("details")
	}
	if !shape {
		req.Refused = "bad-response"
		h.record(req)
		h.fail("/api/respond with %s: not a client-response {type, rpcId, result:{ok:true, value} or {ok:false, error:{code, message, details}}}", body)
		receipt("bad-response")
		return
	}
	h.mu.Lock()
	pending, asked := h.pending[rpc], h.asked[rpc]
	h.mu.Unlock()
	if pending == nil {
		h.record(req)
		if !asked {
			h.fail("/api/respond echoes rpcId %q, which no approval/requested or question/requested frame carried", rpc)
		}
		receipt("not-pending") // answered already: the host says so, and that is no error of deck's
		return
	}
	a := arrival{kind: "respond", rpc: rpc}
	var bad string
	if pending.Type == "approval/requested" {
		a.outcome, bad = checkApproval(pending, ok, result["value"])
	} else {
		a.dismissed = !ok
		if ok {
			bad = checkAnswer(pending, result["value"])
		} else {
			var failure struct {
				Code string `json:"code"`
			}
			_ = jsonline.Unmarshal(result["error"], &failure)
			if failure.Code != "cancelled" {
				bad = fmt.Sprintf("a question is dismissed with error code \"cancelled\", not %q", failure.Code)
			}
		}
	}
	if bad != "" {
		req.Refused = "bad-response"
		h.record(req)
		h.fail("the host refuses the answer to %s %s as a bad-response: %s", pending.Type, rpc, bad)
		receipt("bad-response")
		return
	}
	h.record(req)
	if _, ok := h.await(a); !ok {
		h.fail("deck answered %s, but the %v recording waits for no answer here (it %s)", rpc, h.script.scenario, h.waitingFor())
	}
	receipt("")
}

// checkApproval checks the answer to an approval: ok:true with the request's
// sessionId and approvalId, and an outcome of allowed-once or rejected.
func checkApproval(req *frame, ok bool, raw jsontext.Value) (string, string) {
	if !ok {
		return "", "an approval cannot be dismissed: answer it with outcome \"rejected\""
	}
	var v struct {
		SessionID  string `json:"sessionId"`
		ApprovalID string `json:"approvalId"`
		Outcome    string `json:"outcome"`
	}
	if err := jsonline.Unmarshal(raw, &v); err != nil {
		return "", "the value does not read: " + jsonline.Short(err)
	}
	switch {
	case v.SessionID != req.SessionID || v.ApprovalID != req.ApprovalID:
		return "", fmt.Sprintf("it names session %q and approval %q, the request %q and %q",
			v.SessionID, v.ApprovalID, req.SessionID, req.ApprovalID)
	case v.Outcome != "allowed-once" && v.Outcome != "rejected":
		return "", fmt.Sprintf("outcome %q is not allowed-once or rejected", v.Outcome)
	}
	return v.Outcome, ""
}

// checkAnswer applies the host's rules to an answer batch: the request's
// sessionId, one answer per question in order with its id, labels among
// the options and none twice, free text not blank, and a single-choice
// question answered by one label or free text.
func checkAnswer(req *frame, raw jsontext.Value) string {
	var v struct {
		SessionID *string        `json:"sessionId"`
		Answer    jsontext.Value `json:"answer"`
	}
	if err := jsonline.Unmarshal(raw, &v); err != nil || v.SessionID == nil || v.Answer == nil {
		return "the value is not {sessionId, answer:{answers}}"
	}
	if *v.SessionID != req.SessionID {
		return fmt.Sprintf("it names session %q, the request %q", *v.SessionID, req.SessionID)
	}
	return checkAnswers(req, v.Answer)
}

// checkAnswers checks {answers}, the answer to a question request: rc.8's
// in its value's answer, a 0.2 host's as the waterfall's result.
func checkAnswers(req *frame, raw jsontext.Value) string {
	var v struct {
		Answers []struct {
			ID       *string   `json:"id"`
			Selected *[]string `json:"selected"`
			Custom   *string   `json:"custom"`
		} `json:"answers"`
	}
	var questions []struct {
		ID          string `json:"id"`
		MultiSelect bool   `json:"multiSelect"`
		Options     []struct {
			Label string `json:"label"`
		} `json:"options"`
	}
	_ = jsonline.Unmarshal(req.Questions, &questions)
	if err := jsonline.Unmarshal(raw, &v); err != nil || v.Answers == nil {
		return "the answer is not {answers}"
	}
	if len(v.Answers) != len(questions) {
		return fmt.Sprintf("%d answers to %d questions", len(v.Answers), len(questions))
	}
	for i, a := range v.Answers {
		q := questions[i]
		if a.ID == nil || a.Selected == nil {
			return fmt.Sprintf("answer %d lacks id or selected", i)
		}
		if *a.ID != q.ID {
			return fmt.Sprintf("answer %d is for %q where %q was asked", i, *a.ID, q.ID)
		}
		if a.Custom != nil && strings.TrimSpace(*a.Custom) == "" {
			return fmt.Sprintf("the free answer to %q is blank", q.ID)
		}
		if !q.MultiSelect && (len(*a.Selected) > 1 || (a.Custom != nil && len(*a.Selected) > 0)) {
			return fmt.Sprintf("%q takes one choice or a free answer", q.ID)
		}
		seen := map[string]bool{}
		for _, label := range *a.Selected {
			known := false
			for _, o := range q.Options {
				known = known || o.Label == label
			}
			if !known || seen[label] {
				return fmt.Sprintf("%q is not an option of %q, or is chosen twice", label, q.ID)
			}
			seen[label] = true
		}
	}
	return ""
}
