package live

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// askApproval announces an approval once: the mux replays a pending one,
// with its rpcId, each time it opens.
func (f *follower) askApproval(a ApprovalRequest) {
	for _, p := range f.approvals {
		if p.RPCID == a.RPCID {
			return
		}
	}
	f.approvals = append(f.approvals, a)
	f.emit(ApprovalAsked{Request: a})
}

func (f *follower) settleApproval(approvalID string, outcome session.ApprovalOutcome) {
	for i, p := range f.approvals {
		if p.ApprovalID == approvalID {
			f.approvals = append(f.approvals[:i:i], f.approvals[i+1:]...)
			f.w.answers.settle(p.RPCID)
			f.emit(ApprovalSettled{ApprovalID: approvalID, Outcome: outcome})
			return
		}
	}
}

// settleRequest settles the approval or question a 0.2 host asked under
// event id rpcID: deck answered it (an approval's outcome; "answered" or
// "cancelled" for a question), or the host withdrew it (outcome "").
func (f *follower) settleRequest(rpcID, outcome string) {
	for _, p := range f.approvals {
		if p.RPCID == rpcID {
			if outcome == "" {
				outcome = string(session.Cancelled) // answered elsewhere, or its call ended
			}
			f.settleApproval(p.ApprovalID, session.ApprovalOutcome(outcome))
			return
		}
	}
	if outcome == "" {
		outcome = "cancelled"
	}
	f.settleQuestion(rpcID, outcome)
}

func (f *follower) askQuestion(q QuestionRequest) {
	for _, p := range f.questions {
		if p.RPCID == q.RPCID {
			return
		}
	}
	f.questions = append(f.questions, q)
	f.emit(QuestionAsked{Request: q})
}

func (f *follower) settleQuestion(rpcID, outcome string) {
	for i, p := range f.questions {
		if p.RPCID == rpcID {
			f.questions = append(f.questions[:i:i], f.questions[i+1:]...)
			f.w.answers.settle(rpcID)
			f.emit(QuestionSettled{RPCID: rpcID, Outcome: outcome})
			return
		}
	}
}

// settledBy settles what an event shows settled when deck missed the
// settling frame, being disconnected: the durable approval/decided, and a
// turn's end, after which nothing of that turn waits for the user.
func (f *follower) settledBy(ev Event) {
	if len(f.approvals) == 0 && len(f.questions) == 0 {
		return
	}
	var e struct {
		Type string `json:"type"`
		Data struct {
			ID      string `json:"id"`
			Outcome string `json:"outcome"`
		} `json:"data"`
	}
	if jsonline.Unmarshal(ev.Raw, &e) != nil {
		return
	}
	switch e.Type {
	case "approval/decided":
		f.settleApproval(e.Data.ID, session.ApprovalOutcome(e.Data.Outcome))
	case "turn/end":
		for len(f.approvals) > 0 {
			a := f.approvals[0]
			outcome := session.Unavailable
			if given := f.w.answers.given(a.RPCID); given != "" {
				outcome = session.ApprovalOutcome(given) // deck's answer ended it
			}
			f.settleApproval(a.ApprovalID, outcome)
		}
		for len(f.questions) > 0 {
			q := f.questions[0]
			outcome := f.w.answers.given(q.RPCID)
			if outcome == "" {
				outcome = "unavailable"
			}
			f.settleQuestion(q.RPCID, outcome)
		}
	}
}
