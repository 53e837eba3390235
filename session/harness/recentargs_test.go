package harness_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/present"
)

// A call's tool/call event and its result are presented with the
// arguments its model's message parsed, while they are among the recent
// ones, and parsed again past them: either way as a call presented from
// scratch. A message of 40 calls is more than are kept; they come back in
// reverse, so the first ones are long gone.
func TestACallPresentedAgainIsPresentedAsFromScratch(t *testing.T) {
	const calls = 40
	var blocks, events, results []string
	for i := range calls {
		args := fmt.Sprintf(`{\"command\":\"echo %d\",\"description\":\"step %d\"}`, i, i)
		blocks = append(blocks, fmt.Sprintf(`{"type":"tool-call","id":"c%d","name":"bash","arguments":"%s"}`, i, args))
		events = append([]string{fmt.Sprintf(`{"seq":%d,"time":3,"type":"tool/call","data":{"turn":1,"step":1,"callId":"c%d","name":"bash","arguments":"%s"}}`+"\n", 100+i, i, args)}, events...)
		results = append([]string{fmt.Sprintf(`{"seq":%d,"time":4,"type":"tool/result","data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c%d"},"content":[{"type":"tool-result","toolCallId":"c%d","content":[{"type":"text","text":"%d\n[exit code: 0]"}],"isError":false}],"role":"user","id":"r%d"}},"surfaceOp":"append"}`+"\n", 200+i, i, i, i, i)}, results...)
	}
	log := headerV5 + `{"seq":1,"time":1,"type":"turn/start","data":{"turn":1}}` + "\n" +
		`{"seq":2,"time":2,"type":"assistant/message","data":{"turn":1,"step":1,"message":{"role":"assistant","content":[` + strings.Join(blocks, ",") + `],"source":{"kind":"model","provider":"p","model":"m"},"id":"a1"}},"surfaceOp":"append"}` + "\n" +
		strings.Join(events, "") + strings.Join(results, "")
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	got := sessiontest.Calls(s)
	if len(got) != calls {
		t.Fatalf("%d calls, not %d: %s", len(got), calls, sessiontest.Shape(s))
	}
	for _, c := range got {
		if want := present.Call(c.Name, c.Arguments); !reflect.DeepEqual(c.Call, want) {
			t.Errorf("%s: the call is presented as\n%#v\nnot\n%#v", c.CallID, c.Call, want)
		}
		if want := present.Result(c.Name, c.Arguments, c.Result); c.Result == nil || !reflect.DeepEqual(c.View, want) {
			t.Errorf("%s: the result is presented as\n%#v\nnot\n%#v", c.CallID, c.View, want)
		}
	}
}
