package cards

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/deck-tui/deck/theme"
)

// A huge text (a 10 MB line, 30 MB of words) is laid out only as far as the
// display cap can show: a row holds at most the card's width in cells, and
// a character takes at least one cell (but for zero-width marks), so past
// maxCardRows × width characters no text is within the cap. Cutting it
// there first keeps a card's drawing bounded by the cap whatever the text's
// size, instead of wrapping and styling megabytes only to drop their rows.

// showable cuts text to the characters the display cap can show at width,
// and counts the card's bytes of text left out (for capNote).
func (c *card) showable(text string, width int) string {
	limit := maxCardRows * max(width, 1)
	if len(text) <= limit { // as many bytes as characters at most
		return text
	}
	n := 0
	for i := range text {
		if n == limit {
			c.unread += len(text) - i
			return text[:i]
		}
		n++
	}
	return text
}

// safeLine is safeLine of a text cut to what the card can show: a field
// of megabytes (a title, an argument, an error) is sanitised and measured
// only as far as the display cap reaches, the rest counted as not drawn.
func (c *card) safeLine(text string, st theme.Style) line {
	l, _ := c.shown(text, st, true)
	return l
}

// safeText is safeText of a line cut to what the card can show.
func (c *card) safeText(text string, st theme.Style) line {
	l, _ := c.shown(text, st, false)
	return l
}

// shown sanitises the part of a text the card can show, and says how many
// bytes of the text that was: cut to the display cap's characters first,
// then made only as far as the cap's cells (its controls' marks take more
// than one), the rest counted as not drawn. One line has its newlines as
// spaces.
func (c *card) shown(text string, st theme.Style, one bool) (line, int) {
	text = c.showable(text, c.o.Width)
	if one {
		text = strings.ReplaceAll(text, "\n", " ")
	}
	b := newText(c.th, 4)
	b.limit = maxCardRows * max(c.o.Width, 1)
	b.add(text, st)
	c.unread += b.skipped
	return b.line(), len(text) - b.skipped
}

// safeRow is safeLine of a text drawn on one row (a header's title, its
// facts), cut to what a row can show and marked where it was cut: the
// row, cut to fit, ends in a mark too, so what the cut left out is never
// counted as text below the cap.
func (c *card) safeRow(text string, st theme.Style) line {
	limit := 2*max(c.o.Width, 1) + 16 // characters: a row's cells, and room for marks of none
	if len(text) > limit {
		n := 0
		for i := range text {
			if n == limit {
				text = text[:i] + "…"
				break
			}
			n++
		}
	}
	return safeLine(c.th, text, st)
}

// showableOutput is showable for command output: its escape sequences
// take no cell, so they are kept and not counted (a coloured line of
// megabytes is mostly escapes, each a cell's style); a character is
// counted as a cell, as showable counts it.
func (c *card) showableOutput(out string, width int) string {
	limit := maxCardRows * max(width, 1)
	if len(out) <= limit {
		return out
	}
	n := 0
	for i := 0; i < len(out); {
		if out[i] == 0x1b {
			i = escapeEnd(out, i)
			continue
		}
		if n == limit {
			c.unread += len(out) - i
			return out[:i]
		}
		_, size := utf8.DecodeRuneInString(out[i:])
		i += size
		n++
	}
	return out
}

// showableLines is showableOutput of lines: joined and cut only when they
// can be over the cap.
func (c *card) showableLines(out []string, width int) []string {
	n := 0
	for _, l := range out {
		n += len(l) + 1
	}
	if n <= maxCardRows*max(width, 1) {
		return out
	}
	return strings.Split(c.showableOutput(strings.Join(out, "\n"), width), "\n")
}

// unreadNote words what capNote says of text left out.
func unreadNote(dropped, unread int) string {
	return fmt.Sprintf("  … %s of text more not drawn%s: the card is over the display cap of %s rows",
		byteSize(int64(unread)), rowsToo(dropped), thousands(maxCardRows))
}

func rowsToo(dropped int) string {
	if dropped == 0 {
		return ""
	}
	return ", and " + plural(dropped, "row", "rows")
}
