package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// A call's input and a block deck has no card for read as encoding/json
// wrote them: keys sorted, HTML and JS characters escaped, invalid UTF-8 as
// \ufffd, false and empty fields left out.
func TestCompactJSONKeepsItsBytes(t *testing.T) {
	for _, c := range []struct {
		v    any
		want string
	}{
		{map[string]any{"b": "<a&b>\u2028", "bad": "x\xffy", "list": []any{true, nil}},
			`{"b":"\u003ca\u0026b\u003e\u2028","bad":"x\ufffdy","list":[true,null]}`},
		{session.ContentBlock{Type: "tool-result", ToolCallID: "c1", Content: []session.ContentBlock{{Type: "text", Text: "ok"}}},
			`{"type":"tool-result","toolCallId":"c1","content":[{"type":"text","text":"ok"}]}`},
	} {
		got, err := compactJSON(c.v)
		if err != nil || string(got) != c.want {
			t.Errorf("%#v:\n got %s (%v)\nwant %s", c.v, got, err, c.want)
		}
	}
}

// A number in a call's input shows as the log wrote it, not as a string.
func TestCallInputNumbersStayNumbers(t *testing.T) {
	log := `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}
{"type":"tool/call","seq":0,"time":1,"data":{"callId":"c","name":"mystery_tool","arguments":"{\"seq\":42,\"ratio\":0.5,\"big\":12345678901234567890}"}}
`
	s, err := source.ReadAll(strings.NewReader(log))
	if err != nil {
		t.Fatal(err)
	}
	got := ansi.Strip(strings.Join(Render(s.Call("c"), Options{Width: 120, Theme: theme.Dark(), Expanded: true}), "\n"))
	if !strings.Contains(got, `"seq":42`) || !strings.Contains(got, `"ratio":0.5`) || !strings.Contains(got, `"big":12345678901234567890`) {
		t.Fatalf("the input's numbers changed:\n%s", got)
	}
}
