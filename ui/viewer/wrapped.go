package viewer

import (
	"github.com/deck-tui/deck/session/cardtext"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// The viewer searches a card's rows as drawn, the index the card's text
// (cardtext.Of): a match that drawing wraps over two rows (a long
// path) or changes (Markdown's backticks dropped) is in the text but in
// no row. So a card whose text holds the query also counts a match that
// runs on from the end of one row into the next (across), and, when it
// shows none at all, counts once as a whole: a search opened at the
// index's hit lands on it, never on "no matches".

// holds reports whether the index's text of the card has the query.
func (m matcher) holds(e session.Entry) bool {
	return slices.ContainsFunc(cardtext.Of(e), m.hit)
}

// split is a match drawing wrapped: from cell from to the end of its
// row's text (to), and on the next row from cell contFrom (past the
// row's gutter) to contTo.
type split struct{ from, to, contFrom, contTo int }

// across finds the matches that run from the end of plain row a into
// plain row b: a's trailing spaces and b's gutter (the spaces and rules a
// wrapped row starts with) left out, the two joined as they are, else
// with a space between (a line wrapped at a space drops it). A match
// that overlaps one of b's own is b's.
func (m matcher) across(a, b string) []split {
	a = strings.TrimRight(a, " ")
	g := gutter(b)
	if a == "" || g == len(b) {
		return nil
	}
	rest := b[g:]
	own := m.Spans(rest)
	for _, sep := range []string{"", " "} {
		join := a + sep + rest
		var out []split
		for _, s := range m.Spans(join) {
			cut := len(a) + len(sep)
			if s[0] >= len(a) || s[1] <= cut {
				continue // within one row: that row's own
			}
			end := s[1] - cut
			if len(own) > 0 && own[0][0] < end {
				continue
			}
			out = append(out, split{from: cards.Width(a[:s[0]]), to: cards.Width(a), contFrom: cards.Width(b[:g]), contTo: cards.Width(b[:g]) + cards.Width(rest[:end])})
		}
		if len(out) > 0 {
			return out
		}
	}
	return nil
}

// gutter is how many bytes of a row lead its text: spaces, and the rules
// and bars a card draws down its side (box drawing and block elements).
func gutter(row string) int {
	i := 0
	for i < len(row) {
		r, size := utf8.DecodeRuneInString(row[i:])
		if r != ' ' && (r < 0x2500 || r > 0x259F) {
			break
		}
		i += size
	}
	return i
}

// rowMatches are the matches in a card's plain rows in order, a row's
// own and those wrapped from it into the next (holds: the card's text
// has the query, so a join of two rows is no false match); a card whose
// text holds the query but whose rows show none has one match, the card
// itself (whole).
func (m matcher) rowMatches(id int, rows []string, holds bool) []match {
	var at []match
	for row, text := range rows {
		for _, rg := range m.find(text) {
			at = append(at, match{id: id, row: row, col: rg[0], width: rg[1] - rg[0]})
		}
		if holds && row+1 < len(rows) {
			for _, s := range m.across(text, rows[row+1]) {
				at = append(at, match{id: id, row: row, col: s.from, width: s.to - s.from}) // its first row's part; highlights marks the next's
			}
		}
	}
	if len(at) == 0 && holds {
		at = append(at, match{id: id, whole: true})
	}
	return at
}

// wrappedCounter counts a card's matches row by row as rowMatches finds
// them, keeping the row before (a copy: CountRows reuses a row's bytes).
type wrappedCounter struct {
	m     matcher
	holds bool
	prev  string
	n     int
}

func (w *wrappedCounter) row(text string) int {
	n := w.m.count(text)
	if w.holds {
		if w.prev != "" {
			n += len(w.m.across(w.prev, text))
		}
		w.prev = strings.Clone(text)
	}
	w.n += n
	return n
}

// total is the card's count: one for a card whose text holds the query
// and whose rows show none.
func (w *wrappedCounter) total() int {
	if w.n == 0 && w.holds {
		return 1
	}
	return w.n
}

// highlights are the cells to mark in plain row: the query's own places
// in it, and the parts of matches wrapped into it from prev or from it
// into next (the rows around it in its card, "" for none; holds: as
// rowMatches).
func (m matcher) highlights(prev, row, next string, holds bool) [][2]int {
	out := m.find(row)
	if !holds {
		return out
	}
	for _, s := range m.across(prev, row) {
		out = append(out, [2]int{s.contFrom, s.contTo})
	}
	for _, s := range m.across(row, next) {
		out = append(out, [2]int{s.from, s.to})
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

// holding reports whether the text of card idx holds the query, asked
// once a search and card.
func (v *Viewer) holding(idx int) bool {
	s := &v.search
	id := v.items[idx].id
	holds, ok := s.holding[id]
	if !ok {
		if s.holding == nil {
			s.holding = map[int]bool{}
		}
		holds = s.m.holds(v.entry(idx))
		s.holding[id] = holds
	}
	return holds
}

// marks are the cells to mark in row r of card idx, drawn as rows.
func (v *Viewer) marks(idx, r int, rows []string) [][2]int {
	plain := func(i int) string {
		if i < 0 || i >= len(rows) {
			return ""
		}
		return ansi.Strip(rows[i])
	}
	if !v.holding(idx) {
		return v.search.m.find(plain(r))
	}
	return v.search.m.highlights(plain(r-1), plain(r), plain(r+1), true)
}
