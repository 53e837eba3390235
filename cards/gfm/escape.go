package gfm

import (
	stdhtml "html"
	"strings"

	"github.com/deck-tui/deck/cards"
)

// inline makes untrusted text one line of Markdown that is only text: its
// controls made visible (as on a card), every character Markdown or HTML
// could take for syntax escaped with a backslash, so no link, image, tag,
// emphasis or block comes of it. Written at a line's start, or after a
// marker deck writes, it starts no block either: its indentation stops
// at 3 spaces (4 make code), a line of `=` (a heading's underline) has
// its first escaped, and a line with `$$` (GitHub's display math) each `$`.
func inline(s string) string {
	s = cards.Safe(s)
	if text := strings.TrimLeft(s, " "); len(s)-len(text) > 3 {
		s = "   " + text
	}
	underline := strings.Trim(s, " ") != "" && strings.Trim(s, " =") == ""
	math := strings.Contains(s, "$$")
	escaped := func(c byte) bool { return markdownSyntax[c] || c == '$' && math || c == '=' && underline }
	n := 0
	for i := 0; i < len(s); i++ {
		if escaped(s[i]) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+n) // once, at its size: a prompt of megabytes is one line
	for i := 0; i < len(s); i++ {
		if escaped(s[i]) {
			b = append(b, '\\')
			underline = false // the first '=' is enough
		}
		b = append(b, s[i])
	}
	return string(b)
}

// markdownSyntax marks the characters Markdown or HTML could take for
// syntax, all ASCII: no byte of a character past ASCII is one of them.
var markdownSyntax = func() (t [256]bool) {
	for _, c := range []byte("\\`*_{}[]<>()#+-.!|~&:@") {
		t[c] = true
	}
	return t
}()

// inHTML makes untrusted text safe inside the HTML deck writes itself
// (a <summary>): one line, escaped as HTML.
func inHTML(s string) string { return stdhtml.EscapeString(cards.Safe(s)) }

// fence writes untrusted text as a fenced code block: each line made
// printable, the fence longer than any run of backticks in it, so the
// text cannot close the block.
func fence(b *strings.Builder, lang, text string) {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	longest := 0
	for i, l := range lines {
		lines[i] = cards.Safe(l)
		run := 0
		for _, r := range lines[i] {
			if r == '`' {
				run++
				longest = max(longest, run)
			} else {
				run = 0
			}
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	b.WriteString(f + lang + "\n")
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	b.WriteString(f + "\n")
}
