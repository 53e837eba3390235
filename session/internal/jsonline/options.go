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
// that reads can have a field of the wrong type. No data at all (a member
// that is absent) leaves v as it was; v2 would allocate a pointer first.
func Unmarshal(data []byte, v any) error {
	if len(bytes.TrimSpace(data)) == 0 {
		v = new(jsontext.Value)
	}
	err := json.Unmarshal(data, v, Options)
	if err != nil {
		var raw jsontext.Value
		if syntaxErr := json.Unmarshal(data, &raw, Options); syntaxErr != nil {
			return syntaxErr
		}
	}
	return err
}

// Valid reports whether data is one JSON value, read the same way.
func Valid(data []byte) bool {
	return jsontext.Value(data).IsValid(Options)
}

// Marshal writes v as JSON text to show a person (an argument, an answer):
// object members in name order, so the same value always reads the same.
func Marshal(v any) ([]byte, error) {
	return json.Marshal(v, json.Deterministic(true), jsontext.AllowInvalidUTF8(true))
}
