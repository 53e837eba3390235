package jsonline

import (
	"bytes"
	"errors"

	"github.com/go-json-experiment/json"
)

// Decode decodes a line that should hold one JSON object into v. What names
// the thing the line should be ("an event", "a Codex record"), for the error
// that says in a few words why it is not one. Space around the object is
// allowed, as every format's writer may leave some.
func Decode(line []byte, what string, v any) error {
	t := bytes.TrimSpace(line)
	if len(t) > 0 && t[0] != '{' {
		if Valid(t) {
			return errors.New("not " + what + ": a JSON " + Kind(t[0]))
		}
		return errors.New("not JSON: " + quoteStart(t))
	}
	if err := Unmarshal(t, v); err != nil {
		if _, ok := errors.AsType[*json.SemanticError](err); ok {
			return errors.New("not " + what + ": " + Short(err))
		}
		return errors.New("not JSON: " + explain(err, t))
	}
	return nil
}
