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
// printed to a terminal, holds nothing the terminal obeys.
func writeJSON(w io.Writer, v any) error {
	b, err := json.Marshal(v, jsontext.WithIndent("  "), json.Deterministic(true))
	if err != nil {
		return err
	}
	_, err = w.Write(append(escapeHidden(b), '\n'))
	return err
}

// escapeHidden writes each hidden character of encoded JSON as an escape.
// Outside its strings JSON text holds no character but ASCII, so every one
// is inside a string, where its escape means the same.
func escapeHidden(b []byte) []byte {
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); {
		r, n := utf8.DecodeRune(b[i:])
		if r < 0x7F || !cards.Hidden(r) {
			out = append(out, b[i:i+n]...)
		} else if r > 0xFFFF {
			hi, lo := utf16.EncodeRune(r)
			out = appendEscape(appendEscape(out, hi), lo)
		} else {
			out = appendEscape(out, r)
		}
		i += n
	}
	return out
}

func appendEscape(b []byte, r rune) []byte {
	const hex = "0123456789abcdef"
	return append(b, '\\', 'u', hex[r>>12&0xF], hex[r>>8&0xF], hex[r>>4&0xF], hex[r&0xF])
}
