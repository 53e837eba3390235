package cards

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
)

// subagentsShown is how many children the header names; the rest are
// counted.
const subagentsShown = 12

// subagents adds the session's catalog of children to its header, as the
// harness's web client lists it in its header: how many, how many run;
// then a row a child, its label (and id), its mode and, as far as its own
// log says, whether it runs or completed, its tokens and its time.
func (c *card) subagents(all []session.Subagent) {
	if len(all) == 0 {
		return
	}
	th := c.th
	c.body(c.safeLine(SubagentsHead(all), th.Muted))
	for _, a := range all[:min(len(all), subagentsShown)] {
		l := c.safeLine(SubagentName(a), th.Text)
		if facts := SubagentFacts(a); len(facts) > 0 {
			l = append(l, c.safeLine(" · "+strings.Join(facts, " · "), th.Muted)...)
		}
		c.bodyAt(l, 2*indent)
	}
	if n := len(all) - subagentsShown; n > 0 {
		c.bodyAt(line{{"+" + strconv.Itoa(n) + " more", th.Muted}}, 2*indent)
	}
}

// SubagentName is a child as the catalog names it: its label and its id,
// or its id alone.
func SubagentName(a session.Subagent) string {
	if a.Label != "" && a.Label != a.ID {
		return a.Label + " (" + a.ID + ")"
	}
	return a.ID
}

// SubagentsHead says how many children the catalog holds and how many of
// them run: "subagents: 3 · 1 running".
func SubagentsHead(all []session.Subagent) string {
	running := 0
	for _, a := range all {
		if a.Log != nil && a.Log.Running {
			running++
		}
	}
	head := "subagents: " + strconv.Itoa(len(all))
	if running > 0 {
		head += " · " + strconv.Itoa(running) + " running"
	}
	return head
}

// SubagentFacts are what the catalog says of a child after its name: its
// mode; then, from its own log when deck read it, whether it runs, or
// completed, or neither (inactive), its tokens and its time. A child that
// ran elsewhere has no state.
func SubagentFacts(a session.Subagent) []string {
	mode := a.Mode
	if mode == "" {
		mode = "no mode given"
	}
	facts := []string{mode}
	l := a.Log
	if a.External() || l == nil {
		return facts
	}
	switch {
	case l.Running:
		facts = append(facts, "running")
	case l.Completed:
		facts = append(facts, "completed")
	default:
		facts = append(facts, "inactive")
	}
	if l.Tokens > 0 {
		facts = append(facts, Tokens(l.Tokens)+" tokens")
	}
	if l.Duration > 0 {
		facts = append(facts, stats.Measured(l.Duration).Millis())
	}
	return facts
}
