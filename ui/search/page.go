// Package search is the picker's content search: a query searched inside
// every session as it is typed (the index, or the logs themselves without
// one), the hits grouped by session, newest first. Enter asks the app to
// open the chosen hit's session at its card with the viewer's search set
// (OpenMsg); esc asks to go back to the picker's titles (BackMsg).
package search

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/session/match"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// limit is the most hits a query finds: the newest sessions' are the ones
// a person looks for, and a longer query narrows them.
const limit = 1000

// OpenMsg asks the app to open a session at a hit's card, with the
// viewer's search set to the query.
type OpenMsg struct {
	Path   string
	Follow bool // the log changed lately
	Entry  int  // the card's place in session.Entries
	Nested int  // the entry nested in the card that holds the hit, from 1 (index.Hit.Nested); 0 for the card's own text
	Query  string
}

// BackMsg asks the app to go back to the picker's titles.
type BackMsg struct{}

// Page is the content search: the query, and the hits found so far.
type Page struct {
	th     *theme.Theme
	ix     *index.Index // nil: the logs are searched themselves
	roots  []catalog.Root
	why    string // why there is no index to search; "" with one
	input  textinput.Model
	query  string // the query of the hits shown
	gen    int
	run    *run
	found  results
	done   bool
	err    error
	cursor int // the hit chosen, over every group
	top    int // the first line of the results on screen
	width  int
	height int

	progress *index.Progress // how far the index's update is; nil when none runs
}

// New is the content search over ix, brought up to the logs under roots
// first; with no index (nil), it reads the logs themselves, and why says
// why there is none.
func New(th *theme.Theme, ix *index.Index, why string, roots []catalog.Root) *Page {
	in := textinput.New()
	in.Prompt = "search: "
	in.Placeholder = `text inside every session (smart case), or \ then a regexp`
	in.SetWidth(60)
	return &Page{th: th, ix: ix, why: why, roots: roots, input: in, width: 80, height: 24, done: true}
}

// Owns reports the messages of a page's own commands: the app hands them
// to the page while a viewer it opened is on screen, so a search or the
// index's update goes on behind it.
func Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case startMsg, hitsMsg:
		return true
	}
	return false
}

// Start shows the page (again) with text as its query (the picker's
// filter, when one was typed), the query's input taking the keys.
func (p *Page) Start(text string) tea.Cmd {
	if text != "" && p.input.Value() == "" {
		p.input.SetValue(text)
		p.input.CursorEnd()
	}
	return tea.Batch(p.input.Focus(), p.changed())
}

// Indexing says how far the index's update is (the app runs it): the
// hits so far are of the sessions indexed.
func (p *Page) Indexing(at index.Progress) { p.progress = &at }

// Indexed says the index's update ended: the query is searched again, over
// every log now; an update that failed leaves the logs to be read.
func (p *Page) Indexed(err error) tea.Cmd {
	p.progress = nil
	if err != nil && !errors.Is(err, context.Canceled) {
		p.ix, p.why = nil, "the index could not be updated: "+err.Error()
	}
	return p.again()
}

// Stop ends the search running, so the index can be closed.
func (p *Page) Stop() { p.run.stop() }

func (p *Page) Init() tea.Cmd { return nil }

func (p *Page) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = msg.Width, msg.Height
		p.keepInView()
		return p, nil
	case startMsg:
		if msg.gen == p.gen {
			return p, p.search()
		}
		return p, nil
	case hitsMsg:
		return p, p.took(msg)
	case tea.MouseWheelMsg:
		p.move(map[tea.MouseButton]int{tea.MouseWheelUp: -1, tea.MouseWheelDown: 1}[msg.Button])
		return p, nil
	case tea.KeyPressMsg:
		if step, ok := kit.ListStep(msg.String(), p.rows(), p.found.n); ok {
			p.move(step)
			return p, nil
		}
		switch msg.String() {
		case "ctrl+c":
			return p, tea.Quit
		case "esc":
			p.input.Blur() // keys typed before the app switches pages are not the query's
			return p, func() tea.Msg { return BackMsg{} }
		case "enter":
			return p, p.open()
		}
	}
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	return p, tea.Batch(cmd, p.changed())
}

