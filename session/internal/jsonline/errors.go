// Package jsonline reads the JSON lines of session logs the one way every
// format shares: an object per line, errors worded for a person (where the
// line went wrong, never Go type names), and numbers kept exact until used.
package jsonline

import (
	"errors"
	"fmt"
	"strings"

	json "github.com/go-json-experiment/json/v1"
)

// Kind names the JSON value that starts with c.
func Kind(c byte) string {
	switch c {
	case '[':
		return "array"
	case '"':
		return "string"
	case 'n':
		return "null"
	case 't', 'f':
		return "boolean"
	}
	return "number"
}

// Explain words a decoding error with the place it happened.
func Explain(err error, line []byte) string {
	var syn *json.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Sprintf("%v at byte %d", syn, syn.Offset)
	}
	if err.Error() == "unexpected end of JSON input" {
		return fmt.Sprintf("line ends early after %d bytes", len(line))
	}
	return err.Error()
}

// QuoteStart shows the start of a bad line, at most 40 bytes.
func QuoteStart(b []byte) string {
	const max = 40
	if len(b) > max {
		return fmt.Sprintf("%q…", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// Short drops the Go type names encoding/json puts in its messages.
func Short(err error) string {
	var t *json.UnmarshalTypeError
	if errors.As(err, &t) {
		if t.Field == "" {
			return fmt.Sprintf("it is a JSON %s, not an object", t.Value)
		}
		return fmt.Sprintf("field %q is a JSON %s", t.Field, t.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func ShortErr(err error) error { return fmt.Errorf("%s", Short(err)) }
