package jsonline

import (
	"math"
	"reflect"
	"regexp"
	"strconv"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Number is the literal text of a JSON number, kept exact until it is used:
// a log's 1e400 or 2^60 is judged by the field that reads it (Int), not by
// the decoder, so it cannot fail the line around it.
type Number string

func (n Number) String() string { return string(n) }

// UnmarshalJSONFrom reads a number's text. As v1's json.Number did, it also
// takes a string that holds a number ("7"), and null as no number.
func (n *Number) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	val, err := dec.ReadValue()
	if err != nil {
		return err
	}
	switch val.Kind() {
	case 'n':
		*n = ""
		return nil
	case '0':
		*n = Number(val)
		return nil
	case '"':
		if s, err := jsontext.AppendUnquote(nil, val); err == nil && numberText.Match(s) {
			*n = Number(s)
			return nil
		}
		return &json.SemanticError{JSONKind: '"', JSONValue: val.Clone(), GoType: numberType}
	}
	return &json.SemanticError{JSONKind: val.Kind(), GoType: numberType}
}

// MarshalJSONTo writes the number as it was read (0 for none).
func (n Number) MarshalJSONTo(enc *jsontext.Encoder) error {
	if n == "" {
		n = "0"
	}
	return enc.WriteValue(jsontext.Value(n))
}

var numberType = reflect.TypeFor[Number]()

// numberText is RFC 8259's grammar of a number.
var numberText = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$`)

// maxSafeInt is the largest integer a JSON number written by JavaScript
// (the harness) holds exactly: 2^53 − 1.
const maxSafeInt = 1<<53 - 1

// Int reads a JSON number as an integer. It fails on fractions, values
// outside ±2^53 and anything that is not a number (1e400, "7", null), so a
// hostile log can never turn into a huge or wrapped Go int.
func Int(v any) (int64, bool) {
	var f float64
	switch n := v.(type) {
	case Number:
		if n == "" { // absent: no number, and no error made to say so
			return 0, false
		}
		if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
			if i > maxSafeInt || i < -maxSafeInt {
				return 0, false
			}
			return i, true
		}
		x, err := strconv.ParseFloat(string(n), 64)
		if err != nil {
			return 0, false
		}
		f = x
	case float64:
		f = n
	default:
		return 0, false
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f != math.Trunc(f) || math.Abs(f) > maxSafeInt {
		return 0, false
	}
	return int64(f), true
}

// Num reads a JSON number as an integer, 0 when it is absent or not one.
func Num(n Number) int64 {
	i, _ := Int(n)
	return i
}
