package jsonline

import (
	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	json "github.com/go-json-experiment/json/v1"
)

// Options are how deck reads JSON. Unmarshal is the usual way to use them;
// a reader that walks tokens itself opens its jsontext.Decoder with them.
var Options = json.DefaultOptionsV1()

// Unmarshal decodes data into v the way deck reads every log and every
// answer from a host.
func Unmarshal(data []byte, v any) error {
	return jsonv2.Unmarshal(data, v, Options)
}

// Valid reports whether data is one JSON value, read the same way.
func Valid(data []byte) bool {
	return jsontext.Value(data).IsValid(Options)
}

// Marshal writes v as JSON text to show a person (an argument, an answer).
func Marshal(v any) ([]byte, error) {
	return json.Marshal(v)
}
