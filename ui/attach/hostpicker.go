// Package attach is the first screen of deck attach: a harness host's
// sessions, newest first, running ones marked, read again every few
// seconds; n starts a session in a directory. Enter asks the app to open
// one (OpenLiveMsg), which the viewer shows with the host's prompt box.
package attach

import (
	"cmp"
	"context"
	"slices"
	"strings"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/live"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// HostPicker lists the sessions of a harness host, running ones marked,
// newest first: enter opens one, n starts one in a chosen directory, /
// filters. The list is read again every few seconds.
type HostPicker struct {
	th       *theme.Theme
	client   *live.Client
	host     live.HostInfo
	sessions []catalog.Item // the newest maxListed of the host's
	unlisted int            // the host's older sessions, not kept
	fetching bool           // a reading of the list is under way
	shown    []int
	cursor   int
	filter   textinput.Model
	newIn    textinput.Model // the directory of a new session, while asked
	flash    string
	width    int
	height   int
}

// OpenLiveMsg asks the app to open a session of the host.
type OpenLiveMsg struct{ ID, Title, Cwd string }

type hostSessionsMsg struct {
	sessions []live.SessionInfo
	err      error
}

type createdMsg struct {
	id, cwd string
	err     error
}

type refreshMsg struct{}

// hostRefresh is how often the list is read again.
const hostRefresh = 3 * time.Second

// maxListed is how many of a host's sessions the picker keeps, the newest:
// a host with more is listed as fast, and says how many are not.
const maxListed = 1000

// New is the picker of a host's sessions, listed at first as given.
func New(th *theme.Theme, c *live.Client, host live.HostInfo, sessions []live.SessionInfo) *HostPicker {
	filter := textinput.New()
	filter.Prompt = "filter: "
	newIn := textinput.New()
	newIn.Prompt = "new session in: "
	newIn.SetWidth(60)
	p := &HostPicker{th: th, client: c, host: host, filter: filter, newIn: newIn, width: 80, height: 24}
	p.set(sessions)
	return p
}

// set takes a new list, keeping the cursor on the same session.
func (p *HostPicker) set(sessions []live.SessionInfo) {
	at := ""
	if p.cursor < len(p.shown) {
		at = p.sessions[p.shown[p.cursor]].ID
	}
	sessions = slices.Clone(sessions)
	slices.SortStableFunc(sessions, func(a, b live.SessionInfo) int { return cmp.Compare(b.UpdatedAt, a.UpdatedAt) })
	p.unlisted = max(len(sessions)-maxListed, 0)
	sessions = sessions[:len(sessions)-p.unlisted]
	p.sessions = p.sessions[:0]
	for _, s := range sessions {
		title := s.Title
		if s.Blank && title == "" {
			title = "new session (nothing asked yet)"
		}
		p.sessions = append(p.sessions, catalog.Item{ID: s.ID, Title: title, Cwd: s.Cwd, Started: time.UnixMilli(s.UpdatedAt), Live: s.Running, Scanned: true,
			Migrates: s.FormatStatus == live.FormatMigrationRequired})
	}
	p.shown = kit.FilterEntries(p.sessions, p.filter.Value())
	p.cursor = 0
	for i, n := range p.shown {
		if p.sessions[n].ID == at {
			p.cursor = i
		}
	}
}

func (p *HostPicker) Init() tea.Cmd { return p.tick() }

func (p *HostPicker) tick() tea.Cmd {
	return tea.Tick(hostRefresh, func(time.Time) tea.Msg { return refreshMsg{} })
}

// refresh reads the list again, unless a reading is under way: a host slow
// to answer is not asked again and again meanwhile.
func (p *HostPicker) refresh() tea.Cmd {
	if p.fetching {
		return nil
	}
	p.fetching = true
	c := p.client
	return kit.Call(func(ctx context.Context) hostSessionsMsg {
		s, err := c.Sessions(ctx)
		return hostSessionsMsg{s, err}
	})
}

func (p *HostPicker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
	case refreshMsg:
		return p, tea.Batch(p.refresh(), p.tick())
	case hostSessionsMsg:
		p.fetching = false
		p.flash = ""
		if msg.err != nil {
			p.flash = kit.OneLine(msg.err.Error())
			return p, nil
		}
		p.set(msg.sessions)
	case createdMsg:
		if msg.err != nil {
			p.flash = "not created: " + kit.OneLine(msg.err.Error())
			return p, nil
		}
		id, cwd := msg.id, msg.cwd
		return p, func() tea.Msg { return OpenLiveMsg{ID: id, Cwd: cwd} }
	case tea.KeyPressMsg:
		return p, p.key(msg)
	}
	return p, nil
}

