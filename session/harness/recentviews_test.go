package harness

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A call's tool/call event presents it as its message did, from the view
// kept (recentArgs): presenting it again costs no allocation. Another
// call, even of the same tool and arguments, has a view of its own.
func TestACallPresentedAgainCostsNothing(t *testing.T) {
	d := New(session.NewBuilder())
	c := &session.ToolCall{CallID: "c1", Name: "bash", Arguments: `{"command":"echo 1","description":"step 1"}`}
	first := d.callView(&record{}, c)
	if _, ok := first.(session.TerminalCallView); !ok {
		t.Fatalf("bash is presented as %#v", first)
	}
	if n := testing.AllocsPerRun(100, func() { d.callView(&record{}, c) }); n != 0 {
		t.Errorf("presenting a call again made %.0f allocations, want none", n)
	}
	other := *c
	if v, ok := d.recent.view(&other); ok {
		t.Errorf("another call of the same tool and arguments is given the first one's view: %#v", v)
	}
	c.Name = "write"
	if v, want := d.callView(&record{}, c), d.declared.Call("write", c.Arguments); !reflect.DeepEqual(v, want) {
		t.Errorf("the call renamed is presented as\n%#v\nnot\n%#v", v, want)
	}
}

// A view kept is of the tools' schemas it was presented with: when a
// request/header declares others between a call's message and its
// tool/call event, the event presents the call with the new ones, as it
// would from scratch.
func TestAViewKeptIsOfTheSchemasOfItsTime(t *testing.T) {
	message := `{"type":"assistant/message","seq":2,"time":2,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[` +
		`{"type":"tool-call","id":"c1","name":"bash","arguments":"{\"command\":\"ls\"}"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"a1"}}}`
	header := `{"type":"request/header","seq":3,"time":3,"data":{"header":{"tools":[{"name":"bash","parameters":{"type":"object",` +
		`"properties":{"command":{"type":"string"},"description":{"type":"string"}},"required":["command","description"]}}]}}}`
	call := `{"type":"tool/call","seq":4,"time":4,"data":{"turn":1,"step":1,"callId":"c1","name":"bash","arguments":"{\"command\":\"ls\"}"}}`
	b := session.NewBuilder()
	d := New(b)
	d.Apply(1, []byte(message))
	c := b.Call("c1")
	if c == nil {
		t.Fatalf("no call: %#v", b.Entries)
	}
	if _, ok := c.Call.(session.TerminalCallView); !ok {
		t.Fatalf("before the header, the call is presented as %#v", c.Call)
	}
	d.Apply(2, []byte(header))
	d.Apply(3, []byte(call))
	if want := d.declared.Call("bash", `{"command":"ls"}`); !reflect.DeepEqual(c.Call, want) {
		t.Errorf("after the header, the call is presented as\n%#v\nnot\n%#v", c.Call, want)
	}
	if _, ok := c.Call.(session.GenericCallView); !ok {
		t.Errorf("the declared bash needs a description: %#v", c.Call)
	}
}
