package kit

import (
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
)

// Columns lay the picker's rows out alike: the title, agent and directory
// share what the last change and the size, which are never cut, leave;
// the directory goes first, then the agent, when the screen is narrow.
type Columns struct {
	width                   int
	title, agent, cwd, size int // cells each takes; 0: not shown
	agentShown, cwdShown    bool
}

const (
	rowLead   = 4  // the cursor and the live mark
	colGap    = 2  // between two columns
	whenWidth = 16 // 2006-01-02 15:04
	minTitle  = 20
	minCwd    = 12
)

func LayoutColumns(items []catalog.Item, width int) Columns {
	c := Columns{width: width, agent: len("agent"), size: len("size")}
	for _, e := range items {
		c.agent = max(c.agent, cards.Width(e.Agent))
		c.size = max(c.size, len(sessionSize(e)))
	}
	room := width - 1 - rowLead - colGap - whenWidth - colGap - c.size
	if room >= minTitle+colGap+c.agent {
		c.agentShown = true
		room -= colGap + c.agent
	}
	if c.agentShown && room >= minTitle+colGap+minCwd {
		longest := 0
		for _, e := range items {
			longest = max(longest, cards.Width(cards.Safe(e.Cwd)))
		}
		c.cwdShown = true
		c.cwd = max(min(room*2/5, longest), minCwd)
		room -= colGap + c.cwd
	}
	c.title = max(room, 1)
	return c
}

// Heads names the columns, over them.
func (c Columns) Heads() string {
	title, agent, cwd, when, size := c.lay("title", "agent", "directory", "changed", "size")
	return strings.Repeat(" ", rowLead) + title + agent + cwd + when + size
}

// cells are a session's columns, each at its width (after a gap).
func (c Columns) cells(e catalog.Item) (title, agent, cwd, when, size string) {
	return c.lay(sessionTitle(e), e.Agent, cards.Safe(e.Cwd), sessionTime(e), sessionSize(e))
}

func (c Columns) lay(title, agent, cwd, when, size string) (string, string, string, string, string) {
	gap := strings.Repeat(" ", colGap)
	if c.agentShown {
		agent = gap + cell(agent, c.agent)
	} else {
		agent = ""
	}
	if c.cwdShown {
		cwd = gap + cell(cwd, c.cwd)
	} else {
		cwd = ""
	}
	size = strings.Repeat(" ", max(c.size-cards.Width(size), 0)) + size
	return cell(title, c.title), agent, cwd, gap + cell(when, whenWidth), gap + size
}

// cell is text cut or padded to width cells.
func cell(text string, width int) string {
	text = cards.Truncate(text, width, "…")
	return text + strings.Repeat(" ", max(width-cards.Width(text), 0))
}

// sessionTitle is a session's title as lists show it (already made safe).
func sessionTitle(e catalog.Item) string {
	switch title := cards.Safe(e.Title); {
	case e.Unreadable != "":
		return "its newest log cannot be read"
	case !e.Scanned && e.ID == "":
		return "…"
	case title == "":
		return "untitled session"
	default:
		return title
	}
}

// sessionTime is when a session last changed (its log, or on a host): the
// lists are sorted by it, newest first, so they show it too.
func sessionTime(e catalog.Item) string {
	t := e.Mod
	if t.IsZero() { // a host's session: the host's last update
		t = e.Started
	}
	return t.Format("2006-01-02 15:04")
}

// sessionSize is a log's size; a host's session has none.
func sessionSize(e catalog.Item) string {
	if e.Size <= 0 {
		return ""
	}
	return byteCount(e.Size)
}
