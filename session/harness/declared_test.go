package harness

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// The calls after a request/header are checked against its tool schemas
// (present.Declared): its enum, narrower than deck's, decides the card of
// the call and of its result; a header whose tools deck cannot read
// changes nothing, and the header stays bookkeeping.
func TestARequestHeadersSchemasCheckTheCallsAfterIt(t *testing.T) {
	header := `{"type":"request/header","seq":1,"time":1,"data":{"header":{"tools":[{"name":"write","parameters":{"type":"object",` +
		`"properties":{"file_path":{"type":"string"},"content":{"type":"string"},"sandbox_permissions":{"type":"string","enum":["danger-full-access"]}},` +
		`"required":["file_path","content"]}}]},"reason":"initial"}}`
	call := `{"type":"tool/call","seq":2,"time":2,"data":{"turn":1,"step":1,"callId":"c1","name":"write","arguments":"{\"file_path\":\"a\",\"content\":\"x\",\"sandbox_permissions\":\"workspace-write\"}"}}`
	result := `{"type":"tool/result","seq":3,"time":3,"data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"c1","content":[{"type":"text","text":"Created file a"}],"isError":false}}}`
	for _, c := range []struct {
		header  string
		generic bool
	}{
		{"", false},
		{header, true},
		{`{"type":"request/header","seq":1,"time":1,"data":{"header":{"tools":"{{tools}}"}}}`, false},
		{`{"type":"request/header","seq":1,"time":1,"data":{"header":{"tools":[{"name":"write","parameters":{"type":"object","properties":{"file_path":{"type":"string","pattern":"x"}}}}]}}}`, false},
		{`{"type":"request/header","seq":1,"time":1,"data":7}`, false},
	} {
		b := session.NewBuilder()
		d := New(b)
		n := 0
		for _, line := range []string{c.header, call, result} {
			if line != "" {
				n++
				d.Apply(n, []byte(line))
			}
		}
		var tc *session.ToolCall
		for _, e := range b.Entries {
			if x, ok := e.(*session.ToolCall); ok {
				tc = x
			}
		}
		if tc == nil || len(b.Entries) != 1 {
			t.Fatalf("%.60s: entries %#v", c.header, b.Entries)
		}
		_, genericCall := tc.Call.(session.GenericCallView)
		_, genericResult := tc.View.(session.GenericResultView)
		if genericCall != c.generic || genericResult != c.generic {
			t.Errorf("%.60s: call %#v, result %#v; want generic %v", c.header, tc.Call, tc.View, c.generic)
		}
	}
}
