package cards

import (
	"fmt"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// turnOutcome words why a turn ended, and how loudly.
func turnOutcome(th *theme.Theme, t *session.TurnEnd) (string, theme.Style) {
	with := func(s string) string {
		if t.Detail != "" {
			return s + " " + t.Detail
		}
		return s
	}
	switch t.Reason {
	case "completed":
		return "done", th.Muted
	case "aborted":
		return with("cancelled"), th.Notice
	case "error":
		return with("failed:"), th.Error
	case "max-tokens":
		return "stopped at the output token limit", th.Notice
	case "interrupted":
		return "interrupted: the harness stopped mid-turn", th.Notice
	case "max-steps":
		return "stopped at the step limit", th.Notice
	case "forked":
		return "closed when the session was forked", th.Muted
	case "blocked":
		return "blocked", th.Notice
	case "rejected":
		return with("rejected:"), th.Error
	}
	return with("ended: " + t.Reason), th.Notice
}

// plan: a todo list as a checklist.
func plan(c *card, p *session.Plan) {
	th := c.th
	done := 0
	for _, it := range p.Items {
		if it.Status == "completed" {
			done++
		}
	}
	c.header(span{"≡", th.Accent}, line{{"Plan", th.Title}}, line{{fmt.Sprintf("%d of %d done", done, len(p.Items)), th.Muted}})
	if p.Explanation != "" {
		c.text(p.Explanation, th.Muted)
	}
	for _, it := range p.Items {
		mark, st := planMark(th, it.Status)
		c.body(append(line{{mark, st}}, c.safeLine(it.Content, st)...))
	}
	if len(p.Items) == 0 {
		c.note("(empty)")
	}
}

// event: one line for a session event (a command, a compaction, a retry),
// with its longer text dim under it.
func event(c *card, e *session.Event) {
	th := c.th
	mark, st := span{"·", th.Faint}, th.Muted
	if e.Failed {
		mark, st = span{"✗", th.MarkFailed}, th.Error
	}
	c.lead(line{mark, {" ", st}}, c.safeLine(e.Summary, st))
	if e.Body == "" {
		return
	}
	c.textLines(e.Body, th.Muted)
}

// notice: what deck could not read, where.
func notice(c *card, n *session.Notice) {
	th := c.th
	c.lead(line{{"! ", th.Notice}}, c.safeLine(n.Text, th.Notice))
}

// ProcessGroup is the line that stands for a run of a turn's process
// cards (its tool calls and thinking) in the viewer's compact mode, as the
// web client's collapsed group: what they are, counted (e.Summary), red
// when one failed, and how to open it.
func ProcessGroup(e *session.Event, o Options) []string {
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	c := newCard(o)
	th := c.th
	mark, st := span{"▸", th.Accent}, th.Muted
	if e.Failed {
		mark, st = span{"▸", th.MarkFailed}, th.Error
	}
	l := c.safeLine(e.Summary, st)
	if o.ExpandHint {
		l = append(l, span{" · enter to open", th.Faint})
	}
	c.lead(line{mark, {" ", st}}, l)
	return c.rows
}
