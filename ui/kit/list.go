package kit

import (
	"fmt"
	"io"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// WriteList prints sessions for `deck ls`, newest first. For a person (th
// not nil) each is two lines: its title, cut to width, then when its log
// last changed (the order of the list) and its size, and its agent,
// directory and file, dim; the file is never cut (listFacts). For a script (th nil) each is one line
// of tab-separated fields: start (RFC 3339), agent, size in bytes, "live",
// "too-new", "unreadable" or "-", path, cwd, title. Titles and paths are untrusted: they are made safe
// either way, and a tab in them becomes a space.
func WriteList(w io.Writer, sessions []catalog.Item, th *theme.Theme, width int) error {
	var b strings.Builder
	size := 0
	for _, e := range sessions {
		size = max(size, len(sessionSize(e)))
	}
	for _, e := range sessions {
		when := e.Mod
		if !e.Started.IsZero() {
			when = e.Started
		}
		title, cwd, path := listField(e.Title), listField(e.Cwd), listField(e.Path)
		if th == nil {
			live := "-"
			switch {
			case e.Unreadable != "":
				live = "unreadable"
			case e.NotShown != "":
				live = "too-new" // the field says the row's state: a script must not read it as current
			case e.Live:
				live = "live"
			}
			fmt.Fprintf(&b, "%s\t%s\t%d\t%s\t%s\t%s\t%s\n", when.Format("2006-01-02T15:04:05Z07:00"), e.Agent, e.Size, live, path, cwd, title)
			continue
		}
		if title == "" {
			title = "untitled session"
		}
		if e.Unreadable != "" {
			title = sessionTitle(e)
		}
		mark := rowMark(th, e)
		lead := fmt.Sprintf("%s  %*s  ", sessionTime(e), size, sessionSize(e))
		switch {
		case e.Unreadable != "":
			lead = "cannot be read · " + lead
		case e.NotShown != "":
			lead = "format newer than deck reads · " + lead
		}
		b.WriteString(ContainedRow("session", width, func() string { return e.Title + " · " + e.Path }, func() string {
			rows := mark + th.Title.Render(cards.Truncate(title, max(width-2, 1), "…"))
			for _, r := range listFacts(lead, e.Agent, cwd, path, max(width-2, 1)) {
				rows += "\n  " + th.Muted.Render(r)
			}
			return rows
		}) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// listFacts is what a terminal shows under a session's title: its time and
// size (lead), agent, directory and file. The file is never cut, a person
// copies it: when the row cannot hold it whole after the rest, with the
// directory cut to no less than minCwd cells, it goes on a row of its own
// (where one longer than the row is printed whole all the same, for the
// terminal to wrap), and the directory is cut to the row it keeps.
func listFacts(lead, agent, cwd, path string, room int) []string {
	left := room - cards.Width(lead+joinFacts(agent, path))
	if cwd != "" {
		left -= len(" · ")
	}
	switch {
	case left >= cards.Width(cwd):
		return []string{lead + joinFacts(agent, cwd, path)}
	case left >= minCwd:
		return []string{lead + joinFacts(agent, cards.Truncate(cwd, left, "…"), path)}
	}
	return []string{cards.Truncate(lead+joinFacts(agent, cwd), room, "…"), path}
}

func listField(s string) string {
	return strings.ReplaceAll(cards.Safe(s), "\t", " ")
}

// joinFacts joins the facts a row has, with no gap for one it lacks.
func joinFacts(facts ...string) string {
	var have []string
	for _, f := range facts {
		if f != "" {
			have = append(have, f)
		}
	}
	return strings.Join(have, " · ")
}
