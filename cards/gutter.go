package cards

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/theme"
)

// gutter is what stands before each line of a code pane (a read, a search's
// matches, a diff; a web source's number too): decorations such as a line
// number, a change mark, a separator, in that order. bat's decorations are the model: each knows its
// width and its cell for a line's first row or for a row the line wraps
// onto, and when the room is too narrow for them and the text they all go
// together.
type gutter struct {
	decorations []decoration
	blank       theme.Style // the style of the cells on a continuation row
}

// decoration is one column of a gutter: its cell on a line's first row; on
// a continuation row, a blank of the same width.
type decoration struct {
	text  string
	style theme.Style
}

func (d decoration) width() int { return textWidth(d.text) }

// cell is the decoration on a line's first row or on a continuation.
func (d decoration) cell(continuation bool) string {
	if continuation {
		return strings.Repeat(" ", d.width())
	}
	return d.text
}

// numberGutter is a line's own number right-aligned in w cells, then a rail,
// as read and search cards draw them.
func numberGutter(th *theme.Theme, n, w int) gutter {
	return gutter{
		decorations: []decoration{{pad(strconv.Itoa(n), w), th.GutterNum}, {" │ ", th.GutterSep}},
		blank:       th.Faint,
	}
}

func (g gutter) width() int {
	w := 0
	for _, d := range g.decorations {
		w += d.width()
	}
	return w
}

// row is the gutter's part of one row: a cell per decoration on a line's
// first row; on a continuation, their blanks as one run (one style, so one
// escape, not one a cell).
func (g gutter) row(continuation bool) line {
	if continuation {
		var b strings.Builder
		for _, d := range g.decorations {
			b.WriteString(d.cell(true))
		}
		return line{{b.String(), g.blank}}
	}
	out := make(line, 0, len(g.decorations))
	for _, d := range g.decorations {
		out = append(out, span{d.cell(false), d.style})
	}
	return out
}

// continued is a gutter that is blank from its first row: for the other
// lines of one item (a web source's URL under its number).
func (g gutter) continued() gutter {
	return gutter{decorations: []decoration{{g.row(true).plain(), g.blank}}, blank: g.blank}
}

// gutterCode adds a line of code or output after a gutter: cut to fit (or
// wrapped under a blank gutter), the whole indented extra cells under the
// body.
func (c *card) gutterCode(g gutter, text line, extra int) {
	c.besideGutter(g, text, extra, c.codeRows)
}

// gutterProse is gutterCode for prose: it breaks between words.
func (c *card) gutterProse(g gutter, text line, extra int) {
	c.besideGutter(g, text, extra, line.wrapWords)
}

// besideGutter lays text into the room the gutter leaves with wrap, and
// adds each row after the gutter's cells for it. When that room is under a
// cell the gutter goes, all of it, and the text has the row.
func (c *card) besideGutter(g gutter, text line, extra int, wrap func(line, int) []line) {
	room := c.inner() - extra - g.width()
	if room < 1 {
		g, room = gutter{blank: g.blank}, c.inner()-extra
	}
	for i, r := range wrap(text, max(room, 1)) {
		c.code(append(g.row(i > 0), r...), indent+extra)
	}
}

// pad right-aligns s in w cells.
func pad(s string, w int) string {
	if n := Width(s); n < w {
		return strings.Repeat(" ", w-n) + s
	}
	return s
}
