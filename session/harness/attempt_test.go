package harness_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A model call that produced no message (v2's assistant/attempt) draws what
// it streamed, cut off, as v0's assistant/chunk events of the same call
// did: its thinking, its text, the call it had begun.
func TestAnAttemptDrawsWhatItStreamedAsV0Did(t *testing.T) {
	const turn = `{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}` + "\n"
	const end = `{"type":"turn/end","seq":9,"time":9,"data":{"turn":1,"reason":{"kind":"aborted","reason":{"kind":"user"}}}}` + "\n"
	v0 := sessiontest.FirstLine + turn +
		`{"type":"assistant/chunk","seq":1,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"reasoning"}}}` + "\n" +
		`{"type":"assistant/chunk","seq":2,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"reasoning-delta","index":0,"text":"hmm, "}}}` + "\n" +
		`{"type":"assistant/chunk","seq":3,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"reasoning-delta","index":0,"text":"let me see"}}}` + "\n" +
		`{"type":"assistant/chunk","seq":4,"time":3,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":1,"blockType":"text"}}}` + "\n" +
		`{"type":"assistant/chunk","seq":5,"time":3,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":1,"text":"Partial "}}}` + "\n" +
		`{"type":"assistant/chunk","seq":6,"time":3,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":1,"text":"answer"}}}` + "\n" +
		`{"type":"assistant/chunk","seq":7,"time":4,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":2,"id":"c1","name":"bash","argumentsDelta":"{\"command\":"}}}` + "\n" +
		end
	v5 := headerV5 + turn +
		`{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"interrupted":true,"stream":[` +
		`{"type":"chunk","time":2,"chunk":{"type":"block-start","index":0,"blockType":"reasoning"}},` +
		`{"type":"reasoning-chunks","time0":2,"index":0,"dt":[0],"texts":["hmm, ","let me see"]},` +
		`{"type":"chunk","time":3,"chunk":{"type":"block-start","index":1,"blockType":"text"}},` +
		`{"type":"text-chunks","time0":3,"index":1,"dt":[0],"texts":["Partial ","answer"]},` +
		`{"type":"tool-call-chunks","time0":4,"index":2,"dt":[],"id":"c1","name":"bash","args":["{\"command\":"]},` +
		`{"type":"chunk","time":4,"chunk":{"type":"usage","usage":{"inputTokens":3}}}` +
		`]}}` + "\n" + end
	old, now := sessiontest.ReadString(v0), sessiontest.ReadString(v5)
	sessiontest.NoNotices(t, old)
	sessiontest.NoNotices(t, now)
	if a, b := sessiontest.Shape(old), sessiontest.Shape(now); a != b {
		t.Fatalf("v5 draws %s\nv0 draws %s", b, a)
	}
	r := sessiontest.Of[*session.Reasoning](now)
	txt := sessiontest.Of[*session.AssistantText](now)
	calls := sessiontest.Calls(now)
	if len(r) != 1 || r[0].Text != "hmm, let me see" || !r[0].Cut || r[0].Time != 2 {
		t.Errorf("the thinking: %+v", r)
	}
	if len(txt) != 1 || txt[0].Text != "Partial answer" || !txt[0].Cut || txt[0].Streaming || txt[0].Time != 3 {
		t.Errorf("the text: %+v", txt)
	}
	if len(calls) != 1 || calls[0].Name != "bash" || calls[0].Arguments != `{"command":` || calls[0].Streaming {
		t.Errorf("the call begun: %+v", calls)
	}
}

// A failed call's line names its error under what it streamed; a retry's
// message in the same step is a reply of its own, the attempt's text kept
// as far as it came; a cancelled call that streamed nothing says so.
func TestAnAttemptEndsWhereItStopped(t *testing.T) {
	failed := headerV5 +
		`{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"stream":[` +
		`{"type":"text-chunks","time0":3,"index":0,"dt":[],"texts":["Half"]},` +
		`{"type":"chunk","time":4,"chunk":{"type":"finish","reason":{"kind":"error","failure":{"message":"overloaded","code":"529"}}}}]}}` + "\n" +
		`{"type":"assistant/message","seq":2,"time":6,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"Whole"}]}}}` + "\n"
	s := sessiontest.ReadString(failed)
	sessiontest.NoNotices(t, s)
	if got, want := sessiontest.Shape(s), "text:Half event:assistant/attempt text:Whole "; got != want {
		t.Fatalf("entries %q, want %q", got, want)
	}
	if txt := sessiontest.Of[*session.AssistantText](s); !txt[0].Cut || txt[1].Cut {
		t.Errorf("the failed call's text is not cut off, or the retry's is: %+v %+v", txt[0], txt[1])
	}
	if ev := sessiontest.Events(s, "assistant/attempt"); !ev[0].Failed || ev[0].Summary != "model call failed: overloaded (529)" {
		t.Errorf("the failure line: %+v", ev[0])
	}
	for stream, want := range map[string]string{
		`"interrupted":true,"stream":[]`: "model call cancelled before it streamed anything",
		`"stream":[]`:                    "model call ended without a message",
		`"stream":[7,{"type":"chunk"}]`:  "model call ended without a message",
	} {
		s := sessiontest.ReadString(headerV5 + `{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,` + stream + `}}` + "\n")
		sessiontest.NoNotices(t, s)
		if ev := sessiontest.Events(s, "assistant/attempt"); len(ev) != 1 || ev[0].Summary != want || ev[0].Failed {
			t.Errorf("%s: %+v, want %q", stream, ev, want)
		}
	}
	if s := sessiontest.ReadString(headerV5 + `{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"stream":{}}}` + "\n"); !strings.Contains(strings.Join(sessiontest.NoticeTexts(s), ""), "assistant/attempt") {
		t.Errorf("a stream that is no list is no notice: %v", sessiontest.NoticeTexts(s))
	}
}

// A live host sends a call's stream as assistant/chunk events, then the
// attempt that holds it again: what was drawn takes the attempt's text,
// never twice, and needs no "cancelled before it streamed" line.
func TestALiveAttemptAfterItsChunksDrawsThemOnce(t *testing.T) {
	e := harness.NewEvents()
	for _, l := range []string{
		strings.TrimSpace(headerV5),
		`{"type":"turn/start","seq":1,"time":1,"data":{"turn":1}}`,
		`{"type":"assistant/chunk","seq":2,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}`,
		`{"type":"assistant/chunk","seq":3,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"Partial"}}}`,
		`{"type":"assistant/chunk","seq":4,"time":3,"data":{"turn":1,"step":1,"chunk":{"type":"tool-call-delta","index":1,"id":"c1","name":"bash","argumentsDelta":"{\"command\":"}}}`,
		`{"type":"assistant/attempt","seq":5,"time":5,"data":{"turn":1,"step":1,"interrupted":true,"stream":[` +
			`{"type":"chunk","time":2,"chunk":{"type":"block-start","index":0,"blockType":"text"}},` +
			`{"type":"text-chunks","time0":2,"index":0,"dt":[0],"texts":["Partial"," answer"]},` +
			`{"type":"tool-call-chunks","time0":3,"index":1,"dt":[],"id":"c1","name":"bash","args":["{\"command\":"]}]}}`,
	} {
		e.Write([]byte(l), nil, "")
	}
	s := e.Session()
	sessiontest.NoNotices(t, s)
	if got, want := sessiontest.Shape(s), "turn text:Partial answer call:c1 "; got != want {
		t.Fatalf("entries %q, want %q", got, want)
	}
	if c := sessiontest.OnlyCall(t, s); c.Arguments != `{"command":` || !c.Unfinished {
		t.Errorf("the call begun: %+v", c)
	}
}

// A retry whose call takes the id of the call the failed attempt had begun
// is a card of its own, after the failure, never the old card.
func TestARetrysCallIsNotTheFailedAttempts(t *testing.T) {
	s := sessiontest.ReadString(headerV5 +
		`{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"stream":[` +
		`{"type":"tool-call-chunks","time0":3,"index":0,"dt":[],"id":"c1","name":"bash","args":["{\"command\":\"ls"]},` +
		`{"type":"chunk","time":4,"chunk":{"type":"finish","reason":{"kind":"error","failure":{"message":"reset","code":7}}}}]}}` + "\n" +
		`{"type":"assistant/message","seq":2,"time":6,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"tool-call","id":"c1","name":"bash","arguments":"{\"command\":\"ls -la\"}"}]}}}` + "\n")
	sessiontest.NoNotices(t, s)
	if got, want := sessiontest.Shape(s), "call:c1 event:assistant/attempt call:c1 "; got != want {
		t.Fatalf("entries %q, want %q", got, want)
	}
	calls := sessiontest.Calls(s)
	if !calls[0].Unfinished || calls[1].Arguments != `{"command":"ls -la"}` {
		t.Errorf("calls %+v %+v", calls[0], calls[1])
	}
	// a code that is a number is still a code; a failure of no words says so
	if ev := sessiontest.Events(s, "assistant/attempt"); ev[0].Summary != "model call failed: reset (7)" || !ev[0].Failed {
		t.Errorf("the line: %+v", ev[0])
	}
	s = sessiontest.ReadString(headerV5 + `{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"stream":[{"type":"chunk","time":4,"chunk":{"type":"finish","reason":{"kind":"error","failure":null}}}]}}` + "\n")
	if ev := sessiontest.Events(s, "assistant/attempt"); len(ev) != 1 || ev[0].Summary != "model call failed: no reason given" {
		t.Errorf("a failure of no words: %+v", ev)
	}
}

// What a live host's chunks drew and its attempt disagree on (a block of
// another kind, a block the attempt does not hold) is drawn as the log says
// it, as a fresh read of the log draws it.
func TestALiveAttemptThatDisagreesWithItsChunksIsDrawnAsTheLogSays(t *testing.T) {
	attemptOnly := func(stream string) string {
		return `{"type":"assistant/attempt","seq":5,"time":5,"data":{"turn":1,"step":1,"interrupted":true,"stream":[` + stream + `]}}`
	}
	for name, c := range map[string]struct{ chunks, stream string }{
		"another kind": {
			`{"type":"assistant/chunk","seq":2,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"AAA"}}}`,
			`{"type":"tool-call-chunks","time0":3,"index":0,"dt":[],"id":"x","name":"bash","args":["{}"]},{"type":"reasoning-chunks","time0":3,"index":1,"dt":[],"texts":["think"]}`,
		},
		"a block it does not hold": {
			`{"type":"assistant/chunk","seq":2,"time":2,"data":{"turn":1,"step":1,"chunk":{"type":"text-delta","index":0,"text":"drawn live"}}}`,
			``,
		},
	} {
		fresh := sessiontest.ReadString(headerV5 + `{"type":"turn/start","seq":1,"time":1,"data":{"turn":1}}` + "\n" + attemptOnly(c.stream) + "\n")
		e := harness.NewEvents()
		for _, l := range []string{strings.TrimSpace(headerV5), `{"type":"turn/start","seq":1,"time":1,"data":{"turn":1}}`, c.chunks, attemptOnly(c.stream)} {
			e.Write([]byte(l), nil, "")
		}
		if got, want := sessiontest.Shape(e.Session()), sessiontest.Shape(fresh); got != want {
			t.Errorf("%s: live %q, the log %q", name, got, want)
		}
	}
}

// Records of another kind than their index's block stream nothing into it,
// as v0's chunks did not: a call's arguments never become the text.
func TestAnAttemptsBlockKeepsItsKind(t *testing.T) {
	s := sessiontest.ReadString(headerV5 + `{"type":"assistant/attempt","seq":1,"time":5,"data":{"turn":1,"step":1,"stream":[` +
		`{"type":"chunk","time":2,"chunk":{"type":"block-start","index":0,"blockType":"text"}},` +
		`{"type":"tool-call-chunks","time0":2,"index":0,"dt":[],"id":"z","name":"bash","args":["{\"command\":\"rm -rf /\"}"]},` +
		`{"type":"text-chunks","time0":2,"index":0,"dt":[],"texts":["txt"]},` +
		`{"type":"chunk","time":3,"chunk":{"type":"block-start","index":1,"blockType":"image"}},` +
		`{"type":"text-chunks","time0":3,"index":1,"dt":[],"texts":["after image"]}]}}` + "\n")
	if got, want := sessiontest.Shape(s), "text:txt text:after image "; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
}
