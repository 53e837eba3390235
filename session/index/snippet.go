package index

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How much of a match's line a snippet shows: some context before the
// match, the rest after, within one line of a terminal.
const (
	snippetBefore = 40  // characters
	snippetMost   = 160 // bytes in all, the match cut at its line's end
)

// ellipsis marks where a snippet is cut.
const ellipsis = "…"

// snippet is the line of text around the match at span, cut to a
// terminal's line (… where it is cut, each cut on a word's edge: see
// wordEdge), its tabs and carriage returns spaces; and where the match is
// in it. The text is untrusted: a printer sanitises it (cards.Safe), the
// match apart, so the span holds.
func snippet(text string, span [2]int) (string, [2]int) {
	start := strings.LastIndexByte(text[:span[0]], '\n') + 1
	end := len(text)
	if i := strings.IndexByte(text[span[0]:], '\n'); i >= 0 {
		end = span[0] + i
	}
	line := text[start:end]
	s, e := span[0]-start, min(span[1], end)-start
	// at most snippetBefore characters before the match
	from, n := s, 0
	for from > 0 && n < snippetBefore {
		_, size := utf8.DecodeLastRuneInString(line[:from])
		from -= size
		n++
	}
	from = startOn(line[:s], from)
	for from < s && (line[from] == ' ' || line[from] == '\t') {
		from++ // leading blanks say nothing
	}
	to := len(line)
	if to-from > snippetMost {
		to = max(e, from+snippetMost)
		for to < len(line) && !utf8.RuneStart(line[to]) {
			to++
		}
		to = e + endOn(line[e:], to-e)
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString(ellipsis)
	}
	off := b.Len() - from
	b.WriteString(line[from:to])
	if to < len(line) {
		b.WriteString(ellipsis)
	}
	out := strings.NewReplacer("\t", " ", "\r", " ").Replace(b.String())
	return out, [2]int{s + off, e + off}
}

// Fit cuts a hit's snippet, its text before the match, the match and its
// text after (each sanitised: what a terminal shows), to room cells as
// width measures them: the match in sight, with at most a third of the
// room before it when all does not fit; each cut on a word's edge (see
// wordEdge; the match's own edge when no word's fits), marked with …. A
// match wider than the room is cut where the room ends.
func Fit(before, hit, after string, room int, width func(string) int) (string, string, string) {
	wb, wh, wa := width(before), width(hit), width(after)
	if wb+wh+wa <= room {
		return before, hit, after
	}
	if lead := min(wb, width(ellipsis)); lead+wh > room { // the match alone fills the row
		mark := "" // … before it when something was, and there is room
		if lead > 0 && lead < room {
			mark = ellipsis
		}
		return mark, cutEnd(hit, room-width(mark), width), ""
	}
	if wb+wh > room && wb > room/3 {
		before = cutLeft(before, min(room/3, room-wh), width)
		wb = width(before)
	}
	return before, hit, cutRight(after, room-wb-wh, width)
}

// cutLeft is the end of s that fits w cells with … before it, from a
// word's edge (s whole when it fits).
func cutLeft(s string, w int, width func(string) int) string {
	if width(s) <= w {
		return s
	}
	if w < width(ellipsis) {
		return ""
	}
	room := w - width(ellipsis)
	starts := runeStarts(s)
	// the longest end that fits: the first start whose end does
	i := sort.Search(len(starts), func(i int) bool { return width(s[starts[i]:]) <= room })
	from := len(s)
	if i < len(starts) {
		from = starts[i]
	}
	from = startOn(s, from)
	return ellipsis + strings.TrimLeft(s[from:], " ")
}

// cutRight is the start of s that fits w cells with … after it, to a
// word's edge (s whole when it fits).
func cutRight(s string, w int, width func(string) int) string {
	if width(s) <= w {
		return s
	}
	if w < width(ellipsis) {
		return ""
	}
	return strings.TrimRight(s[:endOn(s, prefixFitting(s, w-width(ellipsis), width))], " ") + ellipsis
}

// cutEnd is the start of s that fits w cells with … after it, wherever
// that falls: a match too wide for the row.
func cutEnd(s string, w int, width func(string) int) string {
	if width(s) <= w {
		return s
	}
	if w < width(ellipsis) {
		return ""
	}
	return s[:prefixFitting(s, w-width(ellipsis), width)] + ellipsis
}

// prefixFitting is the end of the longest start of s (at a character's
// start) that fits w cells.
func prefixFitting(s string, w int, width func(string) int) int {
	ends := append(runeStarts(s)[1:], len(s))
	i := sort.Search(len(ends), func(i int) bool { return width(s[:ends[i]]) > w })
	if i == 0 {
		return 0
	}
	return ends[i-1]
}

// runeStarts are where each character of s starts.
func runeStarts(s string) []int {
	out := make([]int, 0, len(s))
	for i := range s {
		out = append(out, i)
	}
	return out
}

// startOn is where text cut at from or after it (up to its end, where the
// match starts) begins on a word's edge: the first start of a word after
// a space, else the first edge; its end (the match's edge) when neither
// comes before it.
func startOn(s string, from int) int {
	if from <= 0 {
		return 0
	}
	edge := -1
	for i := from; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if prev, _ := utf8.DecodeLastRuneInString(s[:i]); unicode.IsSpace(prev) && !unicode.IsSpace(r) {
			return i
		}
		if edge < 0 && wordEdge(s, i) {
			edge = i
		}
		i += size
	}
	if edge < 0 {
		return len(s)
	}
	return edge
}

// endOn is where s cut at to or before it (down to its start, where the
// match ends) ends on a word's edge: the last end of a word before a
// space, else the last edge; its start (the match's edge) when neither
// comes after it.
func endOn(s string, to int) int {
	if to >= len(s) {
		return len(s)
	}
	edge := -1
	for i := to; i > 0; {
		prev, size := utf8.DecodeLastRuneInString(s[:i])
		if r, _ := utf8.DecodeRuneInString(s[i:]); unicode.IsSpace(r) && !unicode.IsSpace(prev) {
			return i
		}
		if edge < 0 && wordEdge(s, i) {
			edge = i
		}
		i -= size
	}
	return max(edge, 0)
}

// wordEdge reports a place in s not inside a word: not between two of a
// word's characters (letters, digits, marks, _), so a cut there leaves no
// piece of a word.
func wordEdge(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	prev, _ := utf8.DecodeLastRuneInString(s[:i])
	next, _ := utf8.DecodeRuneInString(s[i:])
	return !wordRune(prev) || !wordRune(next)
}

func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '_'
}
