package ui

import (
	"fmt"
	"io"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// WriteList prints sessions for `deck ls`, newest first. For a person (th
// not nil) each is two lines: its title, then when its log last changed
// (the order of the list) and its size, never cut, and its agent, directory
// and file, dim, cut to width. For a script (th nil) each is one line
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
		facts := fmt.Sprintf("%s  %*s  %s", sessionTime(e), size, sessionSize(e), joinFacts(e.Agent, cwd, path))
		switch {
		case e.Unreadable != "":
			facts = "cannot be read · " + facts
		case e.NotShown != "":
			facts = "format newer than deck reads · " + facts
		}
		b.WriteString(containedRow("session", width, func() string { return e.Title + " · " + e.Path }, func() string {
			return mark + th.Title.Render(cards.Truncate(title, max(width-2, 1), "…")) + "\n" +
				"  " + th.Muted.Render(cards.Truncate(facts, max(width-2, 1), "…"))
		}) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
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
