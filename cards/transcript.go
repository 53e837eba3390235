package cards

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
)

// SessionHeader is the card at the top of a session: its title, and what
// it is (id, working directory, start, model, tokens).
func SessionHeader(s *session.Session, o Options) []string {
	c := newCard(o)
	th := c.th
	title := s.Title
	if title == "" {
		title = "untitled session"
	}
	c.lead(line{{"▌ ", th.Accent}}, safeLine(th, title, th.Title))
	var facts []string
	if s.Agent != "" {
		facts = append(facts, s.Agent)
	}
	if s.Header.ID != "" {
		facts = append(facts, s.Header.ID)
	}
	if s.Header.CreatedAt > 0 {
		facts = append(facts, time.UnixMilli(s.Header.CreatedAt).Format("2006-01-02 15:04"))
	}
	if s.Model != "" {
		facts = append(facts, s.Model)
	}
	if u := s.Usage; u.Input+u.Output+u.CacheRead > 0 {
		facts = append(facts, fmt.Sprintf("%s in · %s out tokens", tokens(u.Input+u.CacheRead+u.CacheWrite), tokens(u.Output)))
	}
	if len(facts) > 0 {
		c.body(safeLine(th, strings.Join(facts, " · "), th.Muted))
	}
	if s.Header.Cwd != "" {
		c.body(append(line{{"in ", th.Faint}}, safeLine(th, s.Header.Cwd, th.Path)...))
	}
	return c.rows
}

// tokens writes a token count short: 950, 12.3k, 1.2M.
func tokens(n int64) string {
	switch {
	case n < 1000:
		return fmt.Sprint(n)
	case n < 1000000:
		return fmt.Sprintf("%.1fk", float64(n)/1000)
	}
	return fmt.Sprintf("%.1fM", float64(n)/1e6)
}

// SessionFooter counts what the session holds, including what deck does not
// draw, so nothing goes unaccounted: tool calls, failures, notices and the
// bookkeeping events by type.
func SessionFooter(s *session.Session, o Options) []string {
	c := newCard(o)
	th := c.th
	calls, failed, pending := 0, 0, 0
	for _, e := range s.Entries {
		if t, ok := e.(*session.ToolCall); ok {
			calls++
			switch t.Status() {
			case session.CallFailed:
				failed++
			case session.CallPending:
				pending++
			}
		}
	}
	facts := []string{plural(calls, "tool call", "tool calls")}
	if failed > 0 {
		facts = append(facts, fmt.Sprintf("%d failed", failed))
	}
	if pending > 0 {
		facts = append(facts, fmt.Sprintf("%d without a result", pending))
	}
	if n := len(s.Notices()); n > 0 {
		facts = append(facts, plural(n, "notice", "notices"))
	}
	label := " " + strings.Join(facts, " · ") + " "
	if len(label)+4 <= o.Width {
		c.row(rule(th, o.Width, "──", label))
	} else {
		c.lead(line{{"── ", th.Faint}}, line{{strings.TrimSpace(label), th.Muted}})
	}
	if len(s.Hidden) > 0 {
		types := make([]string, 0, len(s.Hidden))
		total := 0
		for t, n := range s.Hidden {
			types = append(types, t)
			total += n
		}
		sort.Strings(types)
		parts := make([]string, len(types))
		for i, t := range types {
			parts[i] = fmt.Sprintf("%s ×%d", t, s.Hidden[t])
		}
		c.lead(nil, safeLine(th, fmt.Sprintf("%s not drawn: %s", plural(total, "bookkeeping event", "bookkeeping events"), strings.Join(parts, ", ")), th.Faint))
	}
	return c.rows
}

// Transcript draws a whole session: its header, every entry with a blank
// line between cards, and the footer. The runtime context stays collapsed
// even when the rest is expanded.
func Transcript(s *session.Session, o Options) []string {
	if o.Cwd == "" {
		o.Cwd = s.Header.Cwd
	}
	out := SessionHeader(s, o)
	for _, e := range s.Entries {
		eo := o
		if m, ok := e.(*session.UserMessage); ok && m.Role == session.RoleContext {
			eo.Expanded = false // the same snapshot every step: one line says it is there
		}
		rows := Render(e, eo)
		if len(rows) == 0 {
			continue
		}
		out = append(out, "")
		out = append(out, rows...)
	}
	out = append(out, "")
	return append(out, SessionFooter(s, o)...)
}
