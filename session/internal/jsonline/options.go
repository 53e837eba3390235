package jsonline

import (
	"bytes"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Options are how deck reads JSON: v2's rules, with two of v1's forgiving
// ones kept for what logs really hold.
//
//   - Invalid UTF-8 reads as U+FFFD instead of failing the line (a tool's
//     output cut mid-character). The same option lets a lone surrogate
//     escape ("\ud800", which JavaScript's JSON.stringify writes for half a
//     pair) read as U+FFFD.
//   - A name that comes twice in an object is no error: the last one wins,
//     as in JSON.parse, the harness's own reader.
//
// Names match exactly, as v2 does (v1 ignored case): logs are written by
// programs, and a member "Type" is not the "type" a format defines.
//
// Unmarshal is the usual way to use them; a reader that walks tokens
// itself opens its jsontext.Decoder with them.
var Options = json.JoinOptions(
	jsontext.AllowInvalidUTF8(true),
	jsontext.AllowDuplicateNames(true),
)

// Unmarshal decodes data into v the way deck reads every log and every
// answer from a host. What breaks the JSON is said first, and in the words
// of a check of the whole value, as v1 made one before decoding: only JSON
// that reads can have a field of the wrong type.
func Unmarshal(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		// an absent member: v stays as it was (v2 would allocate a pointer first)
		return checkSyntax(data)
	}
	if err := json.Unmarshal(data, v, Options); err != nil {
		if syntaxErr := checkSyntax(data); syntaxErr != nil {
			return syntaxErr
		}
		return err
	}
	return nil
}

// checkSyntax reads data as one whole value, for the error that says what
// breaks it, if anything does.
func checkSyntax(data []byte) error {
	var raw jsontext.Value
	return json.Unmarshal(data, &raw, Options)
}

// Valid reports whether data is one JSON value, read the same way.
func Valid(data []byte) bool {
	return jsontext.Value(data).IsValid(Options)
}

// Marshal writes v as JSON text to show a person (an argument, an answer):
// object members in name order, so the same value always reads the same,
// and text as it is (v1 wrote < as \u003c, for web pages).
func Marshal(v any) ([]byte, error) {
	return json.Marshal(v, json.Deterministic(true), jsontext.AllowInvalidUTF8(true))
}
