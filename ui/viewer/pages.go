package viewer

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// page is a view over the cards, opened by a key and closed by esc: what
// the session changed, one file's net change, the session's figures. Pages
// stack: esc goes back one.
type page struct {
	name string
	// draw makes the page's rows at a width, and the rows a person can pick
	// (the changed files), in order.
	draw  func(o cards.Options) (rows []string, picks []int)
	open  func(pick int) *page // what enter on a pick shows; nil: nothing
	jump  func(pick int) int   // or the entry id enter goes to, closing the pages (the outline)
	rows  []string
	picks []int
	width int
	theme *theme.Theme // the theme and width the rows were drawn in
	top   int          // the first row on screen
	sel   int          // the picked one, an index into picks
}

// snapshot calls f with the session under the feed's lock; a page's
// figures are of the session as it is when the page opens.
func (v *Viewer) snapshot(f func(s *session.Session)) {
	v.src.with(func(st follow.State) { f(st.Session) })
}

// changesPage lists the files the session changed; enter shows one file's
// net change.
func (v *Viewer) changesPage() *page {
	if v.notShown != "" {
		return v.notShownPage("± changes")
	}
	var list changes.List
	var nets []changes.Net
	v.snapshot(func(s *session.Session) {
		list = changes.Of(s)
		for _, f := range list.Changed {
			n, _ := changes.NetOf(s, f.Path)
			nets = append(nets, n)
		}
	})
	return &page{
		name: "changes",
		draw: func(o cards.Options) ([]string, []int) { return cards.ChangeListRows(list, o) },
		open: func(i int) *page {
			n := nets[i]
			return &page{name: "net change", draw: func(o cards.Options) ([]string, []int) {
				o.Expanded = true
				return cards.NetChange(n, o), nil
			}}
		},
	}
}

// statsPage shows the session's figures and each turn's.
func (v *Viewer) statsPage() *page {
	if v.notShown != "" {
		return v.notShownPage("stats")
	}
	var st stats.Stats
	v.snapshot(func(s *session.Session) { st = stats.Of(s) })
	return &page{name: "stats", draw: func(o cards.Options) ([]string, []int) { return cards.StatsCard(st, o), nil }}
}

// notShownPage stands for a page of a log not shown as understood or
// current: why, instead of figures its body would make up.
func (v *Viewer) notShownPage(name string) *page {
	why := v.notShown
	return &page{name: name, draw: func(o cards.Options) ([]string, []int) {
		rows := []string{o.Theme.Title.Render(name) + o.Theme.Muted.Render(" · not shown"), ""}
		return append(rows, cards.Render(&session.Notice{EntryBase: session.EntryBase{Seq: -1}, Text: why}, o)...), nil
	}}
}

// push opens p over what is on screen.
func (v *Viewer) push(p *page) {
	v.pages = append(v.pages, p)
	v.layoutPage()
}

// layoutPage draws the top page at the screen's width, when that changed.
func (v *Viewer) layoutPage() {
	p := v.pages[len(v.pages)-1]
	w := max(v.width-1, 1) // a page has no time column
	if p.rows != nil && p.width == w && p.theme == v.th {
		return
	}
	o := cards.Options{Width: w, Theme: v.th, Cwd: v.cwd, NoWrap: v.nowrap, Collapse: v.limits}
	var picks []int
	p.rows = kit.Contained(p.name, w, func() []string { return nil }, func() []string {
		rows, ps := p.draw(o)
		picks = ps
		return rows
	})
	p.picks, p.width, p.theme = picks, w, v.th
	p.top = min(p.top, max(len(p.rows)-v.contentHeight(), 0))
}

// pageKey acts on a key while a page is open; it reports when to quit.
func (v *Viewer) pageKey(msg tea.KeyPressMsg) bool {
	p := v.pages[len(v.pages)-1]
	k := v.keys
	page := v.contentHeight()
	switch {
	case key.Matches(msg, k.Quit):
		return true
	case msg.String() == "esc" || msg.String() == "backspace" || key.Matches(msg, k.Changes) && p.name == "changes" || key.Matches(msg, k.Stats) && p.name == "stats" || key.Matches(msg, k.Outline) && p.name == "outline":
		v.pages = v.pages[:len(v.pages)-1]
		if len(v.pages) > 0 {
			v.layoutPage()
		}
	case key.Matches(msg, k.Toggle) && p.open != nil && len(p.picks) > 0:
		v.push(p.open(p.sel))
	case key.Matches(msg, k.Toggle) && p.jump != nil && len(p.picks) > 0:
		id := p.jump(p.sel)
		v.pages = nil
		v.goToCard(v.nearest(id))
	case key.Matches(msg, k.Down) && len(p.picks) > 0:
		p.pick(p.sel+1, page)
	case key.Matches(msg, k.Up) && len(p.picks) > 0:
		p.pick(p.sel-1, page)
	case key.Matches(msg, k.Down):
		p.scroll(1, page)
	case key.Matches(msg, k.Up):
		p.scroll(-1, page)
	case key.Matches(msg, k.PageDown):
		p.scroll(page-1, page)
	case key.Matches(msg, k.PageUp):
		p.scroll(-(page - 1), page)
	case key.Matches(msg, k.HalfDown):
		p.scroll(page/2, page)
	case key.Matches(msg, k.HalfUp):
		p.scroll(-page/2, page)
	case key.Matches(msg, k.Top):
		p.top = 0
		p.pick(0, page)
	case key.Matches(msg, k.Bottom):
		p.scroll(len(p.rows), page)
		p.pick(len(p.picks)-1, page)
	}
	return false
}

// scroll moves the page by n rows, within it.
func (p *page) scroll(n, height int) {
	p.top = max(min(p.top+n, len(p.rows)-height), 0)
}

// pick selects picks[i] and brings its row on screen.
func (p *page) pick(i, height int) {
	if len(p.picks) == 0 {
		return
	}
	p.sel = max(min(i, len(p.picks)-1), 0)
	row := p.picks[p.sel]
	switch {
	case row < p.top:
		p.top = row
	case row >= p.top+height:
		p.top = row - height + 1
	}
}

// writePage writes the top page's rows on screen, the picked row marked in
// the gutter as the focused card is.
func (v *Viewer) writePage(b *strings.Builder) {
	p := v.pages[len(v.pages)-1]
	picked := -1
	if len(p.picks) > 0 {
		picked = p.picks[p.sel]
	}
	height := v.contentHeight()
	for i := p.top; i < p.top+height; i++ {
		gutter := " "
		if i == picked {
			gutter = v.th.Accent.Render("▌")
		}
		if i < len(p.rows) {
			b.WriteString(gutter + cards.Truncate(p.rows[i], v.width-1, "") + "\n")
		} else {
			b.WriteString("\n")
		}
	}
}

// pageHints are the hint bar while a page is open.
func (p *page) hints() []key.Binding {
	b := func(help, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(help), key.WithHelp(help, desc))
	}
	if p.jump != nil && len(p.picks) > 0 {
		return []key.Binding{b("j/k", "pick a turn"), b("enter", "go there"), b("esc", "back"), b("q", "quit")}
	}
	if p.open != nil && len(p.picks) > 0 {
		return []key.Binding{b("j/k", "pick a file"), b("enter", "its net change"), b("esc", "back"), b("q", "quit")}
	}
	return []key.Binding{b("j/k", "scroll"), b("esc", "back"), b("q", "quit")}
}
