package index

import (
	"strings"
	"unicode/utf8"
)

// How much of a match's line a snippet shows: some context before the
// match, the rest after, within one line of a terminal.
const (
	snippetBefore = 40  // characters
	snippetMost   = 160 // bytes in all, the match cut at its line's end
)

// snippet is the line of text around the match at span, cut to a
// terminal's line (… where it is cut), its tabs and carriage returns
// spaces; and where the match is in it. The text is untrusted: a printer
// sanitises it (cards.Safe), the match apart, so the span holds.
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
	for from < s && (line[from] == ' ' || line[from] == '\t') {
		from++ // leading blanks say nothing
	}
	to := len(line)
	if to-from > snippetMost {
		to = max(e, from+snippetMost)
		for to < len(line) && !utf8.RuneStart(line[to]) {
			to++
		}
	}
	var b strings.Builder
	if from > 0 {
		b.WriteString("…")
	}
	off := b.Len() - from
	b.WriteString(line[from:to])
	if to < len(line) {
		b.WriteString("…")
	}
	out := strings.NewReplacer("\t", " ", "\r", " ").Replace(b.String())
	return out, [2]int{s + off, e + off}
}
