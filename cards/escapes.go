package cards

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// clean removes every escape sequence from untrusted text, parsing it as a
// terminal would (x/ansi's state machine): CSI (cursor motion, erase,
// scroll, modes, queries, and SGR too: outside command output deck keeps no
// style), OSC of every kind ending in BEL or ST (titles, the clipboard,
// palettes, notifications), DCS, SOS, PM and APC with their bodies, and
// two-byte ESC sequences. C1 controls count whether they come as raw bytes
// or as the code points U+0080–U+009F. A hyperlink (OSC 8) keeps its URL,
// as text after the link. Controls outside any sequence (BEL, BS, NUL, a
// lone ESC) stay, for textBuilder to show as marks.
func clean(s string) string {
	if !hasEscapes(s) {
		return s
	}
	s = c1Bytes(s)
	var b strings.Builder
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	var state byte
	link := "" // the URL of an open hyperlink
	for len(s) > 0 {
		p.Reset()
		seq, _, n, next := ansi.DecodeSequence(s, state, p)
		if n == 0 {
			break
		}
		switch {
		case isSequence(seq):
			if url, ok := hyperlink(seq); ok {
				if link != "" {
					b.WriteString(" (" + link + ")")
				}
				link = url
			}
		case len(seq) == 1 && seq[0] >= 0x80 && seq[0] <= 0x9F:
			b.WriteRune(rune(seq[0])) // a lone C1 control: back to its code point, to be marked
		default:
			b.WriteString(seq)
		}
		s, state = s[n:], next
	}
	if link != "" {
		b.WriteString(" (" + link + ")")
	}
	return b.String()
}

// hasEscapes reports whether s may hold a sequence: an ESC, or a C1 control
// as a byte or a code point.
func hasEscapes(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == 0x1B:
			return true
		case c >= 0x80 && c <= 0x9F && (i == 0 || s[i-1] != 0xC2):
			return true // a raw C1 byte (not the continuation of a code point)
		case c == 0xC2 && i+1 < len(s) && s[i+1] >= 0x80 && s[i+1] <= 0x9F:
			return true // a C1 code point
		}
	}
	return false
}

// c1Bytes turns the code points U+0080–U+009F into the bytes a terminal
// that takes 8-bit controls would act on, so they parse as controls.
func c1Bytes(s string) string {
	if !strings.Contains(s, "\xC2") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r >= 0x80 && r <= 0x9F && size == 2 {
			b.WriteByte(byte(r))
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isSequence reports whether what the parser returned is an escape
// sequence (rather than text or a single control).
func isSequence(seq string) bool {
	if len(seq) < 2 {
		return false
	}
	c := seq[0]
	return c == 0x1B || (c >= 0x80 && c <= 0x9F)
}

// hyperlink reads an OSC 8 sequence: its URL, "" when it closes a link.
func hyperlink(seq string) (string, bool) {
	var body string
	switch {
	case strings.HasPrefix(seq, "\x1b]"):
		body = seq[2:]
	case seq[0] == 0x9D:
		body = seq[1:]
	default:
		return "", false
	}
	body = strings.TrimSuffix(strings.TrimSuffix(strings.TrimSuffix(body, "\x07"), "\x1b\\"), "\x9c")
	rest, ok := strings.CutPrefix(body, "8;")
	if !ok {
		return "", false
	}
	_, url, _ := strings.Cut(rest, ";")
	return url, true
}
