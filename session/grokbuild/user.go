package grokbuild

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
)

// A user item is what a person typed, or text Grok Build sent in their
// place, which synthetic_reason names (conversation.rs, SyntheticReason).
// An item that opened a prompt turn says so with its prompt_index; one
// written before that field existed opened a turn when a person typed it.

// user is a prompt, a person's words mid-turn, or injected text.
func (d *Decoder) user(num int, r *record) (session.Outcome, string, error) {
	content, err := parts(r.Content)
	if err != nil {
		return 0, "", fmt.Errorf("`user` record: %w", err)
	}
	if len(content) == 0 {
		return session.AsBookkeeping, "empty user message", nil
	}
	b := base(num)
	role, source := session.RoleHuman, ""
	switch reason := r.SyntheticReason; {
	case d.sub: // a subagent's prompts are its caller's
		role, source = session.RoleInjected, "the calling agent"
	case reason == "" || reason == "interjection": // an interjection is typed, mid-turn
	case reason == "environment_context":
		role = session.RoleContext
	case reason == "agent_message" || reason == "parent_agent_message":
		role, source = session.RoleInjected, "another agent"
	default:
		role, source = session.RoleInjected, "Grok Build ("+strings.ReplaceAll(reason, "_", " ")+")"
	}
	// the older chat history (a role, no type) marks nothing: every user
	// message of it is a prompt
	starts := !d.sub && (r.PromptIndex.Kind() == '0' || len(r.PromptIndex) == 0 && r.SyntheticReason == "")
	if r.PriorTurnInterrupt != "" {
		d.interrupted(b, r.PriorTurnInterrupt)
	}
	if starts {
		d.turn++
		d.open = true
		d.s.Add(&session.TurnStart{EntryBase: b, Turn: d.turn})
	}
	d.s.Add(&session.UserMessage{EntryBase: b, Role: role, Source: source, Content: content})
	return session.AsEntry, "", nil
}

// interrupted says how the person stopped the turn before a prompt
// (PriorTurnInterrupt): as that turn's end, or, when the log holds no
// turn before it, as a line of its own.
func (d *Decoder) interrupted(b session.EntryBase, how string) {
	reason, detail := "aborted", "("+strings.ReplaceAll(how, "_", " ")+")"
	switch how {
	case "mid_turn_abort":
		detail = "(Esc or Ctrl+C)"
	case "permission_rejected":
		reason, detail = "rejected", "a permission was refused"
	case "permission_cancelled":
		detail = "at a permission prompt"
	}
	if d.open {
		d.s.Add(&session.TurnEnd{EntryBase: b, Turn: d.turn, Reason: reason, Detail: detail})
		d.open = false
		return
	}
	d.s.Add(&session.Event{EntryBase: b, Kind: "interrupted", Summary: "the turn before this prompt, not in this log, was " +
		map[string]string{"aborted": "cancelled ", "rejected": "ended: "}[reason] + detail})
}
