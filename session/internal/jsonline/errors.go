package jsonline

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
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

// explain words an error in decoding line with the place it happened.
func explain(err error, line []byte) string {
	if syn, ok := errors.AsType[*jsontext.SyntacticError](err); ok {
		return fmt.Sprintf("%s at byte %d", syntaxWords(syn), readTo(syn, line))
	}
	return Short(err)
}

// readTo is where a syntax error is, as deck's notices have always said it:
// the bytes read up to and including the bad text, where v2 says where the
// bad text starts.
func readTo(syn *jsontext.SyntacticError, line []byte) int64 {
	at := syn.ByteOffset
	if syn.Err == io.ErrUnexpectedEOF || at >= int64(len(line)) {
		return at
	}
	msg := syn.Err.Error()
	switch {
	case strings.HasPrefix(msg, "invalid character "):
		_, n := utf8.DecodeRune(line[at:])
		return at + int64(n)
	case strings.HasPrefix(msg, "invalid escape sequence "):
		if at+1 < int64(len(line)) && line[at+1] == 'u' {
			return min(at+6, int64(len(line))) // \uXXXX
		}
		return at + 2
	}
	return at + 1
}

// quoteStart shows the start of a bad line, at most 40 bytes.
func quoteStart(b []byte) string {
	const max = 40
	if len(b) > max {
		return fmt.Sprintf("%q…", b[:max])
	}
	return fmt.Sprintf("%q", b)
}

// Short words a decoding error without its place in the line and without
// Go's type names: which field is of the wrong JSON type, or what breaks
// the JSON.
func Short(err error) string {
	if sem, ok := errors.AsType[*json.SemanticError](err); ok {
		return shapeWords(sem)
	}
	if syn, ok := errors.AsType[*jsontext.SyntacticError](err); ok {
		return syntaxWords(syn)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}

func ShortErr(err error) error { return errors.New(Short(err)) }

// shapeWords says which value does not fit: "field "a.b" is a JSON
// number", or of the whole value "it is a JSON string, not an object".
func shapeWords(sem *json.SemanticError) string {
	if sem.Err != nil && sem.Err != strconv.ErrRange && sem.Err != strconv.ErrSyntax {
		// a reader of deck's or the ACP SDK's refused the value: its words
		return Short(sem.Err)
	}
	what := "a JSON " + kindWord(sem.JSONKind)
	if len(sem.JSONValue) > 0 {
		what += " " + string(sem.JSONValue) // the number that does not fit
	}
	field := strings.ReplaceAll(strings.TrimPrefix(string(sem.JSONPointer), "/"), "/", ".")
	if field == "" {
		return "it is " + what + ", not an object"
	}
	return fmt.Sprintf("field %q is %s", field, what)
}

func kindWord(k jsontext.Kind) string {
	switch k {
	case 't', 'f':
		return "bool"
	case '{':
		return "object"
	case '0':
		return "number"
	}
	return Kind(byte(k))
}

// syntaxWords says what breaks the JSON in the words deck's notices have
// always used: v2 says "object name" and "at start of value" where v1 said
// "object key" and "looking for beginning of value".
func syntaxWords(syn *jsontext.SyntacticError) string {
	if syn.Err == io.ErrUnexpectedEOF {
		return "unexpected end of JSON input"
	}
	msg := syn.Err.Error()
	if i := strings.Index(msg, " (expecting"); i >= 0 && !strings.Contains(msg, " in literal") {
		msg = msg[:i]
	}
	return v1Words.Replace(msg)
}

var v1Words = strings.NewReplacer(
	"object name", "object key",
	"at start of value", "looking for beginning of value",
	"at start of string", "looking for beginning of object key string",
	"after object value", "after object key:value pair",
	"in number", "in numeric literal",
)
