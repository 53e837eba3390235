package cli

import (
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"

	"github.com/deck-tui/deck/cards"
)

// writeJSON writes v for a script: indented JSON, one newline after it.
// The strings in it come from a log, so every character the sanitiser
// would mark (C1 controls, bidirectional and invisible characters) is
// written as a \u escape: the value a script reads is exact, and the text,
// printed to a terminal, holds nothing the terminal obeys. It is written
// as it is encoded: the figures of 83,334 turns are 47 MB of JSON.
func writeJSON(w io.Writer, v any) error {
	h := &hiddenEscaper{w: w}
	if err := json.MarshalWrite(h, v, jsontext.WithIndent("  "), json.Deterministic(true)); err != nil {
		return err
	}
	_, err := h.Write([]byte{'\n'})
	return err
}

// escapeHidden writes each hidden character of encoded JSON as an escape.
// Outside its strings JSON text holds no character but ASCII, so every one
// is inside a string, where its escape means the same.
func escapeHidden(b []byte) []byte { return appendHidden(make([]byte, 0, len(b)), b) }

// appendHidden appends b to out, each hidden character escaped.
func appendHidden(out, b []byte) []byte {
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] < 0x7F { // a run of ASCII, which hides nothing, copied whole
			i++
		}
		out, b = append(out, b[:i]...), b[i:]
		if len(b) == 0 {
			break
		}
		r, n := utf8.DecodeRune(b)
		switch {
		case !cards.Hidden(r):
			out = append(out, b[:n]...)
		case r > 0xFFFF:
			hi, lo := utf16.EncodeRune(r)
			out = appendEscape(appendEscape(out, hi), lo)
		default:
			out = appendEscape(out, r)
		}
		b = b[n:]
	}
	return out
}

// hiddenEscaper writes encoded JSON to w as escapeHidden would: a
// character cut between two writes waits for the rest of it.
type hiddenEscaper struct {
	w    io.Writer
	part []byte // the start of a character the last write ended in
	out  []byte
}

func (h *hiddenEscaper) Write(p []byte) (int, error) {
	n := len(p)
	if len(h.part) > 0 {
		p = append(h.part, p...)
		h.part = nil
	}
	whole := len(p) // where the last character, cut short, begins
	for i := len(p) - 1; i >= max(len(p)-utf8.UTFMax, 0); i-- {
		if utf8.RuneStart(p[i]) {
			if !utf8.FullRune(p[i:]) {
				whole = i
			}
			break
		}
	}
	h.part = append([]byte(nil), p[whole:]...)
	h.out = appendHidden(h.out[:0], p[:whole])
	if _, err := h.w.Write(h.out); err != nil {
		return 0, err
	}
	return n, nil
}

func appendEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}
