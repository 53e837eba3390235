package cards

import (
	"testing"

	jsonv1 "github.com/go-json-experiment/json/v1"

	"github.com/deck-tui/deck/session"
)

// A call's input and a block deck has no card for read as encoding/json
// wrote them: keys sorted, HTML and JS characters escaped, invalid UTF-8 as
// \ufffd, false and empty fields left out.
func TestCompactJSONKeepsItsBytes(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{map[string]any{"b": "<a&b>\u2028", "a": jsonv1.Number("42"), "bad": "x\xffy", "list": []any{true, nil}},
			`{"a":"42","b":"\u003ca\u0026b\u003e\u2028","bad":"x\ufffdy","list":[true,null]}`},
		{session.ContentBlock{Type: "tool-result", ToolCallID: "c1", Content: []session.ContentBlock{{Type: "text", Text: "ok"}}},
			`{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"ok"}]}`},
	} {
		got, err := compactJSON(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("%#v:\n got %s (%v)\nwant %s", c.v, got, err, c.want)
		}
	}
}
