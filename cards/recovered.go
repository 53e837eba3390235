package cards

import (
	"github.com/deck-tui/deck/session"
)

// recovered says, of a call the harness closed after the fact (it found
// it open in its log), its state in a few words and why: never started, or
// started with no result kept, when the harness stopped mid-turn (its
// crash recovery, on resuming) or where a fork's inherited history ends.
// Both "" for any other call.
func recovered(t *session.ToolCall) (state, why string) {
	forked := t.Result != nil && t.Result.Forked
	switch t.Status() {
	case session.CallNotStarted:
		if forked {
			return "not started", "this fork's history has no start of it: the parent may have run it after the fork"
		}
		return "not started", "the harness stopped before it ran, and closed it when it resumed"
	case session.CallOutcomeUnknown:
		if forked {
			return "outcome unknown", "this fork's history ends while it ran: the parent may have finished it after the fork"
		}
		return "outcome unknown", "the harness stopped while it ran, kept no result, and closed it when it resumed"
	}
	return "", ""
}

// recoveredCall draws a call the harness closed after the fact: its title
// as its own card would have it, its state in amber (no error: nothing
// says the tool failed), why, and dim under it what the harness told the
// model in its place. The result is never drawn as the tool's own: a
// command's card would show the harness's words as the command's output.
func recoveredCall(c *card, t *session.ToolCall, state, why string) {
	th := c.th
	c.header(status(th, t.Status()), title(c, t), line{{state, th.Notice}})
	c.body(line{{why, th.Notice}})
	if t.Result != nil {
		for _, b := range t.Result.Content {
			if b.Type == "text" && b.Text != "" {
				c.text(b.Text, th.Muted)
			}
		}
	}
}
