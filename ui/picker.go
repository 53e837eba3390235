package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

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
	case scannedMsg:
		p.sessions[msg.i] = msg.e
		p.refilter()
		return p, p.scan(msg.i + 1)
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
			p.cursor = max(p.cursor-1, 0)
			return p, nil
		case "down", "ctrl+n":
			p.cursor = min(p.cursor+1, max(len(p.shown)-1, 0))
			return p, nil
		case "enter":
			if p.cursor < len(p.shown) {
				e := p.sessions[p.shown[p.cursor]]
				return p, func() tea.Msg { return openMsg{e.Path, e.Live} }
			}
			return p, nil
		}
	}
	var cmd tea.Cmd
	p.filter, cmd = p.filter.Update(msg)
	p.refilter()
	return p, cmd
}

// refilter keeps the sessions whose title, directory or agent holds every
// word of the filter.
func (p *picker) refilter() {
	p.shown = filterEntries(p.sessions, p.filter.Value())
	p.cursor = min(p.cursor, max(len(p.shown)-1, 0))
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
	b.WriteString(" " + styledInput(p.filter, th).View() + "\n\n")
	rows := max(p.height-6, 1)
	first := max(p.cursor-rows+1, 0)
	for n, i := range p.shown[first:min(len(p.shown), first+rows)] {
		b.WriteString(sessionRow(p.th, p.sessions[i], first+n == p.cursor, p.width) + "\n")
	}
	if len(p.shown) == 0 {
		b.WriteString(th.Muted.Render("   no session matches") + "\n")
	}
	b.WriteString("\n " + th.Muted.Render(fmt.Sprintf("%d of %d · ↑/↓ choose · enter open · esc quit", len(p.shown), len(p.sessions))))
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}

// sessionRow is one session of a list: a live mark, its title, then its
// agent, directory, start and size (the facts it has), dim.
func sessionRow(th *theme.Theme, e catalog.Item, selected bool, width int) string {
	return containedRow("session row", width, func() string { return e.Title + " · " + e.Agent + " · " + e.Cwd },
		func() string { return drawSessionRow(th, e, selected, width) })
}

func drawSessionRow(th *theme.Theme, e catalog.Item, selected bool, width int) string {
	title := cards.Safe(e.Title)
	switch {
	case !e.Scanned:
		title = "…"
	case title == "":
		title = "untitled session"
	}
	mark := "  "
	if e.Live {
		mark = th.Success.Render("● ")
	}
	cursor := "  "
	titleStyle := th.Text
	if selected {
		cursor = th.Accent.Render("▌ ")
		titleStyle = th.Title
	}
	when := e.Mod
	if !e.Started.IsZero() {
		when = e.Started
	}
	var facts []string
	for _, f := range []string{e.Agent, cards.Safe(e.Cwd), when.Format("2006-01-02 15:04")} {
		if f != "" {
			facts = append(facts, f)
		}
	}
	if e.Size > 0 {
		facts = append(facts, byteCount(e.Size))
	}
	room := max(width-6, 10)
	left := ansi.Truncate(title, room*3/5, "…")
	right := ansi.Truncate(strings.Join(facts, " · "), max(room-ansi.StringWidth(left)-2, 0), "…")
	return cursor + mark + titleStyle.Render(left) + "  " + th.Muted.Render(right)
}

func byteCount(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", (n+1023)/1024)
	}
	return mb(n)
}
