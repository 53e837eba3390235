package harness

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// A live host streams a call's arguments in deltas: between two, the call
// shows its command so far, never the raw JSON; once whole, the call as
// it is.
func TestAStreamingCallShowsItsCommandSoFar(t *testing.T) {
	r := NewEvents()
	delta := func(seq, args string) {
		r.Write([]byte(`{"type":"assistant/chunk","seq":`+seq+`,"time":1,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":0,"id":"c","name":"bash","argumentsDelta":`+args+`}}}`), nil, "")
	}
	delta("1", `"{\"command\":\"echo hel"`)
	c := r.Session().Call("c")
	if c == nil || !c.Streaming {
		t.Fatalf("no streaming call: %#v", c)
	}
	if v, ok := c.Call.(session.TerminalCallView); !ok || v.Title != "echo hel" {
		t.Fatalf("mid-string: call view %#v, want the command so far", c.Call)
	}
	delta("2", `"lo\", \"description\": \"greet\"}"`)
	if v, ok := c.Call.(session.TerminalCallView); !ok || v.Title != "echo hello" || v.Description != "greet" {
		t.Fatalf("whole: call view %#v", c.Call)
	}
}
