package cards

import (
	"strings"

	"github.com/deck-tui/deck/theme"
)

// prose is untrusted text being laid out as a card's rows, a line at a
// time and a row at a time, as far as it is asked: each line word-wrapped
// after a mark (the first line's, then the next lines'), its later rows
// hanging under the text. Each line is cut to what the display cap can
// show before it is sanitised, and once the card is full the rest of the
// text is counted as text not drawn, never split or wrapped: a prompt of
// megabytes costs the rows it shows, and a lazy card (lazy.go) only the
// rows it was asked for.
type prose struct {
	c          *card
	rest       string // the lines not begun
	more       bool   // rest holds a line (an empty one too)
	mark, next line   // the next line's mark, and the marks of the lines after it
	n          int    // the marks' indent
	st         theme.Style
	lines      int      // how many lines the text has
	left       int      // how many more it shows (the card may be collapsed)
	cur        *leading // &ld while a line is being laid out
	ld         leading
}

// prose starts laying out text's lines (trailing newlines aside) in style
// st: all of them, or, given a limit, as many as a collapsed card keeps.
func (c *card) prose(text string, mark, next line, n int, st theme.Style, keep *limit) *prose {
	text = strings.TrimRight(text, "\n")
	p := &prose{c: c, rest: text, more: true, mark: mark, next: next, n: n, st: st, lines: strings.Count(text, "\n") + 1}
	p.left = p.lines
	if keep != nil {
		p.left = c.keep(p.lines, *keep)
	}
	return p
}

// step adds the text's next row, and reports whether it had one.
func (p *prose) step() bool {
	c := p.c
	for {
		if p.cur != nil && c.leadRow(p.cur) {
			return true
		}
		p.cur = nil
		if c.full() && p.more {
			c.unread += len(p.rest)
			p.more, p.left = false, 0
		}
		if !p.more || p.left == 0 {
			return false
		}
		l, rest, found := strings.Cut(p.rest, "\n")
		p.rest, p.more = rest, found
		p.left--
		safe, src := c.shown(l, p.st, false)
		p.cur = &p.ld
		c.setLeading(p.cur, p.mark, safe, p.n)
		p.cur.src = src
		p.mark = p.next
	}
}

// elided says how many lines a collapsed card left out, once its rows are
// laid out.
func (p *prose) elided() {
	if p.left == 0 && p.more {
		p.c.elided(strings.Count(p.rest, "\n")+1, "line", "lines")
	}
}
