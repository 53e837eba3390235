package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// turnSteps is the step times of a session's first turn.
func turnSteps(t *testing.T, s *session.Session) session.StepTimes {
	t.Helper()
	sessiontest.NoNotices(t, s)
	for _, e := range s.Entries {
		if ts, ok := e.(*session.TurnStart); ok {
			return ts.Steps
		}
	}
	t.Fatal("no turn")
	return session.StepTimes{}
}

// In a v0 log the first token is the first assistant/chunk, or member of
// a packed row, that brings text, arguments or a call's name: a block's
// start and an empty delta bring none (the web client's rule). Here the
// step starts at 100, a block starts at 150, an empty delta comes at 160,
// a packed row's members at 200 ("") and 250 ("Hi"): the first token is at
// 250, 150 after the start. The message at 400 reports 5 output tokens:
// model time 300, decoding 400−250 = 150 for 5 tokens.
func TestAV0StepsFirstTokenIsItsFirstDeltaWithText(t *testing.T) {
	s := sessiontest.ReadString(`{"type":"session","version":0,"id":"v0","createdAt":1,"delegationDepth":0}
{"type":"turn/start","seq":0,"time":100,"data":{"turn":1}}
{"type":"step/start","seq":1,"time":100,"data":{"turn":1,"step":1}}
{"type":"assistant/chunk","seq":2,"time":150,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}
{"type":"assistant/chunk","seq":3,"time":160,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":""}}}
{"type":"text-chunks","seq0":4,"time0":200,"data":{"turn":1,"step":1,"index":0,"dt":[50,10],"texts":["","Hi"," there"]}}
{"type":"assistant/message","seq":7,"time":400,"data":{"turn":1,"step":1,"content":[{"type":"text","text":"Hi there"}],"usage":{"inputTokens":10,"outputTokens":5}}}
{"type":"step/end","seq":8,"time":400,"data":{"turn":1,"step":1}}
{"type":"turn/end","seq":9,"time":400,"data":{"turn":1,"reason":{"kind":"completed"}}}
`)
	want := session.StepTimes{Recorded: true, Ended: 1, Timed: 1, Model: 300, FirstToken: 150, FirstTokenSteps: 1, Decode: 150, DecodeTokens: 5}
	if got := turnSteps(t, s); got != want {
		t.Errorf("step times %+v\nwant       %+v", got, want)
	}
}

// A call's delta that names the call is its first token, though it
// brings no arguments yet; a message that reports no usage has its first
// token timed but no decoding; a step still running when the log ends is
// not counted, and a step's second message adds nothing.
func TestACallsNameIsAToken(t *testing.T) {
	s := sessiontest.ReadString(`{"type":"session","version":0,"id":"v0","createdAt":1,"delegationDepth":0}
{"type":"turn/start","seq":0,"time":100,"data":{"turn":1}}
{"type":"step/start","seq":1,"time":100,"data":{"turn":1,"step":1}}
{"type":"assistant/chunk","seq":2,"time":130,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":0,"id":"c1","name":"read","argumentsDelta":""}}}
{"type":"assistant/message","seq":3,"time":300,"data":{"turn":1,"step":1,"content":[{"type":"tool-call","id":"c1","name":"read","arguments":"{}"}]}}
{"type":"assistant/message","seq":4,"time":900,"data":{"turn":1,"step":1,"content":[{"type":"text","text":"again"}],"usage":{"inputTokens":1,"outputTokens":99}}}
{"type":"step/end","seq":5,"time":300,"data":{"turn":1,"step":1}}
{"type":"step/start","seq":6,"time":1000,"data":{"turn":1,"step":2}}
`)
	want := session.StepTimes{Recorded: true, Ended: 1, Timed: 1, Model: 200, FirstToken: 30, FirstTokenSteps: 1}
	if got := turnSteps(t, s); got != want {
		t.Errorf("step times %+v\nwant       %+v", got, want)
	}
}

// A log whose events carry no time (the harness's snapshot fixtures leave
// them out) times no step, though its streams' records carry times: a step
// measured from 0 would have taken 170 years to its first token.
func TestAStepWithNoTimeIsNotTimed(t *testing.T) {
	s := sessiontest.ReadString(`{"type":"session","version":5,"id":"snap","createdAt":1,"isSeeded":false,"delegationDepth":0}
{"type":"turn/start","data":{"turn":1}}
{"type":"step/start","data":{"turn":1,"step":1}}
{"type":"assistant/message","data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"Hi"}],"source":{"kind":"model"},"id":"a"},"usage":{"inputTokens":3,"outputTokens":4},"stream":[{"type":"text-chunks","time0":5366098083140,"index":0,"dt":[],"texts":["Hi"]}]},"surfaceOp":"append"}
{"type":"step/end","data":{"turn":1,"step":1}}
`)
	want := session.StepTimes{Recorded: true, Ended: 1}
	if got := turnSteps(t, s); got != want {
		t.Errorf("step times %+v\nwant       %+v", got, want)
	}
}
