package jsonline

import (
	"bytes"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// ReadString reads the next value as a Go string, as json.UnmarshalDecode
// into a string does (null is "", anything else but a string the same
// error), for the large texts of a log: a file's lines, a command's output.
// v2 unescapes a string into a new buffer, zeroed, then copies it into the
// string; this unescapes it once, straight into the string's own bytes.
func ReadString(dec *jsontext.Decoder) (string, error) {
	if dec.PeekKind() != '"' {
		var s string
		err := json.UnmarshalDecode(dec, &s)
		return s, err
	}
	val, err := dec.ReadValue()
	if err != nil {
		return "", err
	}
	return unquote(val), nil
}

// unquote is jsontext.AppendUnquote of a string the decoder has read (so
// well formed), by deck's rules: an invalid UTF-8 byte and a lone surrogate
// escape are each U+FFFD. Runs without escapes are found and checked a
// word at a time, where AppendUnquote goes a byte at a time.
func unquote(val []byte) string {
	src := val[1 : len(val)-1]
	valid := utf8.Valid(src) // then so is every run between escapes
	if valid && bytes.IndexByte(src, '\\') < 0 {
		return string(src)
	}
	var b strings.Builder
	b.Grow(unquotedSize(src)) // the string keeps this room: a million small ones each kept a few bytes too many
	for len(src) > 0 {
		i := bytes.IndexByte(src, '\\')
		if i < 0 {
			i = len(src)
		}
		if valid {
			b.Write(src[:i])
		} else {
			plain(&b, src[:i])
		}
		src = src[i:]
		if len(src) > 0 {
			src = escape(&b, src)
		}
	}
	return b.String()
}

// unquotedSize is about the size of src unquoted: an escape is one byte,
// a \u escape three (most are a character past ASCII, or half a pair of
// six bytes that write four). Only room: the text is right however far off.
func unquotedSize(src []byte) int {
	n := len(src)
	for rest := src; ; {
		i := bytes.IndexByte(rest, '\\')
		if i < 0 || i+1 >= len(rest) {
			return max(n, 0)
		}
		if rest[i+1] == 'u' {
			n -= 3
			rest = rest[min(i+6, len(rest)):]
		} else {
			n--
			rest = rest[i+2:]
		}
	}
}

// plain writes a run without escapes, each invalid UTF-8 byte as U+FFFD.
func plain(b *strings.Builder, run []byte) {
	for len(run) > 0 {
		if utf8.Valid(run) {
			b.Write(run)
			return
		}
		r, n := utf8.DecodeRune(run)
		if r == utf8.RuneError && n == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.Write(run[:n])
		}
		run = run[n:]
	}
}

// escape writes the escape sequence src starts with and returns the rest.
func escape(b *strings.Builder, src []byte) []byte {
	switch c := src[1]; c {
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'n':
		b.WriteByte('\n')
	case 'r':
		b.WriteByte('\r')
	case 't':
		b.WriteByte('\t')
	case 'u':
		r := hex4(src[2:6])
		src = src[6:]
		if utf16.IsSurrogate(r) {
			pair := utf8.RuneError
			if len(src) >= 6 && src[0] == '\\' && src[1] == 'u' {
				pair = utf16.DecodeRune(r, hex4(src[2:6]))
			}
			r = pair
			if pair != utf8.RuneError {
				src = src[6:]
			}
		}
		b.WriteRune(r)
		return src
	default: // '"', '\\', '/'
		b.WriteByte(c)
	}
	return src[2:]
}

// hex4 reads four hex digits, which the decoder has checked.
func hex4(h []byte) rune {
	var r rune
	for _, c := range h[:4] {
		switch {
		case c <= '9':
			r = r<<4 | rune(c-'0')
		case c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			r = r<<4 | rune(c-'a'+10)
		}
	}
	return r
}