func (p *HostPicker) key(msg tea.KeyPressMsg) tea.Cmd {
	k := msg.String()
	switch {
	case k == "ctrl+c":
		return tea.Quit
	case p.newIn.Focused():
		switch k {
		case "esc":
			p.newIn.Blur()
			return nil
		case "enter":
			p.newIn.Blur()
			c, dir := p.client, strings.TrimSpace(p.newIn.Value())
			p.flash = "creating a session in " + kit.OneLine(dir) + "…"
			return kit.Call(func(ctx context.Context) createdMsg {
				id, err := c.Create(ctx, dir)
				return createdMsg{id, dir, err}
			})
		}
		var cmd tea.Cmd
		p.newIn, cmd = p.newIn.Update(msg)
		return cmd
	case p.filter.Focused():
		switch k {
		case "esc", "enter":
			p.filter.Blur()
			if k == "esc" {
				p.filter.SetValue("")
				p.shown = kit.FilterEntries(p.sessions, "")
			}
			return nil
		}
		var cmd tea.Cmd
		p.filter, cmd = p.filter.Update(msg)
		p.shown = kit.FilterEntries(p.sessions, p.filter.Value())
		p.cursor = min(p.cursor, max(len(p.shown)-1, 0))
		return cmd
	}
	switch k {
	case "q", "esc":
		return tea.Quit
	case "up", "k":
		p.cursor = max(p.cursor-1, 0)
	case "down", "j":
		p.cursor = min(p.cursor+1, max(len(p.shown)-1, 0))
	case "/":
		return p.filter.Focus()
	case "r":
		return p.refresh()
	case "n":
		p.newIn.SetValue(kit.OneLine(p.host.Cwd)) // the input draws its value as it is
		p.newIn.CursorEnd()
		return p.newIn.Focus()
	case "enter":
		if p.cursor < len(p.shown) {
			e := p.sessions[p.shown[p.cursor]]
			return func() tea.Msg { return OpenLiveMsg{e.ID, e.Title, e.Cwd} }
		}
	}
	return nil
}

func (p *HostPicker) View() tea.View {
	th := p.th
	var b strings.Builder
	b.WriteString(kit.ContainedRow("header", p.width, func() string { return "deck · " + p.client.URL() + " · " + p.host.Model }, func() string {
		where := "sessions on the harness host at " + cards.Safe(p.client.URL())
		if p.host.Model != "" {
			where += " · " + cards.Safe(p.host.Provider+"/"+p.host.Model)
		}
		return " " + th.Title.Render("deck") + th.Muted.Render(" · "+where)
	}) + "\n\n")
	switch {
	case p.newIn.Focused():
		b.WriteString(" " + kit.StyledInput(p.newIn, p.th).View() + "\n\n")
	case p.filter.Focused() || p.filter.Value() != "":
		b.WriteString(" " + kit.StyledInput(p.filter, p.th).View() + "\n\n")
	default:
		b.WriteString("\n\n")
	}
	rows := max(p.height-6, 1)
	first := max(p.cursor-rows+1, 0)
	cols := kit.LayoutColumns(p.sessions, p.width)
	for n, i := range p.shown[first:min(len(p.shown), first+rows)] {
		b.WriteString(kit.SessionRow(th, p.sessions[i], first+n == p.cursor, cols) + "\n")
	}
	if len(p.sessions) == 0 {
		b.WriteString(th.Muted.Render("   the host has no sessions yet: n starts one") + "\n")
	}
	foot := cards.Plural(len(p.sessions), "session", "sessions")
	if p.unlisted > 0 {
		foot += ", the newest (" + cards.Plural(p.unlisted, "older", "older") + " not listed)"
	}
	if slices.ContainsFunc(p.sessions, func(e catalog.Item) bool { return e.Migrates }) {
		foot += " · ↑ an older format, migrated when next written"
	}
	foot += " · ↑/↓ choose · enter open · n new · / filter · q quit"
	if p.flash != "" {
		foot = p.flash
	}
	b.WriteString("\n " + th.Muted.Render(foot))
	v := tea.NewView(b.String())
	v.AltScreen = true
	return v
}
