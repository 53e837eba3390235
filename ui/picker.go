package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// picker lists the sessions on disk: title, working directory, start, size,
// and whether it is still being written. Typing filters; enter opens.
type picker struct {
	th       *theme.Theme
	dir      string
	sessions []catalog.Item
	filter   textinput.Model
	shown    []int // indexes of sessions the filter keeps
	cursor   int
	top      int // the first row on screen
	width    int
	height   int
}

// openMsg asks the app to open a session.
type openMsg struct {
	path   string
	follow bool
}

// scannedMsg brings one session's title back.
type scannedMsg struct {
	i int
	e catalog.Item
}

func newPicker(th *theme.Theme, dir string, sessions []catalog.Item) *picker {
	in := textinput.New()
	in.Prompt = "filter: "
	in.Placeholder = "type to filter by title, directory or agent"
	in.SetWidth(50)
	p := &picker{th: th, dir: dir, sessions: sessions, filter: in, width: 80, height: 24}
	p.refilter()
	return p
}

// Init reads the titles, one session after another, off the loop.
func (p *picker) Init() tea.Cmd {
	return tea.Batch(p.filter.Focus(), p.scan(0))
}

func (p *picker) scan(i int) tea.Cmd {
	if i >= len(p.sessions) {
		return nil
	}
	e := p.sessions[i]
	return func() tea.Msg { return scannedMsg{i, catalog.Scan(e)} }
}

func (p *picker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
		p.keepInView()
	case scannedMsg:
		p.sessions[msg.i] = msg.e
		p.refilter()
		return p, p.scan(msg.i + 1)
	case tea.MouseWheelMsg:
		p.move(map[tea.MouseButton]int{tea.MouseWheelUp: -1, tea.MouseWheelDown: 1}[msg.Button])
		return p, nil
	case tea.MouseClickMsg:
		// a click chooses a row; a click on the chosen row opens it
		if i := p.top + msg.Y - listTop; msg.Button == tea.MouseLeft && msg.Y >= listTop && i < min(len(p.shown), p.top+p.rows()) {
			if i == p.cursor {
				return p, p.open()
			}
			p.cursor = i
		}
		return p, nil
	case tea.KeyPressMsg:
		switch msg.String() {
		case "ctrl+c", "esc":
			if msg.String() == "esc" && p.filter.Value() != "" {
				p.filter.SetValue("")
				p.refilter()
				return p, nil
			}
			return p, tea.Quit
		case "up", "ctrl+p":
			p.move(-1)
			return p, nil
		case "down", "ctrl+n":
			p.move(1)
			return p, nil
		case "pgup":
			p.move(-p.rows())
			return p, nil
		case "pgdown":
			p.move(p.rows())
			return p, nil
		case "home":
			p.move(-len(p.shown))
			return p, nil
		case "end":
			p.move(len(p.shown))
			return p, nil
		case "enter":
			return p, p.open()
		}
	}
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(msg)
	p.refilter()
	return p, cmd
}

// listTop is the screen row of the list's first session: below the title,
// a blank, the filter and the column heads.
const listTop = 4

// rows is how many sessions fit on screen.
func (p *picker) rows() int { return max(p.height-listTop-2, 1) }

// move moves the cursor by n rows, within the list, and the list with it.
func (p *picker) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.shown)-1, 0))
	p.keepInView()
}

// keepInView scrolls the list so the cursor is on screen.
func (p *picker) keepInView() {
	p.top = min(p.top, p.cursor)
	p.top = max(p.top, p.cursor-p.rows()+1)
	p.top = max(min(p.top, len(p.shown)-p.rows()), 0)
}

// open asks the app to open the chosen session.
func (p *picker) open() tea.Cmd {
	if p.cursor >= len(p.shown) {
		return nil
	}
	e := p.sessions[p.shown[p.cursor]]
	return func() tea.Msg { return openMsg{e.Opens(), e.Live} }
}

// refilter keeps the sessions whose title, directory or agent holds every
// word of the filter.
func (p *picker) refilter() {
	p.shown = filterEntries(p.sessions, p.filter.Value())
	p.cursor = min(p.cursor, max(len(p.shown)-1, 0))
	p.keepInView()
}

// filterEntries is the indexes of the entries whose title, directory, path
// or agent holds every word of the query.
func filterEntries(entries []catalog.Item, query string) []int {
	words := strings.Fields(strings.ToLower(query))
	var shown []int
	for i, e := range entries {
		hay := strings.ToLower(e.Title + " " + e.Cwd + " " + e.Path + " " + e.Agent + " " + e.ID)
		keep := true
		for _, w := range words {
			if !strings.Contains(hay, w) {
				keep = false
				break
			}
		}
		if keep {
			shown = append(shown, i)
		}
	}
	return shown
}

func (p *picker) View() tea.View {
	th := p.th
	var b strings.Builder
	b.WriteString(containedRow("header", p.width, func() string { return "deck · sessions in " + p.dir }, func() string {
		return " " + th.Title.Render("deck") + th.Muted.Render(" · sessions in "+cards.Safe(p.dir))
	}) + "\n\n")
	b.WriteString(" " + styledInput(p.filter, th).View() + "\n")
	shown := make([]catalog.Item, len(p.shown))
	for n, i := range p.shown {
		shown[n] = p.sessions[i]
	}
	cols := layoutColumns(shown, p.width)
	b.WriteString(th.Muted.Render(cols.heads()) + "\n")
	for n, e := range shown[p.top:min(len(shown), p.top+p.rows())] {
		b.WriteString(sessionRow(p.th, e, p.top+n == p.cursor, cols) + "\n")
	}
	if len(p.shown) == 0 {
		b.WriteString(th.Muted.Render("   no session matches") + "\n")
	}
	b.WriteString("\n " + th.Muted.Render(cards.Truncate(fmt.Sprintf("%d of %d · ↑/↓ choose · enter open · esc quit", len(p.shown), len(p.sessions)), max(p.width-1, 1), "…")))
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// sessionRow is one session of the picker: the cursor, a live mark, then
// its title, agent, directory, last change and size in aligned columns.
func sessionRow(th *theme.Theme, e catalog.Item, selected bool, cols columns) string {
	return containedRow("session row", cols.width, func() string { return e.Title + " · " + e.Agent + " · " + e.Cwd },
		func() string { return drawSessionRow(th, e, selected, cols) })
}

func drawSessionRow(th *theme.Theme, e catalog.Item, selected bool, cols columns) string {
	mark := rowMark(th, e)
	cursor := "  "
	titleStyle := th.Text
	if selected {
		cursor = th.Accent.Render("▌ ")
		titleStyle = th.Title
	}
	title, agent, cwd, when, size := cols.cells(e)
	return cursor + mark + titleStyle.Render(title) + th.Muted.Render(agent+cwd+when+size)
}

// rowMark leads a session's row: ⚠ for a log deck does not show as
// understood (a format newer than it reads) or cannot read, ● for a live
// one, ↑ for a host's session in an older format the host migrates when
// it is next written.
func rowMark(th *theme.Theme, e catalog.Item) string {
	switch {
	case e.NotShown != "", e.Unreadable != "":
		return th.Error.Render("⚠ ")
	case e.Live:
		return th.Success.Render("● ")
	case e.Migrates:
		return th.Notice.Render("↑ ")
	}
	return "  "
}

func byteCount(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", (n+1023)/1024)
	}
	return mb(n)
}
