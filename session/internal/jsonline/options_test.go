package jsonline_test

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// What deck reads that plain v2 would refuse, and what it reads as v2 does.
func TestReadingRules(t *testing.T) {
	type rec struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	for _, c := range []struct {
		name, line string
		want       rec
	}{
		// a tool's output cut mid-character
		{"invalid UTF-8 reads as U+FFFD", "{\"type\":\"x\",\"text\":\"a\xffb\xe2\x82\"}", rec{"x", "a\uFFFDb\uFFFD\uFFFD"}},
		// JSON.stringify writes half a surrogate pair as an escape
		{"a lone surrogate reads as U+FFFD", `{"type":"x","text":"a\ud800b\udfffc"}`, rec{"x", "a\uFFFDb\uFFFDc"}},
		{"a surrogate pair is one character", `{"type":"x","text":"\ud83d\ude00"}`, rec{"x", "😀"}},
		// as JSON.parse, the harness's reader, and v1
		{"a repeated name: the last wins", `{"type":"a","type":"b"}`, rec{Type: "b"}},
		// logs are written by programs with exact names (v1 ignored case)
		{"names match exactly", `{"TYPE":"a","Text":"b"}`, rec{}},
	} {
		var r rec
		if err := jsonline.Decode([]byte(c.line), "a record", &r); err != nil || r != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.name, r, err, c.want)
		}
	}
	// the same rules in every reader
	if v, err := jsonline.Any([]byte("{\"a\":\"\\ud800\xff\",\"a\":1}")); err != nil || !reflect.DeepEqual(v, map[string]any{"a": jsonline.Number("1")}) {
		t.Errorf("Any: %#v, %v", v, err)
	}
	if !jsonline.Valid([]byte("{\"a\":\"\\udc00\xff\",\"a\":1}")) {
		t.Error("Valid refuses what Unmarshal reads")
	}
}

// Shown JSON is the same text for the same value: members in name order,
// numbers as they were written, text as it is (no HTML escapes).
func TestMarshal(t *testing.T) {
	v := map[string]any{"b": jsonline.Number("1e400"), "a": []any{"<x> & y", true, 1.5}, "c": "\xff"}
	b, err := jsonline.Marshal(v)
	if want := "{\"a\":[\"<x> & y\",true,1.5],\"b\":1e400,\"c\":\"\uFFFD\"}"; err != nil || string(b) != want {
		t.Errorf("Marshal = %s, %v; want %s", b, err, want)
	}
}

// An absent member (no bytes at all) is an error that leaves the target as
// it was: v2 alone would allocate the pointer first.
func TestNothingLeavesTheTargetAlone(t *testing.T) {
	var p *int64
	if err := jsonline.Unmarshal(nil, &p); err == nil || p != nil {
		t.Errorf("Unmarshal(nil) = %v, left %v", err, p)
	}
	n := jsonline.Number("7")
	if err := jsonline.Unmarshal([]byte(" "), &n); err == nil || n != "7" {
		t.Errorf("Unmarshal(space) = %v, left %q", err, n)
	}
}
