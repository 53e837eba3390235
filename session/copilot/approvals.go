package copilot

import (
	"github.com/deck-tui/deck/session"
)

// permission.requested asks the person to let a call run (a command, a
// write, a URL); permission.completed says how they answered. Both name
// the call (toolCallId), the answer by the request's id too: the card
// shows what was asked and the answer.

// permissionAsked reads permission.requested: the call's approval, asked.
func (d *Decoder) permissionAsked(env *envelope) (outcome, error) {
	var data struct {
		RequestID         string `json:"requestId"`
		PermissionRequest struct {
			Kind       string `json:"kind"`
			ToolCallID string `json:"toolCallId"`
			Intention  string `json:"intention"`
			Path       string `json:"path"`
			URL        string `json:"url"`
		} `json:"permissionRequest"`
	}
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	r := data.PermissionRequest
	c := d.s.Call(r.ToolCallID)
	if c == nil || r.ToolCallID == "" {
		return hidden(*env.Type), nil // asked of no call the log shows (a hook's, an extension's)
	}
	c.Approval = &session.Approval{ID: data.RequestID, Reason: firstOf(r.Intention, r.Path, r.URL, r.Kind)}
	d.asked[data.RequestID] = c
	d.s.Touch(c)
	return asMerge, nil
}

// permissionAnswered reads permission.completed: the answer, on the call
// whose approval was asked.
func (d *Decoder) permissionAnswered(env *envelope) (outcome, error) {
	var data struct {
		RequestID  string `json:"requestId"`
		ToolCallID string `json:"toolCallId"`
		Result     struct {
			Kind string `json:"kind"`
		} `json:"result"`
	}
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	c := d.asked[data.RequestID]
	if c == nil && data.ToolCallID != "" {
		c = d.s.Call(data.ToolCallID)
	}
	if c == nil {
		return hidden(*env.Type), nil
	}
	delete(d.asked, data.RequestID)
	a := session.Approval{ID: data.RequestID}
	if c.Approval != nil {
		a = *c.Approval
	}
	a.Outcome = answer(data.Result.Kind)
	c.Approval = &a
	d.s.Touch(c)
	return asMerge, nil
}

// answer is a PermissionResult's kind as deck words an approval's outcome.
func answer(kind string) session.ApprovalOutcome {
	switch kind {
	case "approved":
		return session.AllowedOnce
	case "approved-for-session":
		return session.AllowedForSession
	case "approved-for-location": // remembered for the folder, as always allowed there
		return session.AllowedAlways
	case "cancelled":
		return session.Cancelled
	}
	return session.Rejected // denied: by the person, by rules, by a hook or a policy, or with no one to ask
}
