package harness_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A v2+ message's blocks are stamped when their streams began (the first
// record of each index), as v0's first chunks stamped them; a block whose
// stream says nothing, or a stream that does not fit, keeps the message's
// time, and the message is never lost for it.
func TestAMessageIsStampedWhenItsStreamBegan(t *testing.T) {
	message := func(stream string) string {
		return headerV5 + `{"type":"assistant/message","seq":0,"time":900,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"reasoning","text":"hm"},{"type":"text","text":"hi"},{"type":"tool-call","id":"c1","name":"bash","arguments":"{}"}]},"stream":` + stream + `},"surfaceOp":"append"}` + "\n"
	}
	for stream, want := range map[string][3]int64{
		`[{"type":"chunk","time":100,"chunk":{"type":"block-start","index":0,"blockType":"reasoning"}},` +
			`{"type":"reasoning-chunks","time0":110,"index":0,"dt":[],"texts":["hm"]},` +
			`{"type":"text-chunks","time0":200,"index":1,"dt":[5],"texts":["h","i"]},` +
			`{"type":"chunk","time":300,"chunk":{"type":"tool-call-delta","index":2,"id":"c1","argumentsDelta":"{}"}},` +
			`{"type":"chunk","time":400,"chunk":{"type":"finish","reason":{"kind":"tool-calls"}}}]`: {100, 200, 300},
		`[{"type":"text-chunks","time0":200,"index":1,"dt":[5],"texts":["h","i"]}]`:                    {900, 200, 900},
		`[{"type":"text-chunks","time0":"soon","index":1},{"type":"chunk","time":7,"chunk":"odd"}, 3]`: {900, 900, 900},
		`"not a list"`: {900, 900, 900},
		`null`:         {900, 900, 900},
	} {
		s := sessiontest.ReadString(message(stream))
		sessiontest.NoNotices(t, s)
		var got []int64
		for _, e := range s.Entries {
			switch e.(type) {
			case *session.Reasoning, *session.AssistantText, *session.ToolCall:
				got = append(got, session.Base(e).Time)
			}
		}
		if len(got) != 3 || [3]int64(got) != want {
			t.Errorf("stream %s: times %v, want %v", strings.TrimSpace(stream)[:min(40, len(stream))], got, want)
		}
	}
}
