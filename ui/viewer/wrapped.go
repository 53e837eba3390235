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
// (cardtext.Of): a match that drawing wraps over rows (a long path, a
// long query) or changes (Markdown's backticks dropped) is in the text but
// in no row. So a card whose text holds the query also counts a match that
// runs on from the end of one row over the rows after it (across), and,
// when it shows none at all, counts once as a whole: a search opened at
// the index's hit lands on it, never on "no matches".

// holds reports whether the index's text of the card has the query.
func (m matcher) holds(e session.Entry) bool {
	return slices.ContainsFunc(cardtext.Of(e), m.hit)
}

// unboundedReach is how many runes a match of a pattern with no longest
// (\d+) is looked for over, across rows.
const unboundedReach = 128

// reach is the most runes a match can hold: it bounds how many rows one
// can run over, so finding them is linear in a card's rows.
func (m matcher) reach() int {
	if n, ok := m.MaxRunes(); ok {
		return n
	}
	return unboundedReach
}

// split is a match drawing wrapped: from cell from to the end of its
// first row's text (to), then on each row after it the cells it covers
// (past the row's gutter), the last perhaps in part.
type split struct {
	from, to int
	cont     [][2]int
}

// rowsAt gives a card's plain row i, and how many rows there are.
type rowsAt struct {
	at func(i int) string
	n  int
}

// rowsOf are plain rows as a rowsAt.
func rowsOf(rows []string) rowsAt {
	return rowsAt{at: func(i int) string { return rows[i] }, n: len(rows)}
}

// window is how far a match that starts in row r can run: over the rows
// after it up to end (not included), no further than a blank row (a
// paragraph's end) or than the rows whose text holds as many runes as a
// match can hold after r's. complete is false when the rows ran out first
// (more may come).
func (m matcher) window(rows rowsAt, r int) (end int, complete bool) {
	budget := m.reach() - 1 // the runes a match holds after its first
	if budget < 1 {
		return r + 1, true
	}
	runes := 0
	for i := r + 1; i < rows.n; i++ {
		b := rows.at(i)
		g := gutter(b)
		if g == len(b) {
			return i, true
		}
		if runes += utf8.RuneCountInString(strings.TrimRight(b[g:], " ")); runes >= budget {
			return i + 1, true
		}
	}
	return rows.n, false
}

// wrappedRow is a row a match runs on into: its gutter (the spaces and
// rules a wrapped row starts with) and its text after it.
type wrappedRow struct {
	gutter, text string
}

// across finds the matches that start in row r and run on into the rows
// after it (as far as window says): each row's trailing spaces and each
// following row's gutter left out, the rows joined as drawing wrapped
// them (as they are after a row as wide as the card, a word broken;
// with a space after a shorter one, a line wrapped at the space it
// dropped), else all as they are, else all with a space between. A match
// that overlaps one of a later row's own is that row's.
func (m matcher) across(rows rowsAt, r, width int) []split {
	a := strings.TrimRight(rows.at(r), " ")
	end, _ := m.window(rows, r)
	if a == "" || end <= r+1 {
		return nil
	}
	after := make([]wrappedRow, 0, end-r-1)
	full := []bool{cards.Width(a) >= width}
	for i := r + 1; i < end; i++ {
		b := rows.at(i)
		g := gutter(b)
		text := b[g:]
		if i+1 < end {
			text = strings.TrimRight(text, " ") // run over whole: its end is the join's
			full = append(full, cards.Width(b[:g])+cards.Width(text) >= width)
		}
		after = append(after, wrappedRow{b[:g], text})
	}
	spaced := func(k int) bool { return width > 0 && !full[k] }
	var tried []string
	for _, sep := range []func(k int) bool{spaced, func(int) bool { return false }, func(int) bool { return true }} {
		join, starts := joinRows(a, after, sep)
		if slices.Contains(tried, join) {
			continue
		}
		tried = append(tried, join)
		if out := m.splits(a, after, join, starts); len(out) > 0 {
			return out
		}
	}
	return nil
}

// joinRows joins a and the rows after it, with a space after the k-th
// row when sep(k) says so, and where each row after a starts in the join.
func joinRows(a string, after []wrappedRow, sep func(k int) bool) (string, []int) {
	var b strings.Builder
	b.WriteString(a)
	starts := make([]int, len(after))
	for k, row := range after {
		if sep(k) {
			b.WriteByte(' ')
		}
		starts[k] = b.Len()
		b.WriteString(row.text)
	}
	return b.String(), starts
}

