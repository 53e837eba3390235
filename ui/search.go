package ui

import (
	"strings"
	"unicode"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// match is one place the query was found: a row of a card drawn whole.
type match struct {
	id, row, col int // entry id, row in its expanded card, cell where it starts
}

// search is the state of / search: the query as typed, and the matches
// found across the whole transcript, every card drawn whole.
type search struct {
	input   textinput.Model
	typing  bool
	query   string
	gen     int // the search a result belongs to; a newer query wins
	matches []match
	current int // the match n and N go from; -1 before the first
	done    bool
	jump    bool // enter came before the matches: go to the first when they do
}

// searchedMsg brings a search's matches back.
type searchedMsg struct {
	gen     int
	matches []match
}

func newSearch() search {
	in := textinput.New()
	in.Prompt = "/"
	return search{input: in, current: -1}
}

// matcher finds a query in text: case-blind unless the query has a capital
// letter (smart case), as in less and vim.
type matcher struct {
	q    string
	fold bool
}

func newMatcher(q string) matcher {
	fold := !strings.ContainsFunc(q, unicode.IsUpper)
	if fold {
		q = strings.ToLower(q)
	}
	return matcher{q, fold}
}

// find returns the cell ranges where the query is in a row of plain text.
func (m matcher) find(plain string) [][2]int {
	if m.q == "" {
		return nil
	}
	hay := plain
	if m.fold {
		// byte offsets must hold in plain: fold only when lengths agree
		if lower := strings.ToLower(plain); len(lower) == len(plain) {
			hay = lower
		}
	}
	var out [][2]int
	for off := 0; ; {
		i := strings.Index(hay[off:], m.q)
		if i < 0 {
			return out
		}
		start := off + i
		end := start + len(m.q)
		out = append(out, [2]int{ansi.StringWidth(plain[:start]), ansi.StringWidth(plain[:end])})
		off = end
	}
}

// runSearch searches every card, drawn whole without highlighting, off the
// update loop.
func runSearch(gen int, q string, items []item, width int, th *theme.Theme, cwd string) tea.Cmd {
	entries := make([]session.Entry, len(items))
	for i, it := range items {
		entries[i] = it.e
	}
	return func() tea.Msg {
		m := newMatcher(q)
		var found []match
		for _, e := range entries {
			rows := cards.Render(e, cards.Options{Width: width, Theme: th, Cwd: cwd, Expanded: true, NoHighlight: true})
			for r, row := range rows {
				for _, rg := range m.find(ansi.Strip(row)) {
					found = append(found, match{id: session.Base(e).ID, row: r, col: rg[0]})
				}
			}
		}
		return searchedMsg{gen, found}
	}
}

// highlightMatches marks where the query is in a drawn row, in place.
func highlightMatches(row string, m matcher, st theme.Style) string {
	ranges := m.find(ansi.Strip(row))
	if len(ranges) == 0 {
		return row
	}
	var b strings.Builder
	at := 0
	for _, r := range ranges {
		b.WriteString(ansi.Cut(row, at, r[0]))
		b.WriteString(theme.Reset)
		b.WriteString(st.Render(ansi.Strip(ansi.Cut(row, r[0], r[1]))))
		at = r[1]
	}
	b.WriteString(ansi.Cut(row, at, ansi.StringWidth(row)))
	return b.String()
}
