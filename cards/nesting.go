package cards

import "strings"

// glamour's cost grows steeply with nesting: 95 quote levels take it 20 s,
// 1,000 take a minute and gigabytes (200 in a definition's description,
// two minutes and 1.8 GB), and lists nested by indentation grow as a power
// of their depth. No line reaches it nested deeper than these.
const (
	maxMarkdownDepth  = 8  // quote and list markers in a line's prefix
	maxMarkdownIndent = 16 // columns of indentation before a line's markers
)

// flattenNesting caps every line's container prefix (the quote markers,
// list markers and indentation before its text) at maxMarkdownDepth
// markers and maxMarkdownIndent columns; the markers past the cap are
// dropped and the indentation shortened. It says whether it changed
// anything. Fenced code is not told apart: only a code line that starts
// with more markers (`> `, `- `, `* `, `1. `, `: `) than the caps, or with a
// marker indented past them, is changed.
func flattenNesting(text string) (string, bool) {
	lines := strings.Split(text, "\n")
	changed := false
	for i, l := range lines {
		if f, ok := flattenLine(l); ok {
			lines[i], changed = f, true
		}
	}
	if !changed {
		return text, false
	}
	return strings.Join(lines, "\n"), true
}

// flattenLine caps one line's container prefix; false when it is within
// the caps. Indentation counts only before a marker: a line of code or
// prose nests nothing however far it is indented.
func flattenLine(l string) (string, bool) {
	var b strings.Builder
	depth, cols, i := 0, 0, 0
	changed := false
	for i < len(l) {
		ws := i // the blanks before the next marker
		for i < len(l) && (l[i] == ' ' || l[i] == '\t') {
			i++
		}
		n := containerMarker(l[i:])
		if n == 0 {
			i = ws
			break
		}
		depth++
		if depth > maxMarkdownDepth { // the marker goes, and the blanks before it
			changed = true
			i += n
			continue
		}
		for _, c := range []byte(l[ws:i]) {
			w := 1
			if c == '\t' {
				w = 4 - cols%4
			}
			if cols+w > maxMarkdownIndent {
				changed = true
			} else {
				b.WriteByte(c)
			}
			cols += w
		}
		b.WriteString(l[i : i+n])
		i += n
	}
	if !changed {
		return l, false
	}
	b.WriteString(l[i:])
	return b.String(), true
}

// containerMarker is the length of the quote, list or definition marker
// s starts with (`>`, `-`, `*`, `+`, `1.`, `1)`, `:`; a list or definition
// marker needs a blank or the end of the line after it), or 0. A
// definition's `:` holds blocks as a list item does: `Term` then
// `: > > > …` nests quotes in it.
func containerMarker(s string) int {
	if s == "" {
		return 0
	}
	if s[0] == '>' {
		return 1
	}
	n := 0
	switch {
	case s[0] == '-' || s[0] == '*' || s[0] == '+' || s[0] == ':':
		n = 1
	default:
		for n < len(s) && n < 9 && s[n] >= '0' && s[n] <= '9' {
			n++
		}
		if n == 0 || n == len(s) || (s[n] != '.' && s[n] != ')') {
			return 0
		}
		n++
	}
	if n < len(s) && s[n] != ' ' && s[n] != '\t' {
		return 0
	}
	return n
}
