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
	var state byte
	link := "" // the URL of an open hyperlink
	for len(s) > 0 {
		seq, n, next := decodeSafely(s, state, nil)
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

// maxParams is how many parameters x/ansi's parser reads right: v0.11.9
// has room for 32, loses the 32nd and indexes past its buffer on the 33rd,
// a panic (parser_decode.go:200); no sequence with more is handed to it
// with a parser.
const maxParams = 31

// decode is x/ansi's decoder; a variable so a test can make it panic.
var decode = ansi.DecodeSequence[string]

// decodeSafely decodes the first sequence, control or grapheme of s, as
// ansi.DecodeSequence does. The decoder is total here: should it panic on
// some input, the sequence is dropped whole (its length by sequenceLength)
// and the text after it reads on. Keep the guard even when upstream fixes
// the bug it was written for: a panic on our input is ours.
func decodeSafely(s string, state byte, p *ansi.Parser) (seq string, n int, next byte) {
	defer func() {
		if recover() != nil {
			n = sequenceLength(s)
			seq, next = s[:n], ansi.NormalState
			if p != nil {
				p.Reset()
			}
		}
	}()
	if p != nil {
		p.Reset()
	}
	seq, _, n, next = decode(s, state, p)
	return seq, n, next
}

// sequenceLength is how far the escape sequence at the start of s reaches,
// by ECMA-48's shapes; 1 when s starts with no sequence (never 0 when s is not
// empty). Only for when the parser cannot say.
func sequenceLength(s string) int {
	if s == "" {
		return 0
	}
	i, kind := 1, s[0]
	if kind == 0x1B && len(s) > 1 && s[1] >= 0x40 && s[1] <= 0x5F {
		i, kind = 2, s[1]+0x40 // ESC [ is CSI (0x9B), ESC ] is OSC (0x9D), …
	}
	switch kind {
	case 0x9B: // CSI: parameters and intermediates, then a final byte
		for ; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c > 0x3F {
				if c >= 0x40 && c <= 0x7E {
					return i + 1
				}
				return i
			}
		}
		return len(s)
	case 0x90, 0x9D, 0x98, 0x9E, 0x9F: // DCS, OSC, SOS, PM, APC: up to ST or BEL
		for ; i < len(s); i++ {
			switch s[i] {
			case 0x07, 0x9C:
				return i + 1
			case 0x1B:
				if i+1 < len(s) && s[i+1] == '\\' {
					return i + 2
				}
			}
		}
		return len(s)
	}
	if i == 2 { // ESC and one byte: a C1 control in 7 bits
		return 2
	}
	if s[0] != 0x1B {
		_, size := utf8.DecodeRuneInString(s)
		return size
	}
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2F { // ESC, intermediates, a final byte
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7E {
		i++
	}
	return i
}

// sgrParams reads the parameters of seq, a CSI sequence, when it is SGR
// (final m, no prefix, no intermediate) with at most maxParams parameters:
// one with more is no style deck keeps, and the parser could not hold it.
func sgrParams(seq string, p *ansi.Parser) (ansi.Params, bool) {
	if !isSGR(seq) {
		return nil, false
	}
	if _, n, _ := decodeSafely(seq, ansi.NormalState, p); n != len(seq) || p.Command() != 'm' {
		return nil, false
	}
	return p.Params(), true
}

// isSGR reports whether seq is an SGR sequence, CSI … m with no prefix or
// intermediate, of at most maxParams parameters.
func isSGR(seq string) bool {
	body := strings.TrimPrefix(strings.TrimPrefix(seq, "\x1b["), "\x9b")
	params, ok := strings.CutSuffix(body, "m")
	return ok && len(body) < len(seq) && strings.Trim(params, "0123456789;:") == "" &&
		strings.Count(params, ";")+strings.Count(params, ":") < maxParams
}

// sanitizeStyled makes text that deck's own renderers already styled
// (glamour's output) safe to print, keeping only SGR: every other sequence
// goes (a hyperlink's URL shows as text after the link, as in clean), and
// the controls and invisible characters in its text show as marks, unstyled;
// newlines stay, tabs are marks like any control (expand them first). For
// what no sanitiser saw before it: goldmark turns a character reference
// (&#x202E;) into the raw character after the Markdown was sanitised.
func sanitizeStyled(s string) string {
	var b strings.Builder
	var state byte
	whole, text := s, 0 // the input, and where its text since the last sequence starts
	link := ""
	for len(s) > 0 {
		seq, n, next := decodeSafely(s, state, nil)
		if n == 0 {
			break
		}
		at := len(whole) - len(s)
		switch {
		case strings.HasPrefix(seq, "\x1b[") && isSGR(seq):
			b.WriteString(seq)
		case isSequence(seq):
			if url, ok := hyperlink(seq); ok {
				if link != "" {
					writeLink(&b, link)
				}
				link = url
			}
		case seq == "\n":
			b.WriteString(seq)
		default:
			writeMarked(&b, whole[text:], at-text, at-text+len(seq))
		}
		if isSequence(seq) {
			text = at + n
		}
		s, state = s[n:], next
	}
	if link != "" {
		writeLink(&b, link)
	}
	return b.String()
}

// writeLink writes a hyperlink's URL (untrusted too) after its text.
func writeLink(b *strings.Builder, url string) {
	b.WriteString(" (")
	writeMarked(b, url, 0, len(url))
	b.WriteString(")")
}

// writeMarked writes text[from:to] with each character that must not reach
// the terminal as it is replaced by its mark.
func writeMarked(b *strings.Builder, text string, from, to int) {
	for i := from; i < to; {
		r, size := utf8.DecodeRuneInString(text[i:to])
		if to-i == 1 && text[i] >= 0x80 && text[i] <= 0x9F {
			r = rune(text[i]) // a lone C1 byte: its code point's mark
		}
		if m := visibleMark(text, i, size, r); m != "" {
			b.WriteString(m)
		} else {
			b.WriteString(text[i : i+size])
		}
		i += size
	}
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
