package cards

import (
	"errors"
	"unicode/utf8"

	json "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// compactJSON is v as one line of JSON, for a call's input or a content
// block deck has no card for. It is written byte for byte as encoding/json
// wrote it before cards moved to the project's one JSON library: keys
// sorted, <, >, &, U+2028 and U+2029 escaped, nil slices and maps as null,
// invalid UTF-8 as below. Numbers are written as the log wrote them (the
// session keeps them exact). (Map keys come from the session's JSON
// decoder, so they are valid UTF-8.)
func compactJSON(v any) ([]byte, error) { return json.Marshal(v, asEncodingJSON) }

var asEncodingJSON = json.JoinOptions(
	json.Deterministic(true),
	jsontext.EscapeForHTML(true),
	jsontext.EscapeForJS(true),
	jsontext.AllowInvalidUTF8(true),
	jsontext.PreserveRawStrings(true), // keeps invalidAsEscapes' escapes
	json.FormatNilSliceAsNull(true),
	json.FormatNilMapAsNull(true),
	json.WithMarshalers(json.MarshalToFunc(invalidAsEscapes)),
)

// invalidAsEscapes writes each byte of invalid UTF-8 in a string as the
// escape \ufffd, as encoding/json did; jsontext writes U+FFFD itself.
func invalidAsEscapes(enc *jsontext.Encoder, s string) error {
	if utf8.ValidString(s) {
		return errors.ErrUnsupported // the encoder's own way
	}
	b := []byte{'"'}
	for s != "" {
		valid := 0
		for valid < len(s) {
			r, n := utf8.DecodeRuneInString(s[valid:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			valid += n
		}
		q, _ := jsontext.AppendQuote(nil, s[:valid])
		b = append(b, q[1:len(q)-1]...)
		if valid < len(s) {
			b = append(b, `\ufffd`...)
			valid++
		}
		s = s[valid:]
	}
	return enc.WriteValue(append(b, '"'))
}
