package cards

import (
	"io"
	"strings"
	"unicode"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
)

// Markdown's rows are wrapped by deck, not by glamour: glamour wraps a
// block with x/ansi, which puts a break character (`,`, `.`, `-`, ...) that
// reaches a full row on that row, a cell past its width; glamour then
// wrapped the row again where the block sat in a list or a quote, or deck
// cut the cell off: a lone `,` on a row of its own. wrapRendered breaks
// where glamour means to, and keeps every row within the width.

// Where glamour lets a row break, besides at spaces: after a hyphen in
// prose (paragraphs, headings), after any of these in the other blocks
// (code, definitions, HTML), which it wraps as a whole document.
const (
	proseBreaks = "-"
	blockBreaks = ",.;-+|"
)

// wrapRendered breaks one rendered row (text and styles, no control) into
// rows of at most width cells, measured as Width measures: at its spaces,
// dropped where it breaks, or after one of breaks, kept; inside a word only
// when the word alone is wider than a row. A break character that does not
// fit a row goes to the next with its word. Each row closes the styles
// open at its end and the next opens them again. A cluster wider than a
// row is a row of its own, still too wide.
func wrapRendered(row string, width int, breaks string) []string {
	if Width(row) <= width {
		return []string{row}
	}
	w := rowWrapper{width: max(width, 1)}
	Pieces(row, func(p string, cw int, text bool) {
		r, size := utf8.DecodeRuneInString(p)
		switch {
		case !text: // a style
			w.word.WriteString(p)
		case size == len(p) && r != '\u00a0' && unicode.IsSpace(r):
			w.endWord()
			w.space.WriteString(p)
			w.spaceW += cw
		case size == len(p) && strings.ContainsRune(breaks, r) && w.fits(cw):
			w.placeSpace()
			w.word.WriteString(p)
			w.wordW += cw
			w.endWord()
		default:
			w.add(p, cw)
		}
	})
	w.endWord()
	var b strings.Builder
	pen := lipgloss.NewWrapWriter(&b) // closes and reopens the styles at each break
	_, _ = io.WriteString(pen, w.out.String())
	_ = pen.Close()
	return strings.Split(b.String(), "\n")
}

// rowWrapper is wrapRendered's state: the rows so far, and the spaces and
// the word not yet placed on the current row.
type rowWrapper struct {
	width         int
	out           strings.Builder // the rows, a newline at each break
	col           int             // cells on the current row
	space, word   strings.Builder
	spaceW, wordW int
}

// fits reports whether the pending spaces and word and cw more cells fit
// the current row.
func (w *rowWrapper) fits(cw int) bool { return w.col+w.spaceW+w.wordW+cw <= w.width }

// placeSpace puts the pending spaces on the row.
func (w *rowWrapper) placeSpace() {
	w.out.WriteString(w.space.String())
	w.col += w.spaceW
	w.space.Reset()
	w.spaceW = 0
}

// endWord puts the pending word on the row, after the pending spaces; a
// word of styles alone leaves them pending, so no row ends in a space.
func (w *rowWrapper) endWord() {
	if w.word.Len() == 0 {
		return
	}
	if w.wordW > 0 {
		w.placeSpace()
	}
	w.out.WriteString(w.word.String())
	w.col += w.wordW
	w.word.Reset()
	w.wordW = 0
}

// breakRow starts a new row; the pending spaces are dropped.
func (w *rowWrapper) breakRow() {
	w.out.WriteByte('\n')
	w.col = 0
	w.space.Reset()
	w.spaceW = 0
}

// add adds a cluster of cw cells to the word. A word that does not fit
// the current row goes to the next; on a row of its own, the blanks before
// it go rather than leave a row empty; a word wider than a row is broken
// where it fills one.
func (w *rowWrapper) add(c string, cw int) {
	if !w.fits(cw) {
		switch {
		case w.col > 0:
			w.breakRow()
		case w.wordW+cw <= w.width:
			w.space.Reset()
			w.spaceW = 0
		}
	}
	if !w.fits(cw) && w.wordW > 0 {
		w.endWord()
		w.breakRow()
	}
	if !w.fits(cw) { // blanks that leave no room
		w.space.Reset()
		w.spaceW = 0
	}
	w.word.WriteString(c)
	w.wordW += cw
	if w.wordW == w.width { // a word as wide as a row is placed at once
		w.endWord()
	}
}
