package cards

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// deniedCall draws a call the harness's auto review refused to run
// (AUTO_REVIEW_DENIED): its title as its own card would have it, that the
// review denied it, and the reviewer's reason on one line in place of any
// output, as the web client shows it (auto-review-denial.ts): the tool
// never ran, so there is none.
func deniedCall(c *card, t *session.ToolCall) {
	th := c.th
	facts := []line{{{"denied by auto review", th.Error}}}
	if ms, ok := t.Elapsed(); ok {
		facts = append(facts, line{{duration(ms), th.Faint}})
	}
	c.header(status(th, t.Status()), title(c, t), facts...)
	reason := "auto review did not authorize this action"
	if r := deniedReason(t.Result.Error.Reason); r != "" {
		reason = r
	}
	c.body(append(line{{"not run: ", th.Error}}, c.safeLine(reason, th.Muted)...))
}

// deniedReason is a reviewer's reason on one line: trimmed, each run of
// line breaks one space; "" when nothing is left.
func deniedReason(reason string) string {
	return strings.Join(strings.FieldsFunc(strings.TrimSpace(reason), func(r rune) bool {
		return r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029'
	}), " ")
}
