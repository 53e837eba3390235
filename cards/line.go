package cards

import (
	"strings"

	"github.com/deck-tui/deck/theme"
)

// span is a run of visible text in one style. Its text is already safe to
// print: sanitised, tabs expanded, no escape of its own.
type span struct {
	text  string
	style theme.Style
}

// line is one row of a card as styled spans; it becomes a string only at the
// end, so wrapping and cutting never split an escape sequence.
type line []span

// width is the line's width in terminal cells.
func (l line) width() int {
	w := 0
	for _, s := range l {
		w += textWidth(s.text)
	}
	return w
}

// String renders the line with each span's style; every styled span ends
// with a reset, so nothing bleeds past the line.
func (l line) String() string {
	n := 0
	for _, s := range l {
		n += s.style.RenderedLen(s.text)
	}
	if len(l) == 1 && n == len(l[0].text) {
		return l[0].text // a lone span with no style: no copy
	}
	var b strings.Builder // one buffer of the row's size, not a string a span
	b.Grow(n)
	for _, s := range l {
		s.style.RenderTo(&b, s.text)
	}
	return b.String()
}

// plain is the line's text without styles.
func (l line) plain() string {
	var b strings.Builder
	for _, s := range l {
		b.WriteString(s.text)
	}
	return b.String()
}

// wrap cuts a line into rows of at most width cells, on grapheme boundaries
// (a cluster wider than a row in pieces: clustersWithin).
func (l line) wrap(width int) []line {
	if width < 1 {
		width = 1
	}
	var rows []line
	var cur line
	col := 0
	for _, s := range l {
		var b strings.Builder
		flush := func() {
			if b.Len() > 0 {
				cur = append(cur, span{b.String(), s.style})
				b.Reset()
			}
		}
		clustersWithin(s.text, width, func(c string, w int) {
			if col+w > width && col > 0 {
				flush()
				rows = append(rows, cur)
				cur, col = nil, 0
			}
			b.WriteString(c)
			col += w
		})
		flush()
	}
	return append(rows, cur)
}

// truncate cuts a line to width cells, ending it with tail (which counts in
// the width) when anything was cut.
func (l line) truncate(width int, tail span) line {
	if l.width() <= width {
		return l
	}
	tw := textWidth(tail.text)
	room := width - tw
	if room < 0 {
		room, tail = width, span{}
	}
	var out line
	col := 0
	for _, s := range l {
		var b strings.Builder
		full := false
		clusters(s.text, func(c string, w int) {
			if full || col+w > room {
				full = true
				return
			}
			b.WriteString(c)
			col += w
		})
		if b.Len() > 0 {
			out = append(out, span{b.String(), s.style})
		}
		if full {
			break
		}
	}
	if tail.text != "" {
		out = append(out, tail)
	}
	return out
}

// cut returns the part of a line from cell `from` on (for sideways scrolling).
func (l line) cut(from int) line {
	if from <= 0 {
		return l
	}
	var out line
	col := 0
	for _, s := range l {
		var b strings.Builder
		clusters(s.text, func(c string, w int) {
			if col >= from {
				b.WriteString(c)
			} else if col+w > from { // a wide cluster cut in half: blank its right part
				b.WriteString(strings.Repeat(" ", col+w-from))
			}
			col += w
		})
		if b.Len() > 0 {
			out = append(out, span{b.String(), s.style})
		}
	}
	return out
}

// blankRow holds the spaces spaces slices.
var blankRow = strings.Repeat(" ", 1024)

// spaces is n spaces: for a row's width or less, a slice of one string
// rather than a string of its own (a card pads most of its rows).
func spaces(n int) string {
	if n <= len(blankRow) {
		return blankRow[:n]
	}
	return strings.Repeat(" ", n)
}

// pad fills a line with spaces (in style st) up to width cells.
func (l line) pad(width int, st theme.Style) line {
	if w := l.width(); w < width {
		return append(l, span{spaces(width - w), st})
	}
	return l
}

// appendJoinLR appends to dst left and right on one row of width cells,
// right-aligned, and shortens left (never right) when they do not fit.
// Right is dropped when even it alone does not fit.
func appendJoinLR(dst, left, right line, width int, ellipsis theme.Style) line {
	rw := right.width()
	if rw+2 > width {
		return append(dst, left.truncate(width, span{"…", ellipsis})...)
	}
	left = left.truncate(width-rw-2, span{"…", ellipsis})
	gap := width - rw - left.width()
	dst = append(append(dst, left...), span{spaces(gap), theme.Style{}})
	return append(dst, right...)
}
