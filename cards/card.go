package cards

import (
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/deck-tui/deck/theme"
)

// indent is how far a card's body sits under its header.
const indent = 2

// maxCardRows is the display cap: no card draws more rows (a million lines
// of output stay a card a person can scroll past); the rest is counted.
const maxCardRows = 10000

// card collects the rows of one card. Every row is checked against the
// width as it is added: cards lay themselves out to fit, and fit cuts only
// what a layout got wrong (counted, so tests catch it).
type card struct {
	o       Options
	th      *theme.Theme
	rows    []string
	made    int // rows made: kept in rows, or counted
	dropped int // rows not drawn, past maxCardRows
	unread  int // bytes of text not laid out, past what the cap shows (showable)

	count    func(row string) // CountRows: each row goes here instead of into rows
	stopped  bool             // CountRows was told to stop: the card is as full as can be
	nestedAt []int            // NestedStarts: the row each nested entry starts at
	imageAt  []int            // ImageStarts: the row each image of a gallery starts at
	buf      []byte           // a plain row being laid out, reused (plain.go)
	tabs     []byte           // a plain line, its tabs expanded, reused
	runs     []styledRun      // a simple line of code's styles, reused (simplecode.go)
	head     []byte           // a plain row's gutter, reused
	cont     []byte           // the gutter of the rows a plain line wraps onto, reused
	lined    line             // a row of prose being made into a string (leadRow), reused
}

// full reports whether the card reached the display cap; long loops stop
// drawing then, and count what they skip with skip.
func (c *card) full() bool { return c.made >= maxCardRows || c.stopped }

// skip counts rows not drawn because the card is full.
func (c *card) skip(n int) { c.dropped += n }

// capNote says how much a card over the display cap did not draw.
func (c *card) capNote() {
	if c.dropped > 0 || c.unread > 0 {
		note := fmt.Sprintf("  … %s more not drawn: the card is over the display cap of %s rows",
			plural(c.dropped, "row", "rows"), thousands(maxCardRows))
		if c.unread > 0 {
			note = unreadNote(c.dropped, c.unread)
		}
		c.keepRow(c.str(line{{note, c.th.Notice}}.truncate(c.o.Width, span{"…", c.th.Notice})))
	}
}

// overflowCuts counts rows fit had to cut; a layout bug if not zero.
var overflowCuts atomic.Int64

// OverflowCuts reports how many rows were cut to fit their width since the
// program started; tests assert it stays zero at widths of 20 and more.
func OverflowCuts() int64 { return overflowCuts.Load() }

func newCard(o Options) *card { return &card{o: o, th: o.Theme} }

// pooled are cards Render has drawn, to draw the next: a card is some 400
// bytes before its rows, and a million small events are 750,000 cards.
var pooled = sync.Pool{New: func() any { return new(card) }}

// maxKeptBuffer is the largest buffer a pooled card keeps for the next:
// a huge line's does not stay for the life of the program.
const maxKeptBuffer = 64 << 10

// pooledCard is newCard from the pool, its buffers kept.
func pooledCard(o Options) *card {
	c := pooled.Get().(*card)
	*c = card{o: o, th: o.Theme, buf: c.buf[:0], tabs: c.tabs[:0], runs: c.runs[:0], head: c.head[:0], cont: c.cont[:0], lined: c.lined[:0]}
	return c
}

// release puts a card whose rows were taken back in the pool.
func (c *card) release() {
	keep := func(b []byte) []byte {
		if cap(b) > maxKeptBuffer {
			return nil
		}
		return b
	}
	runs, lined := c.runs, c.lined[:cap(c.lined)]
	clear(lined) // a pooled card keeps no text alive
	if cap(runs) > maxKeptBuffer/16 {
		runs = nil
	}
	if cap(lined) > maxKeptBuffer/64 {
		lined = nil
	}
	*c = card{buf: keep(c.buf), tabs: keep(c.tabs), runs: runs, head: keep(c.head), cont: keep(c.cont), lined: lined}
	pooled.Put(c)
}

// raw adds a rendered row (SGR styles only).
func (c *card) raw(s string) {
	if c.full() {
		c.dropped++
		return
	}
	if len(s) > c.o.Width && !(c.o.NoWrap && c.o.Uncut) && Width(s) > c.o.Width { // a plain row no longer than the width fits at once; Uncut: code rows are whole
		overflowCuts.Add(1)
		s = Truncate(s, c.o.Width, "…") + theme.Reset
	}
	c.keepRow(s)
}

// fitted adds a rendered row that was laid out to fit by counting cells
// (simplecode.go), without measuring it again.
func (c *card) fitted(s string) {
	if c.full() {
		c.dropped++
		return
	}
	c.keepRow(s)
}

// keepRow adds a finished row to the card, or counts it.
func (c *card) keepRow(s string) {
	c.made++
	if c.count != nil {
		c.count(s)
		return
	}
	c.rows = append(c.rows, s)
}

// row adds one line as it is.
func (c *card) row(l line) { c.raw(c.str(l)) }

// str is a line as a row: styled, or plain for a search.
func (c *card) str(l line) string {
	if c.o.Plain {
		return l.plain()
	}
	return l.String()
}

