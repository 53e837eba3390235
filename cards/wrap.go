package cards

import (
	"github.com/charmbracelet/x/ansi"
)

// wrapWords cuts a line into rows of at most width cells, breaking after
// spaces where it can (prose), and inside a word only when the word alone
// is wider than a row. Spaces at a break are dropped.
func (l line) wrapWords(width int) []line {
	var rows []line
	for w := newWordRows(l, width); ; {
		r, ok := w.next()
		if !ok {
			return rows
		}
		rows = append(rows, r)
	}
}

// wordRows lays a line out into wrapWords' rows one at a time, so a card
// stops at the display cap, or a lazy card at the rows it needs, without
// wrapping the rest of a huge line. A row is a stretch of the line, its
// spans sliced out of the line's and never copied (but where two of one
// style meet). Past a row's end, the break is the row's last space (not
// its first character), dropped; or the space that overflows it, dropped;
// or, in a word wider than a row, the character that overflows it.
type wordRows struct {
	l      line
	width  int
	start  spot // where the row being laid out starts
	at     spot // the next character
	col    int  // the row's cells so far
	space  spot // the row's last space, when it has one past its start
	spaced bool
	placed bool // the character at `at` was measured against the row's end and goes on the row
	whole  bool // the line fits a row: it is the one row, as it is
	done   bool
}

// spot is a place in a line: a span and a byte in its text.
type spot struct{ span, off int }

func newWordRows(l line, width int) *wordRows {
	w := makeWordRows(l, width)
	return &w
}

// makeWordRows is newWordRows as a value, to hold in another struct.
func makeWordRows(l line, width int) wordRows {
	w := wordRows{l: l, width: max(width, 1)}
	w.whole = w.fits()
	return w
}

// fits reports whether the line fits a row, measuring no further than a
// row's width into it.
func (w *wordRows) fits() bool {
	col := 0
	for p := w.settle(spot{}); p.span < len(w.l); p = w.settle(p) {
		c, cw := w.cluster(p)
		if col += cw; col > w.width {
			return false
		}
		p.off += len(c)
	}
	return true
}

// next returns the next row; false once every row was returned.
func (w *wordRows) next() (line, bool) {
	if w.done {
		return nil, false
	}
	if w.whole {
		w.done = true
		return w.l, true
	}
	for w.at = w.settle(w.at); w.at.span < len(w.l); w.at = w.settle(w.at) {
		c, cw := w.cluster(w.at)
		if !w.placed && w.col+cw > w.width && w.col > 0 {
			switch {
			case c == " ": // the break: the space goes
				row := w.slice(w.start, w.at)
				w.at.off++
				w.begin(w.settle(w.at))
				return row, true
			case w.spaced: // back to the row's last space, which goes
				row := w.slice(w.start, w.space)
				w.begin(w.settle(spot{w.space.span, w.space.off + 1}))
				w.col = w.cells(w.start, w.at)
				// the character goes after the word's start, unless that
				// start leaves it no room (a wide cluster): then the start
				// is a row of its own
				w.placed = w.col+cw <= w.width
				return row, true
			default: // a word wider than a row, broken where it overflows
				row := w.slice(w.start, w.at)
				w.begin(w.at)
				w.placed = true
				return row, true
			}
		}
		w.placed = false
		if c == " " && w.at != w.start {
			w.space, w.spaced = w.at, true
		}
		w.col += cw
		w.at.off += len(c)
	}
	w.done = true
	return w.slice(w.start, w.at), true
}

// settle moves a spot at the end of a span to the start of the next
// span with text, so one place in the line is one spot.
func (w *wordRows) settle(p spot) spot {
	for p.span < len(w.l) && p.off >= len(w.l[p.span].text) {
		p = spot{p.span + 1, 0}
	}
	return p
}

// begin starts a row at p.
func (w *wordRows) begin(p spot) {
	w.start, w.col, w.spaced = p, 0, false
}

// rest is how many bytes of the line no row has been returned for yet.
func (w *wordRows) rest() int {
	if w.done {
		return 0
	}
	n := 0
	for i := w.start.span; i < len(w.l); i++ {
		n += len(w.l[i].text)
	}
	return n - w.start.off
}

// bytes is the line's size.
func (w *wordRows) bytes() int {
	n := 0
	for _, s := range w.l {
		n += len(s.text)
	}
	return n
}

// cells measures the line from a to b.
func (w *wordRows) cells(a, b spot) int {
	n := 0
	for p := a; p != b; p = w.settle(p) {
		c, cw := w.cluster(p)
		n += cw
		p.off += len(c)
	}
	return n
}

// slice is the line from a to b, as spans of the line's text; two pieces
// of one style next to each other become one span, as one run of text.
func (w *wordRows) slice(a, b spot) line {
	var out line
	for i := a.span; i <= b.span && i < len(w.l); i++ {
		s := w.l[i]
		from, to := 0, len(s.text)
		if i == a.span {
			from = a.off
		}
		if i == b.span {
			to = b.off
		}
		if from >= to {
			continue
		}
		if n := len(out); n > 0 && out[n-1].style == s.style {
			out[n-1].text += s.text[from:to]
			continue
		}
		out = append(out, span{s.text[from:to], s.style})
	}
	return out
}

// cluster is the character at p and its cells, as Width measures them;
// of a cluster wider than a row, its first piece that fits one, as
// clustersWithin cuts it.
func (w *wordRows) cluster(p spot) (string, int) {
	c, cw := cluster(w.l[p.span].text[p.off:])
	if cw <= w.width {
		return c, cw
	}
	end, pw := 0, 0
	for end < len(c) {
		unit := nextUnit(c[end:])
		uw := textWidth(unit)
		if pw+uw > w.width && end > 0 {
			break
		}
		end, pw = end+len(unit), pw+uw
	}
	return c[:end], pw
}

// cluster is the first grapheme cluster of s and its width in cells, as
// Width measures it: a printable ASCII character followed by another
// ASCII one (or nothing) is a cluster of one cell on its own.
func cluster(s string) (string, int) {
	if b := s[0]; b >= 0x20 && b < 0x7F && (len(s) == 1 || s[1] < 0x80) {
		return s[:1], 1
	}
	c, w := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
	if c == "" { // cannot happen for valid input; never loop forever
		c, w = s[:1], 1
	}
	return c, clusterWidth(c, w)
}
