package jsonline

import (
	"github.com/go-json-experiment/json/jsontext"
)

// Value is a JSON value of any shape (a tool's private meta), read in the
// same pass as the event around it: objects become map[string]any, arrays
// []any, and numbers Number, so a number like 1e400 or 2^60 is judged
// where it is used instead of failing the event.
type Value struct {
	V       any
	Present bool // the member was there, even as null
}

func (a *Value) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := readAny(dec)
	a.V, a.Present = v, true
	return err
}

func readAny(dec *jsontext.Decoder) (any, error) {
	if dec.PeekKind() == '"' {
		return ReadString(dec) // a read's every line is one
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return nil, err
	}
	switch tok.Kind() {
	case '{':
		m := map[string]any{}
		for dec.PeekKind() != '}' {
			tok, err := dec.ReadToken()
			if err != nil {
				return nil, err
			}
			name := tok.String() // before the next read voids the token
			v, err := readAny(dec)
			if err != nil {
				return nil, err
			}
			m[name] = v
		}
		_, err = dec.ReadToken()
		return m, err
	case '[':
		var a []any
		for dec.PeekKind() != ']' {
			v, err := readAny(dec)
			if err != nil {
				return nil, err
			}
			a = append(a, v)
		}
		_, err = dec.ReadToken()
		if a == nil {
			a = []any{}
		}
		return a, err
	case '0':
		return Number(tok.String()), nil
	case 't', 'f':
		return tok.Bool(), nil
	}
	return nil, nil
}

// Any reads a whole JSON value as anyValue does.
func Any(raw []byte) (any, error) {
	if len(raw) == 0 {
		return nil, nil
	}
	var a Value
	if err := Unmarshal(raw, &a); err != nil {
		return nil, ShortErr(err)
	}
	return a.V, nil
}

// Loose reads a JSON value as decodeMeta does; nil when there is none
// or it is unreadable.
func Loose(raw []byte) any {
	v, _ := Any(raw)
	return v
}

// Str reads a field as text: a string as it is, a number or boolean as JSON.
func Str(m map[string]any, key string) string {
	switch v := m[key].(type) {
	case string:
		return v
	case Number:
		return string(v)
	case float64, bool:
		b, _ := Marshal(v)
		return string(b)
	}
	return ""
}

// AsObject narrows meta to a JSON AsObject (not null, not an array).
func AsObject(v any) (map[string]any, bool) {
	m, ok := v.(map[string]any)
	return m, ok && m != nil
}
