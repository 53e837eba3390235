package cards

import "github.com/deck-tui/deck/theme"

// Most lines of code are simple text (simpleText: a cell a rune, nothing
// the sanitiser marks), and their tokens are laid out here by counting,
// straight into the card's reused buffer, to the rows gutterCode makes of
// them through paint, wrap and String (no grapheme segmentation, no width
// table, no span per row). A test pins the two ways to the same rows
// (simplecode_test.go).

// styledRun is the end (in card.tabs) and the style of one run of a line's
// text: the sanitiser's spans, tokens of one style side by side merged.
type styledRun struct {
	end   int
	style theme.Style
}

// simpleCode adds a line of highlighted code after g as gutterCode adds
// paint(th, toks, nil, noBg, noBg) with no extra indent; false, having
// added nothing, when a token is not simple text or the card cuts or
// scrolls its code lines.
func simpleCode(c *card, g gutter, toks []token) bool {
	if c.o.Plain || c.o.NoWrap && !c.o.Uncut {
		return false
	}
	room := c.inner() - g.width()
	if room < 1 {
		return false
	}
	for _, t := range toks {
		if !simpleText(t.text) {
			return false
		}
	}
	c.tabs, c.runs = c.tabs[:0], c.runs[:0]
	col := 0
	for _, t := range toks {
		if t.text == "" { // the sanitiser makes no span of it, and merges across it
			continue
		}
		c.tabs, col = appendTabbedAt(c.tabs, t.text, 4, col)
		if n := len(c.runs); n > 0 && c.runs[n-1].style == t.style {
			c.runs[n-1].end = len(c.tabs)
		} else {
			c.runs = append(c.runs, styledRun{len(c.tabs), t.style})
		}
	}
	pad := max(min(indent, c.o.Width-1), 0)
	text, from, run := c.tabs, 0, 0
	for first := true; first || from < len(text); first = false {
		to := len(text)
		if !c.o.Uncut {
			to = from + runeBytes(text[from:], room)
		}
		c.buf = c.buf[:0]
		for range pad {
			c.buf = append(c.buf, ' ')
		}
		c.buf = g.appendRow(c.buf, !first)
		for at := from; at < to; run++ {
			end := min(c.runs[run].end, to)
			c.buf = appendStyled(c.buf, c.runs[run].style, text[at:end])
			if at = end; end < c.runs[run].end {
				break // the run goes on in the next row
			}
		}
		c.fitted(string(c.buf))
		from = to
	}
	return true
}

// appendRow appends the gutter's part of a row, styled, as
// g.row(continuation).String() writes it.
func (g gutter) appendRow(dst []byte, continuation bool) []byte {
	if !continuation {
		for _, d := range g.decorations {
			dst = appendStyled(dst, d.style, d.text)
		}
		return dst
	}
	blanks := g.width()
	styled := g.blank.Prefix() != "" && blanks > 0
	if styled {
		dst = append(dst, g.blank.Prefix()...)
	}
	for range blanks {
		dst = append(dst, ' ')
	}
	if styled {
		dst = append(dst, theme.Reset...)
	}
	return dst
}

// appendStyled appends text in style st, as st.Render writes it.
func appendStyled[T string | []byte](dst []byte, st theme.Style, text T) []byte {
	if p := st.Prefix(); p != "" && len(text) > 0 {
		dst = append(dst, p...)
		dst = append(dst, text...)
		return append(dst, theme.Reset...)
	}
	return append(dst, text...)
}
