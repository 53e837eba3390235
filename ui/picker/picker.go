// Package picker is the first screen of deck run with no session named:
// the sessions on disk, newest first, their titles read in the background,
// filtered as one types. Enter asks the app to open one (OpenMsg); the
// app, not the picker, opens the viewer.
package picker

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// Picker lists the sessions on disk: title, working directory, start, size,
// and whether it is still being written. Typing filters; enter opens.
// ctrl+s, the search inside every session, is the app's key: it switches
// pages at once, so no key typed after it lands in the filter.
type Picker struct {
	th       *theme.Theme
	dir      string
	sessions []catalog.Item
	listing  int // how many lists of sessions were taken: a title read for an earlier list is not this one's
	filter   textinput.Model
	shown    []int // indexes of sessions the filter keeps
	cursor   int
	top      int // the first row on screen
	width    int
	height   int
	// indexing is how far the index's update is (the app runs it); nil
	// when none runs
	indexing *index.Progress
	// notes are what the index did that the user should hear of (it was
	// made again, and why): stderr is hidden behind the full screen
	notes []string
}

// OpenMsg asks the app to open a session.
type OpenMsg struct {
	Path   string
	Follow bool // the picker's guess: the log changed lately
}

// ScannedMsg brings one session's title back. The app hands it to the
// picker while a viewer is on screen, so the titles go on being read.
type ScannedMsg struct {
	listing, i int
	e          catalog.Item
}

// New is the picker of sessions found in dir.
func New(th *theme.Theme, dir string, sessions []catalog.Item) *Picker {
	in := textinput.New()
	in.Prompt = "filter: "
	in.Placeholder = "type to filter by title, directory or agent"
	in.SetWidth(50)
	p := &Picker{th: th, dir: dir, sessions: sessions, filter: in, width: 80, height: 24}
	p.refilter()
	return p
}

// Init reads the titles, one session after another, off the loop.
func (p *Picker) Init() tea.Cmd {
	return tea.Batch(p.filter.Focus(), p.scan(0))
}

// scan reads the title of session i, or of the next one not known yet:
// a row the index held, its log unchanged, is not read again.
func (p *Picker) scan(i int) tea.Cmd {
	for i < len(p.sessions) && p.sessions[i].Scanned {
		i++
	}
	if i >= len(p.sessions) {
		return nil
	}
	e, listing := p.sessions[i], p.listing
	return func() tea.Msg { return ScannedMsg{listing, i, catalog.Scan(e)} }
}

func (p *Picker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
		p.keepInView()
	case ScannedMsg:
		if msg.listing != p.listing {
			return p, nil // the list was replaced since: its own reading runs
		}
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
		if step, ok := kit.ListStep(msg.String(), p.rows(), len(p.shown)); ok {
			p.move(step)
			return p, nil
		}
		switch msg.String() {
		case "ctrl+c", "esc":
			if msg.String() == "esc" && p.filter.Value() != "" {
				p.filter.SetValue("")
				p.refilter()
				return p, nil
			}
			return p, tea.Quit
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
func (p *Picker) rows() int { return max(p.height-listTop-2-len(p.notes), 1) }

// move moves the cursor by n rows, within the list, and the list with it.
func (p *Picker) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(len(p.shown)-1, 0))
	p.keepInView()
}

// keepInView scrolls the list so the cursor is on screen.
func (p *Picker) keepInView() {
	p.top = min(p.top, p.cursor)
	p.top = max(p.top, p.cursor-p.rows()+1)
	p.top = max(min(p.top, len(p.shown)-p.rows()), 0)
}

// open asks the app to open the chosen session.
func (p *Picker) open() tea.Cmd {
	if p.cursor >= len(p.shown) {
		return nil
	}
	e := p.sessions[p.shown[p.cursor]]
	return func() tea.Msg { return OpenMsg{e.Opens(), e.Live} }
}

// Replace takes the sessions as found on disk in place of those shown
// (the index's rows, drawn before the logs were looked at), the chosen
// one still chosen when it is there, and reads the titles not known.
func (p *Picker) Replace(sessions []catalog.Item) tea.Cmd {
	chosen := ""
	if p.cursor < len(p.shown) {
		chosen = p.sessions[p.shown[p.cursor]].Path
	}
	p.listing++
	p.sessions = sessions
	p.refilter()
	for i, k := range p.shown {
		if sessions[k].Path == chosen {
			p.cursor = i
			p.keepInView()
			break
		}
	}
	return p.scan(0)
}

// Filter is the filter's text: the content search's first query, when
// ctrl+s (the app's key, over the picker) opens it.
func (p *Picker) Filter() string { return p.filter.Value() }

// Indexing says how far the index's update is, for the footer.
func (p *Picker) Indexing(at index.Progress) { p.indexing = &at }

// Indexed says the update ended.
func (p *Picker) Indexed() { p.indexing = nil }

// Note adds what the index did that the user should hear of, shown above
// the footer for as long as the picker is.
func (p *Picker) Note(notes ...string) {
	p.notes = append(p.notes, notes...)
	p.keepInView()
}

// refilter keeps the sessions whose title, directory or agent holds every
// word of the filter.
func (p *Picker) refilter() {
	p.shown = kit.FilterEntries(p.sessions, p.filter.Value())
	p.cursor = min(p.cursor, max(len(p.shown)-1, 0))
	p.keepInView()
}

func (p *Picker) View() tea.View {
	th := p.th
	var b strings.Builder
	b.WriteString(kit.ContainedRow("header", p.width, func() string { return "deck · sessions in " + p.dir }, func() string {
		// cut to the width: the agents' folders, more with each agent, outgrow a row
		return " " + th.Title.Render("deck") + th.Muted.Render(cards.Truncate(" · sessions in "+cards.Safe(p.dir), max(p.width-len(" deck"), 1), "…"))
	}) + "\n\n")
	b.WriteString(" " + kit.StyledInput(p.filter, th).View() + "\n")
	shown := make([]catalog.Item, len(p.shown))
	for n, i := range p.shown {
		shown[n] = p.sessions[i]
	}
	cols := kit.LayoutColumns(shown, p.width)
	b.WriteString(th.Muted.Render(cols.Heads()) + "\n")
	for n, e := range shown[p.top:min(len(shown), p.top+p.rows())] {
		b.WriteString(kit.SessionRow(p.th, e, p.top+n == p.cursor, cols) + "\n")
	}
	if len(p.shown) == 0 {
		b.WriteString(th.Muted.Render("   no session matches") + "\n")
	}
	for _, n := range p.notes {
		b.WriteString(" " + th.Notice.Render(cards.Truncate("index: "+kit.OneLine(n), max(p.width-1, 1), "…")) + "\n")
	}
	b.WriteString("\n " + th.Muted.Render(cards.Truncate(fmt.Sprintf("%d of %d%s · ↑/↓ choose · enter open · ctrl+s search inside · esc quit", len(p.shown), len(p.sessions), p.progress()), max(p.width-1, 1), "…")))
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// progress is what the footer says of the index's update: how many logs
// of how many it has read.
func (p *Picker) progress() string {
	switch q := p.indexing; {
	case q == nil:
		return ""
	case q.Sessions == 0:
		return " · indexing…"
	default:
		return fmt.Sprintf(" · indexing %s of %s sessions", human.Thousands(int64(q.Done)), human.Thousands(int64(q.Sessions)))
	}
}
