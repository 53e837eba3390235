package jsonline

import (
	"bytes"

	"github.com/go-json-experiment/json/jsontext"
)

// Partial reads the start of a JSON object, as a tool call's arguments are
// while they stream: every member read whole so far, and a string the
// input ends inside as far as it goes. A name, number or literal cut short
// is left out: it may yet read otherwise. What is whole reads as Any reads
// it; nil when raw does not start an object.
func Partial(raw []byte) map[string]any {
	dec := jsontext.NewDecoder(bytes.NewReader(raw), Options)
	if dec.PeekKind() != '{' {
		return nil
	}
	v, _, _ := partialValue(dec, raw)
	m, _ := v.(map[string]any)
	return m
}

// partialValue reads one value; ok says there is something of it to keep,
// cut that the input ended (or broke) inside it, so nothing follows.
func partialValue(dec *jsontext.Decoder, raw []byte) (v any, ok, cut bool) {
	switch dec.PeekKind() {
	case '{':
		if _, err := dec.ReadToken(); err != nil {
			return nil, false, true
		}
		m := map[string]any{}
		for {
			switch dec.PeekKind() {
			case '}':
				_, err := dec.ReadToken()
				return m, true, err != nil
			case '"':
			default:
				return m, true, true
			}
			tok, err := dec.ReadToken()
			if err != nil { // a name cut short
				return m, true, true
			}
			name := tok.String() // before the next read voids the token
			v, ok, cut := partialValue(dec, raw)
			if ok {
				m[name] = v
			}
			if cut {
				return m, true, true
			}
		}
	case '[':
		if _, err := dec.ReadToken(); err != nil {
			return nil, false, true
		}
		a := []any{}
		for dec.PeekKind() != ']' {
			v, ok, cut := partialValue(dec, raw)
			if ok {
				a = append(a, v)
			}
			if cut {
				return a, true, true
			}
		}
		_, err := dec.ReadToken()
		return a, true, err != nil
	case '"':
		tok, err := dec.ReadToken()
		if err != nil {
			s, ok := cutString(raw[dec.InputOffset():])
			return s, ok, true
		}
		return tok.String(), true, false
	case '0':
		tok, err := dec.ReadToken()
		if err != nil || dec.InputOffset() == int64(len(raw)) { // 12 may be the start of 123
			return nil, false, true
		}
		return Number(tok.String()), true, false
	case 't', 'f', 'n':
		tok, err := dec.ReadToken()
		if err != nil {
			return nil, false, true
		}
		if tok.Kind() == 'n' {
			return nil, true, false
		}
		return tok.Bool(), true, false
	}
	return nil, false, true
}

// cutString reads a string the input ends inside, from just after the
// token before it: its text so far, less an escape cut in half (or half of
// a surrogate pair, whose other half is still to come).
func cutString(rest []byte) (string, bool) {
	rest = bytes.TrimLeft(rest, " \t\r\n")
	rest = bytes.TrimPrefix(bytes.TrimPrefix(rest, []byte(":")), []byte(","))
	rest = bytes.TrimLeft(rest, " \t\r\n")
	if len(rest) == 0 || rest[0] != '"' {
		return "", false
	}
	body := rest[1:]
	for range 2 { // `\ud83d\ude`: the low half cut, then the high half alone
		if i := bytes.LastIndexByte(body, '\\'); i >= 0 {
			body = dropCutEscape(body, i)
		}
	}
	var s string
	if err := Unmarshal(append(append([]byte{'"'}, body...), '"'), &s); err != nil {
		return "", false
	}
	return s, true
}

// dropCutEscape drops the escape at i when the input ends inside it:
// `\`, `\u00`, or a high surrogate `\ud83d` whose low half has not come.
func dropCutEscape(body []byte, i int) []byte {
	run := 0 // backslashes in a row ending at i: an even run is no escape
	for j := i; j >= 0 && body[j] == '\\'; j-- {
		run++
	}
	if run%2 == 0 {
		return body
	}
	esc := body[i:]
	switch {
	case len(esc) == 1:
		return body[:i]
	case esc[1] != 'u':
		return body
	case len(esc) < 6:
		return body[:i]
	case len(esc) == 6 && isHighSurrogate(esc[2:6]):
		return body[:i]
	}
	return body
}

func isHighSurrogate(hex []byte) bool {
	return len(hex) == 4 && (hex[0] == 'd' || hex[0] == 'D') && bytes.ContainsRune([]byte("89abAB"), rune(hex[1]))
}
