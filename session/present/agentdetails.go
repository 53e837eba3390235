package present

import (
	"regexp"

	"github.com/deck-tui/deck/session"
)

// The details row of the agent tools (control-details-model.ts as the
// zsagi1368 fork of the harness keeps it): a message's and an interrupt's
// receipts, a subagent started or its reply under the task it was given.

func init() {
	detailRules["send_message"] = sendMessageDetails
	detailRules["interrupt_agent"] = interruptDetails
	detailRules["subagent"] = subagentDetails
}

func sendMessageDetails(a Args, text string) *session.Details {
	target, badge := detailTarget(a), ""
	if r, ok := recordResult(text); ok {
		switch r.at("status") {
		case "accepted":
			badge = "Message delivered"
		case "queued":
			badge = "Queued"
		}
	}
	if badge == "" && text == "message delivered to agent "+target {
		badge = "Message delivered"
	}
	if badge == "" {
		return nil
	}
	d := receipt(target, badge)
	d.Items[0].Description = a.Str("message")
	return d
}

func interruptDetails(a Args, text string) *session.Details {
	target := detailTarget(a)
	if r, ok := recordResult(text); ok {
		if prev, ok := r.at("previousStatus").(string); ok {
			return receipt(target, "Interrupt requested", session.DetailField{Label: "Previous status", Value: statusWord(prev)})
		}
	}
	if text == "interrupt requested for agent "+target {
		return receipt(target, "Interrupt requested")
	}
	return nil
}

var subagentStarted = regexp.MustCompile(`^started (background subagent job|subagent) (\S+)$`)

// subagentDetails reads any other text as the agent's reply: the client
// has no shape it declines.
func subagentDetails(a Args, text string) *session.Details {
	if m := subagentStarted.FindStringSubmatch(text); m != nil {
		label := "Job ID"
		if m[1] == "subagent" {
			label = "Agent ID"
		}
		return receipt(a.Str("prompt"), "Started", session.DetailField{Label: label, Value: m[2]})
	}
	return &session.Details{Summary: "Agent response", Empty: noResults, Items: []session.DetailItem{
		{Title: "Agent response", Description: text},
		{Title: "Task", Depth: 1},
		{Description: a.Str("prompt"), Depth: 2},
	}}
}
