package cards

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// sessionHeader is the card at the top of a session: its title, and what
// it is (id, working directory, start, model), with the web client's stats
// pills (turns, steps, speed; tokens and cache hits) and its catalog of
// subagents.
func sessionHeader(s *session.Session, st stats.Stats, o Options) []string {
	c := newCard(o)
	th := c.th
	title := s.Title
	if title == "" {
		title = "untitled session"
	}
	c.lead(line{{"▌ ", th.Accent}}, c.safeLine(title, th.Title))
	var facts []string
	if s.Agent != "" {
		facts = append(facts, s.Agent)
	}
	if s.Header.ID != "" && s.Header.ID != title { // a session titled by its id says it once
		facts = append(facts, s.Header.ID)
	}
	if s.Header.CreatedAt > 0 {
		facts = append(facts, time.UnixMilli(s.Header.CreatedAt).Format("2006-01-02 15:04"))
	}
	if s.Model != "" {
		facts = append(facts, s.Model)
	}
	if by := TitledBy(s); by != "" {
		facts = append(facts, by)
	}
	if pill := ActivityPill(st); pill != "" {
		facts = append(facts, pill)
	}
	if pill := UsagePill(s.Usage); pill != "" {
		facts = append(facts, pill)
	}
	c.factRows(facts, th.Muted)
	if note := ForkNote(s.Header); note != "" {
		c.body(c.safeLine(note, th.Notice))
	}
	c.subagents(s.Subagents)
	if s.Header.Cwd != "" {
		c.body(append(line{{"in ", th.Faint}}, c.safeLine(s.Header.Cwd, th.Path)...))
	}
	return c.rows
}

// TitledBy names the model that made the session's title, and the effort
// it made it at, when the log says something the header does not already:
// the effort (recorded from 0.2.1-alpha.2 on), or a model other than the
// session's. "" otherwise.
func TitledBy(s *session.Session) string {
	switch {
	case s.TitleModel == "" || s.TitleEffort == "" && s.TitleModel == s.Model:
		return ""
	case s.TitleEffort == "":
		return "titled by " + s.TitleModel
	}
	return "titled by " + s.TitleModel + " at " + s.TitleEffort + " effort"
}

// ForkNote says a harness log's format number is a fork's, not the
// harness's, and whose when the log gave it away; "" for any other log.
func ForkNote(h session.Header) string {
	f := h.Fork
	if !f.Numbered() {
		return ""
	}
	var whose string
	switch {
	case f.Name != "":
		whose = fmt.Sprintf("%s's, by its %s", f.Name, f.Sign)
	case len(f.Known) == 1:
		whose = fmt.Sprintf("%s is the one fork known to write a v%d", f.Known[0], h.Version)
	default:
		whose = fmt.Sprintf("%s each wrote a v%d of their own, and nothing here says which", inWords(f.Known), h.Version)
	}
	return fmt.Sprintf("format v%d is a fork's, not the harness's: %s; shown by what deck knows of its content", h.Version, whose)
}

