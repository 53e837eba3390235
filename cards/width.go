package cards

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Every width deck lays text out by is measured here, one way
// (docs/cards.md, "Widths"). Terminals disagree on how wide a grapheme
// cluster is: one that segments text into clusters (mode 2027; x/vt, which
// the tests draw on) gives 👍🏽, 👨‍👩‍👧 or क्षि the cells of one
// glyph, one that advances per code point (wcwidth; tmux, and Bubble Tea's
// renderer inside it) the sum of its code points' cells, which can be more
// (👍🏽 four, क्षि three). A row measured by the smaller is cut by the
// other at the screen's edge, its right-aligned figures first. So a cluster
// counts as the wider of the two: a row is never too wide for either kind
// of terminal, and where they disagree it keeps a little slack.

// clusterWidth is the cells of the grapheme cluster c, whose width by
// clusters is graphemes.
func clusterWidth(c string, graphemes int) int {
	if len(c) == 1 {
		return graphemes
	}
	return max(graphemes, ansi.StringWidthWc(c))
}

// clusters calls fn for each grapheme cluster of s (text with no escape
// sequence) with its width in cells.
func clusters(s string, fn func(c string, w int)) {
	for s != "" {
		c, w := ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
		if c == "" { // cannot happen for valid input; never loop forever
			c, w = s[:1], 1
		}
		fn(c, clusterWidth(c, w))
		s = s[len(c):]
	}
}

// textWidth is the cells of s, text with no escape sequence.
func textWidth(s string) int {
	if w, ok := simpleWidth(s); ok {
		return w
	}
	w := 0
	clusters(s, func(_ string, cw int) { w += cw })
	return w
}

// Width is the cells s takes on one line of a terminal: its text's grapheme
// clusters, each the wider of what the two kinds of terminal give it; its
// escape sequences and controls take none. It is the width function of
// everything deck draws, in cards and in the ui.
func Width(s string) int {
	if w, ok := simpleWidth(s); ok {
		return w
	}
	return piecesWidth(s)
}

// piecesWidth is Width measured cluster by cluster, for any text.
func piecesWidth(s string) int {
	w := 0
	Pieces(s, func(_ string, cw int, _ bool) { w += cw })
	return w
}

// simpleWidth is Width of a row of simple text (printable ASCII and the
// letters simpleRune takes: each a cell, joining nothing) and SGR
// sequences, counted a character a cell without segmenting it into
// clusters, which was most of the time drawing a small card took; ok is
// false for any other row, which only Pieces measures.
func simpleWidth(s string) (w int, ok bool) {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case c >= 0x20 && c < 0x7f:
			w++
			i++
		case c == 0x1b:
			if i = sgrEnd(s, i); i < 0 {
				return 0, false
			}
		case c >= utf8.RuneSelf:
			size, ok := simpleAt(s, i)
			if !ok {
				return 0, false
			}
			w++
			i += size
		default:
			return 0, false
		}
	}
	return w, true
}

// sgrEnd is the end of the SGR sequence (ESC [, digits and semicolons, m)
// at s[at], or -1 when none starts there.
func sgrEnd(s string, at int) int {
	i := at + 1
	if i >= len(s) || s[i] != '[' {
		return -1
	}
	for i++; i < len(s); i++ {
		switch c := s[i]; {
		case c == 'm':
			return i + 1
		case c != ';' && (c < '0' || c > '9'):
			return -1
		}
	}
	return -1
}

// Pieces calls fn for each piece of s in order: an escape sequence or a
// control (text false, width 0), or a grapheme cluster of its text with its
// width as Width counts it.
func Pieces(s string, fn func(p string, w int, text bool)) {
	var state byte
	run := 0 // where the text since the last sequence starts
	flush := func(end int) {
		clusters(s[run:end], func(c string, w int) { fn(c, w, true) })
	}
	for i := 0; i < len(s); {
		seq, _, n, next := ansi.DecodeSequence(s[i:], state, nil)
		if n == 0 {
			break
		}
		if c := seq[0]; c < 0x20 || c == 0x7f || c >= 0x80 && c <= 0x9f {
			flush(i)
			fn(seq, 0, false)
			run = i + n
		}
		i, state = i+n, next
	}
	flush(len(s))
}

// Truncate cuts s to n cells as Width counts them, ending it with tail
// (counted in the n; none when it alone is wider) when anything was cut.
// Every escape sequence is kept, those after the cut too, so what a style
// opens it still closes.
func Truncate(s string, n int, tail string) string {
	if Width(s) <= n {
		return s
	}
	room := n - Width(tail)
	if room < 0 {
		room, tail = n, ""
	}
	var b strings.Builder
	col, cut := 0, false
	Pieces(s, func(p string, w int, text bool) {
		switch {
		case !text:
			b.WriteString(p)
		case cut:
		case col+w > room:
			cut = true
			b.WriteString(tail)
		default:
			b.WriteString(p)
			col += w
		}
	})
	return b.String()
}

// TruncateLeft drops the first n cells of s, as Width counts them, and
// puts prefix in their place when anything was dropped. A cluster the n-th
// cell falls inside goes whole.
func TruncateLeft(s string, n int, prefix string) string {
	if n <= 0 {
		return s
	}
	col, at := 0, 0
	Pieces(s, func(p string, w int, _ bool) {
		if col < n {
			col += w
			at += len(p)
		}
	})
	return prefix + s[at:]
}

// clustersWithin is clusters for laying text out in rows of width cells: a
// cluster wider than a whole row (a long run of joined emoji, or of spacing
// marks, which a terminal advancing per code point draws a cell or two
// each) comes in pieces cut between its code points, each within the width
// where a code point with its marks fits at all.
func clustersWithin(s string, width int, fn func(c string, w int)) {
	clusters(s, func(c string, w int) {
		if w <= width {
			fn(c, w)
			return
		}
		start, end, pw := 0, 0, 0 // the piece c[start:end], pw cells
		for end < len(c) {
			unit := nextUnit(c[end:])
			uw := textWidth(unit)
			if pw+uw > width && end > start {
				fn(c[start:end], pw)
				start, pw = end, 0
			}
			end += len(unit)
			pw += uw
		}
		fn(c[start:], pw)
	})
}

// nextUnit is the first code point of s with the code points after it that
// take no cell of their own (joiners, selectors, marks).
func nextUnit(s string) string {
	_, n := utf8.DecodeRuneInString(s)
	for n < len(s) {
		_, size := utf8.DecodeRuneInString(s[n:])
		if ansi.StringWidthWc(s[n:n+size]) > 0 {
			break
		}
		n += size
	}
	return s[:n]
}