// body adds a line of prose under the header, indented and word-wrapped.
func (c *card) body(l line) {
	c.bodyAt(l, indent)
}

// bodyAt adds a line of prose indented by n cells, word-wrapped.
func (c *card) bodyAt(l line, n int) { c.leadAt(nil, l, n) }

// lead adds prose after a mark (›, !, ∴): word-wrapped, with later rows
// hanging under the text rather than the mark.
func (c *card) lead(mark, l line) { c.leadAt(mark, l, 0) }

// leadAt is lead for a mark indented by n cells.
func (c *card) leadAt(mark, l line, n int) {
	var ld leading // on the stack: a card lays out many lines of prose
	c.setLeading(&ld, mark, l, n)
	for c.leadRow(&ld) {
	}
}

// leading is a line of prose being laid out after a mark, a row at a time.
type leading struct {
	pad, hang span // the blanks before the first row's mark, and under it on the rows after
	mark      line
	hung      bool // the first row is laid out: the rows after hang under the mark
	rows      wordRows
	src       int // the bytes of text it was made of, when known: what a cut counts
}

// setLeading sets ld to lay l out after mark, indented by n.
func (c *card) setLeading(ld *leading, mark, l line, n int) {
	n = min(n, c.o.Width-1)
	w := min(mark.width(), c.o.Width-n-1)
	*ld = leading{pad: span{spaces(n), theme.Style{}}, hang: span{spaces(w), theme.Style{}}, mark: mark, rows: makeWordRows(l, c.o.Width-n-w)}
}

// unread is how many bytes of its text the rows not laid out hold: of the
// text it was made of, where the sanitiser changed their number (a tab
// became spaces), in proportion.
func (ld *leading) unread() int {
	rest, whole := ld.rows.rest(), ld.rows.bytes()
	if ld.src == 0 || whole == 0 {
		return rest
	}
	return int(int64(rest) * int64(ld.src) / int64(whole))
}

// leadRow adds the line's next row, and reports whether it had one. Once
// the card is full the rest of a line longer than a row is counted as
// text not drawn, never wrapped into rows to be dropped.
func (c *card) leadRow(ld *leading) bool {
	switch {
	case c.full() && ld.rows.whole && !ld.rows.done:
		c.skip(1) // a row's text: counted as the row it is
		return false
	case c.full():
		c.unread += ld.unread()
		return false
	}
	r, ok := ld.rows.next()
	if !ok {
		return false
	}
	c.lined = append(c.lined[:0], ld.pad)
	if ld.hung {
		c.lined = append(c.lined, ld.hang)
	} else {
		c.lined = append(c.lined, ld.mark...)
	}
	c.lined = append(c.lined, r...)
	c.row(c.lined)
	ld.hung = true
	return true
}

// code adds a row that is already cut to fit (code, output), indented by n.
func (c *card) code(l line, n int) {
	n = min(n, c.o.Width-1)
	c.raw(spaces(max(n, 0)) + c.str(l))
}

// bodyRaw adds rendered rows (Markdown) indented under the header.
func (c *card) bodyRaw(rows []string) {
	pad := spaces(min(indent, c.o.Width-1))
	for _, r := range rows {
		c.raw(pad + r)
	}
}

// text adds untrusted text as body rows in style st, one or more rows per
// line of text.
func (c *card) text(s string, st theme.Style) {
	for p := c.prose(s, nil, nil, indent, st, nil); p.step(); {
	}
}

// textLines adds untrusted text's lines as body rows in style st; when the
// card is collapsed and the text long, only its first lines and how many
// more there are.
func (c *card) textLines(text string, st theme.Style) {
	p := c.prose(text, nil, nil, indent, st, &collapsed.bodyLines)
	for p.step() {
	}
	p.elided()
}

// note adds a dim body line of deck's own words (never untrusted text).
func (c *card) note(s string) { c.body(line{{s, c.th.Muted}}) }

// codeRows lays a line of code or output into rows of room cells: wrapped,
// or, when the card does not wrap, scrolled sideways and cut with a mark
// at each edge that hides text. The left mark stands over the first cell in
// view, so each cell stays Scroll cells left of where it is unscrolled.
func (c *card) codeRows(l line, room int) []line {
	room = max(room, 1)
	switch {
	case c.o.NoWrap && c.o.Uncut:
		return []line{l}
	case c.o.NoWrap && c.o.Scroll > 0 && l.width() > 0:
		l = append(line{{"‹", c.th.Faint}}, l.cut(c.o.Scroll+1)...)
		return []line{l.truncate(room, span{"›", c.th.Faint})}
	case c.o.NoWrap:
		return []line{l.truncate(room, span{"›", c.th.Faint})}
	}
	return l.wrap(room)
}

// inner is the width left for a body line.
func (c *card) inner() int { return max(c.o.Width-indent, 1) }

// safeText makes one line of untrusted text (tabs to 4-column stops).
func safeText(th *theme.Theme, text string, st theme.Style) line {
	b := newText(th, 4)
	b.add(text, st)
	return b.line()
}