// changed searches again, after the debounce, when the query changed.
func (p *Page) changed() tea.Cmd {
	if p.input.Value() == p.query {
		return nil
	}
	return p.again()
}

// again cancels the search shown and searches the query as it is now,
// once the typing pauses.
func (p *Page) again() tea.Cmd {
	p.run.stop()
	p.run = nil
	p.gen++
	p.query = p.input.Value()
	p.found, p.done, p.err, p.cursor, p.top = results{}, false, nil, 0, 0
	if strings.TrimSpace(strings.TrimPrefix(p.query, `\`)) == "" {
		p.done = true
		return nil
	}
	if _, err := match.New(p.query); err != nil {
		p.err, p.done = err, true
		return nil
	}
	return after(p.gen)
}

// search starts the query's run: over the index, or the logs themselves.
func (p *Page) search() tea.Cmd {
	var fn searchFunc = func(ctx context.Context, q index.Query, yield func(index.Hit) bool) error {
		return index.SearchFiles(ctx, p.roots, q, yield)
	}
	if ix := p.ix; ix != nil {
		fn = ix.Search
	}
	p.run = startRun(p.gen, fn, index.Query{Text: p.query, Limit: limit})
	return p.run.next()
}

// took takes a run's hits, and waits for more.
func (p *Page) took(msg hitsMsg) tea.Cmd {
	if msg.gen != p.gen || p.run == nil {
		return nil // a cancelled query's
	}
	for _, h := range msg.hits {
		p.found.add(h)
	}
	if !msg.done {
		return p.run.next()
	}
	p.done, p.run = true, nil
	if msg.err != nil && !errors.Is(msg.err, context.Canceled) {
		p.err = msg.err
	}
	return nil
}

// listTop is the screen row of the results' first line: under the title,
// a blank, the query and the line that says what is searched.
const listTop = 4

// rows is how many lines of results fit on screen.
func (p *Page) rows() int { return max(p.height-listTop-2, 1) }

func (p *Page) move(n int) {
	p.cursor = min(max(p.cursor+n, 0), max(p.found.n-1, 0))
	p.keepInView()
}

// keepInView scrolls the results so the chosen hit is on screen, with its
// session's line when it is its session's first.
func (p *Page) keepInView() {
	_, line, ok := p.found.hit(p.cursor)
	if !ok {
		p.top = 0
		return
	}
	p.top = min(p.top, max(line-1, 0))
	p.top = max(p.top, line-p.rows()+1)
	p.top = max(min(p.top, p.found.lines()-p.rows()), 0)
}

// open asks the app to open the chosen hit.
func (p *Page) open() tea.Cmd {
	h, _, ok := p.found.hit(p.cursor)
	if !ok {
		return nil
	}
	msg := OpenMsg{Path: h.Session.Item().Opens(), Follow: h.Session.Live(), Entry: h.Entry, Nested: h.Nested, Query: p.query}
	p.input.Blur() // keys typed before the viewer is up (n) are not the query's; Start focuses it again
	return func() tea.Msg { return msg }
}

func (p *Page) View() tea.View {
	th := p.th
	var b strings.Builder
	b.WriteString(" " + th.Title.Render("deck") + th.Muted.Render(" · search inside every session") + "\n\n")
	b.WriteString(" " + kit.StyledInput(p.input, th).View() + "\n")
	b.WriteString(" " + p.source() + "\n")
	lines := p.lines()
	for _, l := range lines[min(p.top, len(lines)):min(len(lines), p.top+p.rows())] {
		b.WriteString(l + "\n")
	}
	if len(lines) == 0 {
		b.WriteString(th.Muted.Render("   "+p.nothing()) + "\n")
	}
	b.WriteString("\n " + th.Muted.Render(cards.Truncate(p.count()+" · ↑/↓ choose · enter open at the hit · esc titles", max(p.width-1, 1), "…")))
	v := tea.NewView(b.String())
	v.AltScreen = true
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

// source says what is searched: the index (and how far its update is), or
// the logs themselves, and why.
func (p *Page) source() string {
	th := p.th
	var s string
	switch {
	case p.ix == nil && p.why != "":
		return th.Notice.Render(cards.Truncate("without the index ("+cards.Safe(p.why)+"): reading every log, slower", max(p.width-2, 1), "…"))
	case p.ix == nil:
		s = "reading every log"
	case p.progress != nil && p.progress.Sessions > 0:
		q := *p.progress
		s = fmt.Sprintf("indexing: %s of %s sessions, %s of %s; the hits so far are of the sessions indexed",
			human.Thousands(int64(q.Done)), human.Thousands(int64(q.Sessions)), human.Bytes(q.DoneBytes), human.Bytes(q.Bytes))
	case p.progress != nil:
		s = "looking for logs changed since the index was updated…"
	default:
		s = "in the index of every session"
	}
	return th.Muted.Render(cards.Truncate(s, max(p.width-2, 1), "…"))
}

// nothing is what the results say when there are none.
func (p *Page) nothing() string {
	switch {
	case p.err != nil:
		return cards.Safe(p.err.Error())
	case strings.TrimSpace(strings.TrimPrefix(p.query, `\`)) == "":
		return "type to search inside every session"
	case !p.done:
		return "searching…"
	}
	return "no session holds it"
}

// count is how many hits were found, in how many sessions.
func (p *Page) count() string {
	more := ""
	switch {
	case !p.done:
		more = "…"
	case p.found.n >= limit:
		more = " (the first)"
	}
	return counted(p.found.n, "hit") + more + " in " + counted(len(p.found.groups), "session")
}

// counted is n things, the word in the plural but for one.
func counted(n int, thing string) string {
	if n != 1 {
		thing += "s"
	}
	return human.Thousands(int64(n)) + " " + thing
}

// lines are the results drawn: a line per session (title · agent · when),
// then one per hit (turn · kind, where in a subagent's work, the snippet
// with the match highlighted).
// Every string from a log is sanitised.
func (p *Page) lines() []string {
	th := p.th
	var out []string
	n := 0
	for _, g := range p.found.groups {
		s := g.session
		title := cards.Safe(s.Title)
		if title == "" {
			title = "untitled session"
		}
		facts := " · " + cards.Safe(s.Agent) + " · " + s.Mod.Local().Format("2006-01-02 15:04")
		room := max(p.width-2-cards.Width(facts), 8)
		out = append(out, kit.ContainedRow("search's session row", p.width, func() string { return s.Title + facts }, func() string {
			return " " + th.Title.Render(cards.Truncate(title, room, "…")) + th.Muted.Render(cards.Truncate(facts, max(p.width-2-min(cards.Width(title), room), 1), "…"))
		}))
		for _, h := range g.hits {
			chosen := n == p.cursor
			out = append(out, kit.ContainedRow("search hit", p.width, func() string { return h.Snippet }, func() string { return p.hitLine(h, chosen) }))
			n++
		}
	}
	return out
}

// hitLine is one hit: where it is, then its snippet cut to the screen
// with the match in sight, on words' edges (index.Fit).
func (p *Page) hitLine(h index.Hit, chosen bool) string {
	th := p.th
	cursor := "   "
	if chosen {
		cursor = " " + th.Accent.Render("▌ ")
	}
	where := "start"
	if h.Turn > 0 {
		where = "turn " + strconv.Itoa(h.Turn)
	}
	label := fmt.Sprintf("%-9s %-9s ", where, h.Kind.String())
	if h.Nested > 0 {
		label += cards.NestedHit(h.Subagent, h.Nested, h.NestedOf, max(p.width/3, 12)) + "  "
	}
	before := cards.Safe(h.Snippet[:h.Match[0]])
	hit := cards.Safe(h.Snippet[h.Match[0]:h.Match[1]])
	after := cards.Safe(h.Snippet[h.Match[1]:])
	before, hit, after = index.Fit(before, hit, after, max(p.width-3-cards.Width(label), 8), cards.Width)
	text := th.Text
	if chosen {
		text = th.Title
	}
	return cursor + th.Muted.Render(label) + text.Render(before) + th.Match.Render(hit) + text.Render(after)
}