// inWords joins names as a sentence does: "a, b and c".
func inWords(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// sessionFooter counts what the session holds, including what deck does not
// draw, so nothing goes unaccounted: tool calls, failures, notices and the
// bookkeeping events by type.
func sessionFooter(s *session.Session, o Options) []string {
	var f footerTally
	for _, e := range s.Entries {
		f.add(e)
	}
	return footerOf(s, f, o)
}

// footerTally is what a session's footer counts of its entries.
type footerTally struct {
	calls, failed, denied, stopped, pending, notStarted, unknown, notices int
}

func (f *footerTally) add(e session.Entry) {
	if _, ok := e.(*session.Notice); ok {
		f.notices++
	}
	if c, ok := e.(*session.ToolCall); ok {
		f.calls++
		switch c.Status() {
		case session.CallFailed:
			f.failed++
		case session.CallDenied:
			f.denied++
		case session.CallStopped:
			f.stopped++
		case session.CallPending, session.CallPreparing:
			f.pending++
		case session.CallNotStarted:
			f.notStarted++
		case session.CallOutcomeUnknown:
			f.unknown++
		}
	}
}

// footerOf is the footer of s, whose entries f counted.
func footerOf(s *session.Session, f footerTally, o Options) []string {
	c := newCard(o)
	th := c.th
	facts := []string{plural(f.calls, "tool call", "tool calls")}
	for _, n := range []struct {
		count int
		what  string
	}{{f.failed, "failed"}, {f.denied, "denied by auto review"}, {f.stopped, "stopped"}, {f.pending, "without a result"},
		{f.notStarted, "not started"}, {f.unknown, "of unknown outcome"}} {
		if n.count > 0 {
			facts = append(facts, fmt.Sprintf("%d %s", n.count, n.what))
		}
	}
	if f.notices > 0 {
		facts = append(facts, plural(f.notices, "notice", "notices"))
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
		c.lead(nil, c.safeLine(fmt.Sprintf("%s not drawn: %s", plural(total, "bookkeeping event", "bookkeeping events"), strings.Join(parts, ", ")), th.Faint))
	}
	return c.rows
}

// EachCard draws a whole session (its header, every entry, its footer) and
// hands it to emit a card at a time, in order, each card after the first led
// by its blank line. The runtime context stays collapsed even when the rest
// is expanded. Cards are drawn on every core, a bounded window ahead of
// emit, so a session of any size is printed fast without ever being held
// whole. An error from emit stops the drawing and is returned.
func EachCard(s *session.Session, o Options, emit func(rows []string) error) error {
	return eachCard(s, stats.Totals(s), o, false, func(_ session.Entry, rows []string) error { return emit(rows) })
}

// EachEntryCard is EachCard for exporters that need to know which entry
// each card is: emit is given the entry, nil for the header and the footer.
// Its cards carry no leading blank line: the exporter places them.
func EachEntryCard(s *session.Session, o Options, emit func(e session.Entry, rows []string) error) error {
	return eachCard(s, stats.Totals(s), o, false, func(e session.Entry, rows []string) error {
		if len(rows) > 0 && rows[0] == "" {
			rows = rows[1:]
		}
		return emit(e, rows)
	})
}

// DrawOnce is EachCard for the session's last reader (deck render): the
// header and footer are drawn from the whole session first, then it takes
// the entries (session.Release) and lets each go once its card is emitted.
// The collector, which runs all through the drawing of a large session,
// then marks less at each run, not the whole session every time. After it,
// s holds no entries. st is the session's figures (stats.Totals), which the
// caller counts for its stats card: a count of a million events is a tenth
// of a second on one core, before the first card.
func DrawOnce(s *session.Session, st stats.Stats, o Options, emit func(rows []string) error) error {
	return eachCard(s, st, o, true, func(_ session.Entry, rows []string) error { return emit(rows) })
}

// eachCard draws the session's cards in order for emit, its header with
// the figures st; release lets each entry go once emitted (DrawOnce).
func eachCard(s *session.Session, st stats.Stats, o Options, release bool, emit func(e session.Entry, rows []string) error) error {
	if o.Cwd == "" {
		o.Cwd = s.Header.Cwd
	}
	if err := emit(nil, headerOf(s, st, o)); err != nil {
		return err
	}
	// drawn before the entries, which DrawOnce lets go of as they are drawn
	footer := contain(o, func() string { return "" }, func() []string { return sessionFooter(s, o) })
	entries := s.Entries
	if release {
		entries = s.Release()
	}
	if err := drawInOrder(entries, o, release, emit); err != nil {
		return err
	}
	return emit(nil, append([]string{""}, footer...))
}

// Header is the card at the top of a session, as EachCard draws it: what
// the viewer shows of a log not shown as understood or current.
func Header(s *session.Session, o Options) []string { return headerOf(s, stats.Totals(s), o) }

// headerOf is Header of a session whose figures are st.
func headerOf(s *session.Session, st stats.Stats, o Options) []string {
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	return contain(o, func() string { return headerText(s) }, func() []string { return sessionHeader(s, st, o) })
}

// headerText is what a session's header says, for when it cannot be drawn.
func headerText(s *session.Session) string {
	return strings.Join([]string{s.Title, s.Agent + " " + s.Header.ID + " " + s.Model + " " + TitledBy(s), s.Header.Cwd}, "\n")
}
