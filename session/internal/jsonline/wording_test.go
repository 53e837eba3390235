package jsonline_test

import (
	"fmt"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The words deck uses when a line is not what it should be are what a person
// reads in the notices, and the goldens pin some of them. These pin all of
// them, whichever JSON library finds the problem.

// event is the shape Decode is tried with: an envelope like every format's.
type event struct {
	Type string          `json:"type"`
	Seq  jsonline.Number `json:"seq"`
	Data jsontext.Value  `json:"data"`
}

func TestDecodeWording(t *testing.T) {
	for _, c := range []struct{ line, want string }{
		// not an object
		{`[1]`, `not an event: a JSON array`},
		{`"str"`, `not an event: a JSON string`},
		{`1`, `not an event: a JSON number`},
		{`true`, `not an event: a JSON boolean`},
		{`null`, `not an event: a JSON null`},
		{`nul`, `not JSON: "nul"`},
		{`this is not JSON at all`, `not JSON: "this is not JSON at all"`},
		{`this line is much longer than forty bytes of text`, `not JSON: "this line is much longer than forty byte"…`},
		// an object that breaks off or goes wrong: where
		{``, `not JSON: unexpected end of JSON input at byte 0`},
		{`   `, `not JSON: unexpected end of JSON input at byte 0`},
		{`{`, `not JSON: unexpected end of JSON input at byte 1`},
		{`{"a":1`, `not JSON: unexpected end of JSON input at byte 6`},
		{`{"a":"x`, `not JSON: unexpected end of JSON input at byte 7`},
		{`{"a":x}`, `not JSON: invalid character 'x' looking for beginning of value at byte 6`},
		{`{"a":1}}`, `not JSON: invalid character '}' after top-level value at byte 8`},
		{`{"a":1} x`, `not JSON: invalid character 'x' after top-level value at byte 9`},
		{`{"a" 1}`, `not JSON: invalid character '1' after object key at byte 6`},
		{`{"a":1 "b":2}`, `not JSON: invalid character '"' after object key:value pair at byte 8`},
		{`{"a":01}`, `not JSON: invalid character '1' after object key:value pair at byte 7`},
		{`{"a":tru}`, `not JSON: invalid character '}' in literal true (expecting 'e') at byte 9`},
		{"{\"a\":\"\x01\"}", `not JSON: invalid character '\x01' in string at byte 7`},
		{`{"a":"\q"}`, "not JSON: invalid escape sequence `\\q` in string at byte 8"},
		{`{1:2}`, `not JSON: invalid character '1' looking for beginning of object key string at byte 2`},
		{`{,}`, `not JSON: invalid character ',' looking for beginning of object key string at byte 2`},
		{`{"a":1,}`, `not JSON: invalid character '}' looking for beginning of object key string at byte 8`},
		{`{"a":-}`, `not JSON: invalid character '}' in numeric literal at byte 7`},
		{`{"a":1.}`, `not JSON: invalid character '}' in numeric literal at byte 8`},
		{`{"a":[1,]}`, `not JSON: invalid character ']' looking for beginning of value at byte 9`},
		{`{"a":[1 2]}`, `not JSON: invalid character '2' after array element at byte 9`},
		{`{"a":é}`, `not JSON: invalid character 'é' looking for beginning of value at byte 7`},
		{`{"a":"\uZZZZ"}`, "not JSON: invalid escape sequence `\\uZZZZ` in string at byte 12"},
		{`{"a":"\u12"}`, "not JSON: invalid escape sequence `\\u12\"}` in string at byte 12"},
		{`{"a":"\u12`, `not JSON: unexpected end of JSON input at byte 6`},
		{`{"a":"\x"}`, "not JSON: invalid escape sequence `\\x` in string at byte 8"},
		{`{"a":nul}`, `not JSON: invalid character '}' in literal null (expecting 'l') at byte 9`},
		{`{"a":1e}`, `not JSON: invalid character '}' in numeric literal at byte 8`},
		{`{"a":[}`, `not JSON: invalid character '}' looking for beginning of value at byte 7`},
		{`{"a":{]}`, `not JSON: invalid character ']' looking for beginning of object key string at byte 7`},
		{`{"a" : 1 , }`, `not JSON: invalid character '}' looking for beginning of object key string at byte 12`},
		{"{\"a\":\"\xff\"x}", `not JSON: invalid character 'x' after object key:value pair at byte 9`},
		// a field of the wrong type
		{`{"type":1}`, `not an event: field "type" is a JSON number`},
		{`{"type":true}`, `not an event: field "type" is a JSON bool`},
		{`{"type":{}}`, `not an event: field "type" is a JSON object`},
		{`{"type":[]}`, `not an event: field "type" is a JSON array`},
		// (v1's json.Number lost the name of its field: `field ""`)
		{`{"type":"x","seq":true}`, `not an event: field "seq" is a JSON bool`},
		{`{"type":"x","seq":"abc"}`, `not an event: field "seq" is a JSON string "abc"`},
		{`{"type":"x","seq":[1]}`, `not an event: field "seq" is a JSON array`},
		{`{"type":"x","seq":"0x10"}`, `not an event: field "seq" is a JSON string "0x10"`},
		{`{"type":"x","seq":" 7"}`, `not an event: field "seq" is a JSON string " 7"`},
		// a line that is not JSON is that first, whatever else is wrong
		{`{"type":1,"x":}`, `not JSON: invalid character '}' looking for beginning of value at byte 15`},
	} {
		var e event
		err := jsonline.Decode([]byte(c.line), "an event", &e)
		if got := fmt.Sprint(err); got != c.want {
			t.Errorf("Decode(%q)\n got %s\nwant %s", c.line, got, c.want)
		}
	}
}

// shape has a field of each kind a log's shapes use.
type shape struct {
	Name  string            `json:"name"`
	N     int64             `json:"n"`
	F     float64           `json:"f"`
	U     uint              `json:"u"`
	B     bool              `json:"b"`
	Num   jsonline.Number   `json:"num"`
	List  []string          `json:"list"`
	Map   map[string]string `json:"map"`
	Inner struct {
		Deep string `json:"deep"`
	} `json:"inner"`
	Ptr *struct {
		X int `json:"x"`
	} `json:"ptr"`
	Val jsonline.Value `json:"val"`
}

func TestShortWording(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`"x"`, `it is a JSON string, not an object`},
		{`[1]`, `it is a JSON array, not an object`},
		{`1`, `it is a JSON number, not an object`},
		{`true`, `it is a JSON bool, not an object`},
		{`{"name":1}`, `field "name" is a JSON number`},
		{`{"name":true}`, `field "name" is a JSON bool`},
		{`{"name":[]}`, `field "name" is a JSON array`},
		{`{"name":{}}`, `field "name" is a JSON object`},
		{`{"n":"7"}`, `field "n" is a JSON string`},
		{`{"n":true}`, `field "n" is a JSON bool`},
		{`{"n":1.5}`, `field "n" is a JSON number 1.5`},
		{`{"n":1e400}`, `field "n" is a JSON number 1e400`},
		{`{"n":9223372036854775808}`, `field "n" is a JSON number 9223372036854775808`},
		{`{"f":1e400}`, `field "f" is a JSON number 1e400`},
		{`{"f":"x"}`, `field "f" is a JSON string`},
		{`{"u":-1}`, `field "u" is a JSON number -1`},
		{`{"b":"x"}`, `field "b" is a JSON string`},
		{`{"b":1}`, `field "b" is a JSON number`},
		// (v1's json.Number lost its field: "it is a JSON bool, not an object")
		{`{"num":"abc"}`, `field "num" is a JSON string "abc"`},
		{`{"num":true}`, `field "num" is a JSON bool`},
		{`{"list":[1]}`, `field "list.0" is a JSON number`},
		{`{"list":["a",2]}`, `field "list.1" is a JSON number`},
		{`{"list":"x"}`, `field "list" is a JSON string`},
		{`{"map":{"k":1}}`, `field "map.k" is a JSON number`},
		{`{"map":[]}`, `field "map" is a JSON array`},
		{`{"inner":{"deep":1}}`, `field "inner.deep" is a JSON number`},
		{`{"inner":"x"}`, `field "inner" is a JSON string`},
		{`{"ptr":{"x":"s"}}`, `field "ptr.x" is a JSON string`},
		{`{"ptr":1}`, `field "ptr" is a JSON number`},
		{`{"name":1,"n":"x"}`, `field "name" is a JSON number`}, // the first
		{`{"val":{"a":}}`, `invalid character '}' looking for beginning of value`},
		{`{"name":"x"`, `unexpected end of JSON input`},
	} {
		var s shape
		err := jsonline.Unmarshal([]byte(c.data), &s)
		if err == nil {
			t.Errorf("%s: no error", c.data)
			continue
		}
		if got := jsonline.Short(err); got != c.want {
			t.Errorf("Short(%s)\n got %s\nwant %s", c.data, got, c.want)
		}
	}
}

func TestAnyWording(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`{`, `unexpected end of JSON input`},
		{`[1,`, `unexpected end of JSON input`},
		{`x`, `invalid character 'x' looking for beginning of value`},
		{`{"a":1}}`, `invalid character '}' after top-level value`},
	} {
		if _, err := jsonline.Any([]byte(c.data)); fmt.Sprint(err) != c.want {
			t.Errorf("Any(%s)\n got %v\nwant %s", c.data, err, c.want)
		}
	}
}