// splits are the matches in join (a, then the rows after it from starts)
// that start in a and end in a row after it, none of whose rows holds a
// match of its own where it runs.
func (m matcher) splits(a string, after []wrappedRow, join string, starts []int) []split {
	var out []split
	own := make([][][2]int, len(after))
	ownAt := func(k int) [][2]int {
		if own[k] == nil {
			own[k] = append(m.Spans(after[k].text), [2]int{len(after[k].text) + 1, 0}) // past the end: none
		}
		return own[k]
	}
	for _, s := range m.Spans(join) {
		if s[0] >= len(a) || s[1] <= starts[0] {
			continue // within one row: that row's own
		}
		last := 0
		for last+1 < len(starts) && starts[last+1] < s[1] {
			last++
		}
		mine := true
		for k := 0; k <= last && mine; k++ {
			upto := len(after[k].text) // a row it runs over whole
			if k == last {
				upto = min(s[1]-starts[k], upto)
			}
			mine = ownAt(k)[0][0] >= upto
		}
		if !mine {
			continue
		}
		sp := split{from: cards.Width(a[:s[0]]), to: cards.Width(a)}
		for k := 0; k <= last; k++ {
			g := cards.Width(after[k].gutter)
			upto := len(after[k].text)
			if k == last {
				upto = min(s[1]-starts[k], upto)
			}
			sp.cont = append(sp.cont, [2]int{g, g + cards.Width(after[k].text[:upto])})
		}
		out = append(out, sp)
	}
	return out
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

// rowMatches are the matches in a card's plain rows (drawn width wide)
// in order, a row's own and those wrapped from it over the rows after it
// (holds: the card's text has the query, so a join of rows is no false
// match); a card whose text holds the query but whose rows show none has
// one match, the card itself (whole).
func (m matcher) rowMatches(id int, rows []string, width int, holds bool) []match {
	var at []match
	all := rowsOf(rows)
	for row, text := range rows {
		for _, rg := range m.find(text) {
			at = append(at, match{id: id, row: row, col: rg[0], width: rg[1] - rg[0]})
		}
		if holds {
			for _, s := range m.across(all, row, width) {
				at = append(at, match{id: id, row: row, col: s.from, width: s.to - s.from}) // its first row's part; highlights marks the rest
			}
		}
	}
	if len(at) == 0 && holds {
		at = append(at, match{id: id, whole: true})
	}
	return at
}

// wrappedCounter counts a card's matches row by row as rowMatches finds
// them, keeping the rows a match across rows may yet start in and run
// over (copies: CountRows reuses a row's bytes), no more.
type wrappedCounter struct {
	m     matcher
	holds bool
	width int
	kept  []string
	n     int
}

func (w *wrappedCounter) row(text string) int {
	n := w.m.count(text)
	if w.holds {
		w.kept = append(w.kept, strings.Clone(text))
		n += w.crossings(false)
	}
	w.n += n
	return n
}

// crossings counts the matches across rows that start in the first rows
// kept whose window has closed (at the card's end, all of them), and
// lets those rows go.
func (w *wrappedCounter) crossings(end bool) int {
	n := 0
	for len(w.kept) > 0 {
		rows := rowsOf(w.kept)
		if _, complete := w.m.window(rows, 0); !complete && !end {
			break
		}
		n += len(w.m.across(rows, 0, w.width))
		w.kept = w.kept[1:]
	}
	return n
}

// total is the card's count: one for a card whose text holds the query
// and whose rows show none.
func (w *wrappedCounter) total() int {
	w.n += w.crossings(true)
	if w.n == 0 && w.holds {
		return 1
	}
	return w.n
}

// highlights are the cells to mark in plain row r of a card's rows: the
// query's own places in it, and the parts of the matches across rows
// that start in it or run over it from a row before (holds: as
// rowMatches). The rows before it looked at are those a match could run
// from: none past a blank row, nor past as many runes as a match holds.
func (m matcher) highlights(rows rowsAt, r, width int, holds bool) [][2]int {
	out := m.find(rows.at(r))
	if !holds {
		return out
	}
	for _, s := range m.across(rows, r, width) {
		out = append(out, [2]int{s.from, s.to})
	}
	over := 0 // the runes of the rows from start to r, which a match from before start runs over whole
	for start := r - 1; start >= 0; start-- {
		if end, _ := m.window(rows, start); end > r {
			for _, s := range m.across(rows, start, width) {
				if k := r - start - 1; k < len(s.cont) {
					out = append(out, s.cont[k])
				}
			}
		}
		b := rows.at(start)
		g := gutter(b)
		if over += utf8.RuneCountInString(strings.TrimRight(b[g:], " ")); g == len(b) || over >= m.reach()-1 {
			break
		}
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
	plain := rowsAt{at: func(i int) string {
		if i >= len(rows) {
			return "" // a row past the card's: the screen's blank
		}
		return ansi.Strip(rows[i])
	}, n: len(rows)}
	if !v.holding(idx) {
		return v.search.m.find(plain.at(r))
	}
	return v.search.m.highlights(plain, r, v.cardWidth(), true)
}
