package live

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/live/remote"
)

// Approve answers an approval request (POST /api/respond; on a 0.2 host,
// $events/result on the link it came by): outcome session.AllowedOnce or
// session.Rejected. The Watch settles the approval (ApprovalSettled), often
// before this returns; a Receipt that is not Accepted says it was settled
// already, here or elsewhere.
func (c *Client) Approve(ctx context.Context, a ApprovalRequest, outcome session.ApprovalOutcome) (Receipt, error) {
	if outcome != session.AllowedOnce && outcome != session.Rejected {
		return Receipt{}, fmt.Errorf("deck cannot answer an approval with %q: it is %q or %q", outcome, session.AllowedOnce, session.Rejected)
	}
	if a.via != nil || c.known() == v02 {
		if a.via == nil {
			return Receipt{}, errNoLink
		}
		return a.via.answer(ctx, a.RPCID, remote.Claimed(string(outcome)), string(outcome))
	}
	value := map[string]string{"sessionId": a.SessionID, "approvalId": a.ApprovalID, "outcome": string(outcome)}
	return c.respond(ctx, a.RPCID, map[string]any{"ok": true, "value": value})
}

// Answer answers a question request with one answer per question, in order.
// An answer the host would refuse as a bad response is refused here, with
// the reason.
func (c *Client) Answer(ctx context.Context, q QuestionRequest, answers []QuestionAnswer) (Receipt, error) {
	if err := checkAnswers(q, answers); err != nil {
		return Receipt{}, err
	}
	type wireAnswer struct {
		ID       string   `json:"id"`
		Selected []string `json:"selected"`
		Custom   string   `json:"custom,omitempty"`
	}
	list := make([]wireAnswer, len(answers))
	for i, a := range answers {
		list[i] = wireAnswer{ID: a.ID, Selected: append([]string{}, a.Selected...), Custom: a.Custom}
	}
	if q.via != nil || c.known() == v02 {
		if q.via == nil {
			return Receipt{}, errNoLink
		}
		return q.via.answer(ctx, q.RPCID, remote.Claimed(map[string]any{"answers": list}), "answered")
	}
	value := map[string]any{"sessionId": q.SessionID, "answer": map[string]any{"answers": list}}
	return c.respond(ctx, q.RPCID, map[string]any{"ok": true, "value": value})
}

// Dismiss cancels a question: the tool call fails and the turn goes on.
func (c *Client) Dismiss(ctx context.Context, q QuestionRequest) (Receipt, error) {
	if q.via != nil || c.known() == v02 {
		if q.via == nil {
			return Receipt{}, errNoLink
		}
		return q.via.answer(ctx, q.RPCID, remote.Refused(remote.Rejection{Name: "UserQuestionError",
			Message: "the user dismissed the question", Code: "ASK_CANCELLED"}), "cancelled")
	}
	fail := map[string]any{"code": "cancelled", "message": "Question cancelled.", "details": struct{}{}}
	return c.respond(ctx, q.RPCID, map[string]any{"ok": false, "error": fail})
}

// respond posts a client-response echoing the rpcId of the frame it answers.
// The host answers with a bare receipt, not a server-response.
func (c *Client) respond(ctx context.Context, rpcID string, result any) (Receipt, error) {
	body, err := wire(map[string]any{"type": "client-response", "rpcId": rpcID, "result": result})
	if err != nil {
		return Receipt{}, fmt.Errorf("deck cannot encode an answer: %w", err)
	}
	answer, _, err := c.post(ctx, "respond", body)
	if err != nil {
		return Receipt{}, err
	}
	var r struct {
		Accepted *bool  `json:"accepted"`
		Reason   string `json:"reason"`
	}
	if err := jsonline.Unmarshal(answer, &r); err != nil || r.Accepted == nil {
		return Receipt{}, c.fail("respond", notProtocol("the answer is not a receipt"))
	}
	return Receipt{Accepted: *r.Accepted, Reason: r.Reason}, nil
}

// checkAnswers applies the host's rules for an answer batch: one answer per
// question, same order and ids; chosen labels among the options, none twice;
// free text not blank; a single-choice question takes one label or free text.
func checkAnswers(q QuestionRequest, answers []QuestionAnswer) error {
	if len(answers) != len(q.Questions) {
		return fmt.Errorf("the host asked %d question(s) and takes one answer each, not %d", len(q.Questions), len(answers))
	}
	for i, a := range answers {
		qu := q.Questions[i]
		if a.ID != qu.ID {
			return fmt.Errorf("answer %d is for question %q, but the host asked %q there", i+1, a.ID, qu.ID)
		}
		if a.Custom != "" && strings.TrimSpace(a.Custom) == "" {
			return fmt.Errorf("the free answer to question %q is blank", qu.ID)
		}
		if !qu.Multi && len(a.Selected) > 1 {
			return fmt.Errorf("question %q takes one choice, not %d", qu.ID, len(a.Selected))
		}
		if !qu.Multi && len(a.Selected) > 0 && a.Custom != "" {
			return fmt.Errorf("question %q takes a choice or a free answer, not both", qu.ID)
		}
		for j, label := range a.Selected {
			if slices.Index(a.Selected, label) != j {
				return fmt.Errorf("the answer to question %q chooses %q twice", qu.ID, label)
			}
			if !slices.ContainsFunc(qu.Options, func(o Option) bool { return o.Label == label }) {
				return fmt.Errorf("question %q offers no option %q", qu.ID, label)
			}
		}
	}
	return nil
}
