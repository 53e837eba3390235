package codex

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/shellwords"
	"github.com/go-json-experiment/json/jsontext"
)

// approvalAsked shows an approval request (exec_approval_request,
// apply_patch_approval_request) on the call it names, by call_id: its
// reason, else what it asks to run. The rollout keeps no answer: a call
// whose output came was allowed, unless its output says it was rejected;
// one still waiting when its turn ends was never answered. A request for a
// call not in the log is a line of its own.
func (d *Decoder) approvalAsked(raw jsontext.Value) session.Outcome {
	var a struct {
		CallID  jsontext.Value `json:"call_id"`
		Reason  jsontext.Value `json:"reason"`
		Command jsontext.Value `json:"command"`
	}
	_ = jsonline.Unmarshal(raw, &a)
	id, _ := stringOf(a.CallID)
	reason, _ := stringOf(a.Reason)
	if reason == "" {
		var argv []string
		if jsonline.Unmarshal(a.Command, &argv) == nil && len(argv) > 0 {
			reason = "run " + shellwords.Command(argv)
		} else if s, _ := stringOf(a.Command); s != "" {
			reason = "run " + s
		}
	}
	c := d.calls[id]
	if id == "" || c == nil || len(c.cards) == 0 {
		summary := "approval asked"
		if id != "" {
			summary += " for call " + id
		}
		if reason != "" {
			summary += ": " + reason
		}
		d.s.Add(&session.Event{EntryBase: d.base(), Kind: "approval", Summary: summary})
		return session.AsEntry
	}
	for _, t := range c.cards {
		ap := &session.Approval{ID: id, Reason: reason}
		if t.Result != nil { // written after its output: it ran
			ap.Outcome = approvalOutcome(t)
		}
		t.Approval = ap
		d.s.Touch(t)
	}
	return session.AsMerge
}

// approvalOutcome is what became of the approval of a call that got its
// output.
func approvalOutcome(t *session.ToolCall) session.ApprovalOutcome {
	if t.Result != nil && t.Result.IsError || t.Status() == session.CallFailed {
		text := strings.ToLower(session.TextOf(t.Result.Content))
		if strings.Contains(text, "rejected") || strings.Contains(text, "declined") || strings.Contains(text, "denied") {
			return session.Rejected
		}
	}
	return session.AllowedOnce
}

// settleApprovals: the calls that got their output answer their approvals.
func (d *Decoder) settleApprovals(c *call) {
	for _, t := range c.cards {
		if t.Approval != nil && t.Approval.Outcome == "" && t.Result != nil {
			a := *t.Approval
			a.Outcome = approvalOutcome(t)
			t.Approval = &a
		}
	}
}
