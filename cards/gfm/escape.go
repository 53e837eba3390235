package gfm

import (
	stdhtml "html"
	"strings"

	"github.com/deck-tui/deck/cards"
)

// inline makes untrusted text one line of Markdown that is only text: its
// controls made visible (as on a card), and a backslash before each
// character GitHub could read as syntax where it stands, so no link,
// image, tag, emphasis, mention or block comes of it. It may be written at
// a line's start (or after a marker deck writes, which is a block's start
// too), so it is escaped as if it were one; its indentation stops at 3
// spaces (4 make code). Characters that are syntax nowhere they stand are
// left alone: `1.0s`, `session-3cef`, `a_b`, `ESCALATE:` read as written.
func inline(s string) string {
	s = cards.Safe(s)
	if text := strings.TrimLeft(s, " "); len(s)-len(text) > 3 {
		s = "   " + text
	}
	e := newEscaper(s)
	n := 0
	for i := 0; i < len(s); i++ {
		if e.escaped(i) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+n) // once, at its size: a prompt of megabytes is one line
	for i := 0; i < len(s); i++ {
		if e.escaped(i) {
			b = append(b, '\\')
		}
		b = append(b, s[i])
	}
	return string(b)
}

// escaper says, byte by byte from the first to the last, which bytes of a
// line need a backslash. All syntax is ASCII: no byte of a character past
// ASCII is escaped.
type escaper struct {
	s     string
	start int // the first byte past the indentation: where a block marker would be
	// digitsEnd is where the digits at the start end (an ordered list's
	// number), or -1.
	digitsEnd int
	// tail is where the line's last run of '#' and blanks begins (a
	// heading's closing sequence).
	tail int
	// underline: the line is only '=' or only '-' (and blanks), a setext
	// heading's underline or a break; its first mark is escaped.
	underline bool
	math      bool // the line holds "$$", GitHub's display math: each '$' is escaped
	// flanking: the run of '_' being walked may open or close emphasis.
	flanking bool
}

func newEscaper(s string) escaper {
	start := len(s) - len(strings.TrimLeft(s, " "))
	e := escaper{s: s, start: start, digitsEnd: -1, math: strings.Contains(s, "$$")}
	if d := start + len(s[start:]) - len(strings.TrimLeft(s[start:], "0123456789")); d > start {
		e.digitsEnd = d
	}
	e.tail = len(strings.TrimRight(s, "# "))
	trimmed := strings.Trim(s, " ")
	e.underline = trimmed != "" && (strings.Trim(trimmed, " =") == "" || strings.Trim(trimmed, " -") == "")
	return e
}

// escaped reports whether byte i needs a backslash; it is called for each
// i in turn (a run of '_' is judged at its first byte).
func (e *escaper) escaped(i int) bool {
	s, c := e.s, e.s[i]
	atStart := i == e.start
	switch c {
	case '`', '*', '~', '[', ']', '<', '|':
		// Code spans, emphasis and strikethrough, links and images,
		// tags and autolinks, table cells: syntax wherever they stand.
		return true
	case '\\':
		// A backslash escapes the punctuation after it (or, last, what
		// deck writes next); before anything else it is itself.
		return i+1 == len(s) || punctuation(s[i+1])
	case '_':
		// A run of '_' between two letters or digits neither opens nor
		// closes emphasis; a run at an edge or by punctuation may.
		if i == 0 || s[i-1] != '_' {
			end := i
			for end < len(s) && s[end] == '_' {
				end++
			}
			e.flanking = i == 0 || end == len(s) || !alnum(s[i-1]) || !alnum(s[end])
		}
		return e.flanking
	case '-', '+':
		// A list item's marker, or a break's or an underline's first mark.
		return atStart && (blankOrEnd(s, i+1) || e.underline)
	case '=':
		return atStart && e.underline
	case '>':
		return atStart // a quote
	case '#':
		// A heading's opening or closing run, or an issue's number (#1).
		return atStart && blankAfterRun(s, i, '#') ||
			i+1 < len(s) && digit(s[i+1]) ||
			i >= e.tail && (i == 0 || s[i-1] == ' ')
	case '.', ')':
		// An ordered list's marker (`1.`, `1)`), or the dot of www.
		return i == e.digitsEnd && blankOrEnd(s, i+1) ||
			c == '.' && i >= 3 && strings.EqualFold(s[i-3:i], "www")
	case ':':
		// A URL's scheme (https://) or an emoji's name (:tada:).
		return strings.HasPrefix(s[i+1:], "//") || emojiAfter(s, i+1)
	case '@':
		return i+1 < len(s) && alnum(s[i+1]) // a mention, an email address
	case '&':
		return i+1 < len(s) && (alnum(s[i+1]) || s[i+1] == '#') // a character reference
	case '$':
		return e.math
	}
	return false
}

// emojiAfter reports whether s[i:] starts with a name of letters, digits,
// '_', '+' or '-' closed by ':', as GitHub's emoji are written.
func emojiAfter(s string, i int) bool {
	j := i
	for j < len(s) && (alnum(s[j]) || s[j] == '_' || s[j] == '+' || s[j] == '-') {
		j++
	}
	return j > i && j < len(s) && s[j] == ':'
}

// blankAfterRun reports whether the run of c starting at i is followed by a
// blank or the end.
func blankAfterRun(s string, i int, c byte) bool {
	for i < len(s) && s[i] == c {
		i++
	}
	return blankOrEnd(s, i)
}

func blankOrEnd(s string, i int) bool { return i >= len(s) || s[i] == ' ' || s[i] == '\t' }

func digit(c byte) bool { return '0' <= c && c <= '9' }

func alnum(c byte) bool { return digit(c) || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// punctuation is ASCII punctuation, what a backslash escapes.
func punctuation(c byte) bool { return c < 0x80 && c > ' ' && c != 0x7f && !alnum(c) }

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
