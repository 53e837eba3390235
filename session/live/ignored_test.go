package live

import (
	"maps"
	"strconv"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/live/livetest"
)

// Frames of kinds or methods deck has no use for, a newer host's
// (desktop/status, a server-notification) and the host stream's it does not
// act on, are skipped with a count by name, never a problem; the turn goes
// on and the frames deck uses are still applied.
func TestFramesDeckDoesNotKnowAreCountedNotErrors(t *testing.T) {
	h := livetest.New(t, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	h.Send(map[string]any{"type": "desktop/status", "ready": true})
	h.Send(map[string]any{"type": "session/future-thing", "sessionId": id, "anything": []int{1, 2}})
	h.Send(map[string]any{"type": "session/future-thing", "sessionId": id})
	h.Send(livetest.Raw(`{"type":"server-notification","method":"session/event","payload":{"type":"session/event","sessionId":"` + id + `"}}`))
	h.Send(livetest.Raw(`{"type":"server-request","rpcId":"r1","method":"session/jobs","payload":{"sessionId":"` + id + `","jobs":[]}}`))
	h.Send(livetest.Raw(`{"type":"server-request","rpcId":"r2","payload":{"sessionId":"` + id + `"}}`))
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
	got := s.w.Ignored()
	want := map[string]int{"desktop/status": 1, "session/future-thing": 2, "server-notification": 1,
		"session/jobs": 1, untypedFrame: 1}
	for name, n := range want {
		if got[name] != n {
			t.Errorf("ignored %v, want %v", got, want)
			break
		}
	}
	for typ := range maps.Keys(got) {
		if usedFrames[typ] {
			t.Errorf("a frame deck uses, %s, counted as ignored", typ)
		}
	}
}

// What a downlink message is: the envelope's type says its kind (only a
// server-request is a frame deck acts on), the payload's type says which
// frame it is, as the harness's own clients read it, and the method names
// it when the payload has no type. Whatever deck does not use is ignored
// under that name; a frame deck uses whose fields are wrong, and a message
// that is no JSON object at all, are errors.
func TestReadFrameIgnoresWhatDeckDoesNotUse(t *testing.T) {
	for _, c := range []struct {
		name, msg     string
		ignored, used string // the name it is ignored under, or the frame it is
		err           string // what the error says, when it is one
	}{
		{name: "a kind deck does not know", msg: `{"type":"server-notification","method":"session/event","payload":{"type":"session/event","sessionId":"s","event":{}}}`,
			ignored: "server-notification"},
		{name: "a client's kind on the downlink", msg: `{"type":"server-response","rpcId":"r","result":{"ok":true}}`,
			ignored: "server-response"},
		{name: "a kind that is not text", msg: `{"type":7,"payload":{"type":"session/event"}}`, ignored: untypedFrame},
		{name: "no kind", msg: `{"rpcId":"r","payload":{"type":"session/event","sessionId":"s","event":{}}}`, ignored: untypedFrame},
		{name: "an unknown method, its payload untyped", msg: `{"type":"server-request","rpcId":"r","method":"session/jobs","payload":{"sessionId":"s"}}`,
			ignored: "session/jobs"},
		{name: "an unknown method", msg: `{"type":"server-request","rpcId":"r","method":"session/brand-new","payload":{"type":"session/brand-new"}}`,
			ignored: "session/brand-new"},
		{name: "a payload that is no object", msg: `{"type":"server-request","rpcId":"r","method":"host/remote-event","payload":[1,2]}`,
			ignored: "host/remote-event"},
		{name: "neither method nor payload type", msg: `{"type":"server-request","rpcId":"r","payload":{"sessionId":"s"}}`,
			ignored: untypedFrame},
		{name: "no payload", msg: `{"type":"server-request","rpcId":"r"}`, ignored: untypedFrame},
		{name: "a known frame", msg: `{"type":"server-request","rpcId":"r","method":"session/subscribed","payload":{"type":"session/subscribed","sessionId":"s","lastSeq":4}}`,
			used: "session/subscribed"},
		{name: "the payload's type decides", msg: `{"type":"server-request","rpcId":"r","method":"events.mux","payload":{"type":"session/subscribed","sessionId":"s","lastSeq":4}}`,
			used: "session/subscribed"},
		{name: "the method names an untyped payload", msg: `{"type":"server-request","rpcId":"r","method":"session/subscribed","payload":{"sessionId":"s","lastSeq":4}}`,
			used: "session/subscribed"},
		{name: "a known frame without its fields", msg: `{"type":"server-request","rpcId":"r","method":"session/event","payload":{"type":"session/event","sessionId":"s"}}`,
			err: "a session/event frame without event"},
		{name: "a known frame of the wrong shape", msg: `{"type":"server-request","rpcId":"r","method":"host/session-status","payload":{"type":"host/session-status","running":"yes"}}`,
			err: "a host/session-status frame that does not read"},
		{name: "a known method, its payload no object", msg: `{"type":"server-request","rpcId":"r","method":"session/queue","payload":"x"}`,
			err: "a session/queue frame whose payload is no object"},
		{name: "a known method, its payload null", msg: `{"type":"server-request","rpcId":"r","method":"session/queue","payload":null}`,
			err: "a session/queue frame whose payload is no object"},
		{name: "a known method without a payload", msg: `{"type":"server-request","rpcId":"r","method":"session/queue"}`,
			err: "a session/queue frame whose payload is no object"},
		{name: "not JSON", msg: `{"type":"server-request",`, err: "not JSON"},
		{name: "JSON that is no object", msg: `["server-request"]`, err: "not a frame: a JSON array"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fr, err := readFrame([]byte(c.msg))
			switch {
			case c.err != "":
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("error %v, want it to say %q", err, c.err)
				}
			case err != nil:
				t.Errorf("error %v, want the frame ignored as %q or used as %q", err, c.ignored, c.used)
			case fr.ignored != c.ignored || fr.Type != c.used:
				t.Errorf("ignored as %q, used as %q; want %q, %q", fr.ignored, fr.Type, c.ignored, c.used)
			}
		})
	}
}

// The names frames are ignored under are the host's: a host that sends
// frames of ever new names, or of huge ones, grows the count by a bounded
// number of names; every frame is still counted.
func TestIgnoredNamesAreBounded(t *testing.T) {
	var n ignoredFrames
	n.add("session/jobs")
	n.add(strings.Repeat("x", 1<<20))
	for i := range 10_000 {
		n.add("session/new-" + strconv.Itoa(i))
	}
	n.add("session/jobs")
	total := 0
	for name, c := range n.byType {
		total += c
		if len(name) > maxIgnoredName {
			t.Errorf("a name of %d bytes kept", len(name))
		}
	}
	if len(n.byType) > maxIgnoredNames+1 || total != 10_003 || n.byType["session/jobs"] != 2 {
		t.Errorf("%d names counting %d frames (session/jobs: %d), want at most %d names counting 10003",
			len(n.byType), total, n.byType["session/jobs"], maxIgnoredNames+1)
	}
}
