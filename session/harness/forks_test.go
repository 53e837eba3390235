package harness_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

func headerOf(version, extra string) string {
	return `{"type":"session","version":` + version + `,"id":"s","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0` + extra + "}\n"
}

const prompt = `{"type":"user/message","seq":0,"time":1,"data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"role":"user","id":"m"},"surfaceOp":"append"}` + "\n"

// A number past v4 is a fork's, and forks numbered differently: the log is
// drawn by what deck knows of its content, and each event it does not know
// is a notice where the event was, never dropped.
func TestAForkNumberedLogIsReadByContent(t *testing.T) {
	log := headerOf("5", "") + prompt +
		`{"type":"agent/stall-report","seq":1,"time":2,"data":{"why":"?"}}` + "\n" +
		`{"type":"turn/end","seq":2,"time":3,"data":{"turn":1,"reason":{"kind":"completed"}}}` + "\n"
	s := sessiontest.ReadString(log)
	if s.Header.Unsupported != nil {
		t.Fatalf("a fork's v5 is not read: %v", s.Header.Unsupported)
	}
	if got := s.Header.Fork.Known; !slices.Equal(got, []string{"quockhang", "TnzGit", "ArthitDev", "CoHarness"}) {
		t.Errorf("the forks known to write a v5: %v", got)
	}
	if got, want := sessiontest.Shape(s), "user notice:line 3: unknown event `agent/stall-report`: format v5 is a fork's, and deck does not know this event of it end:completed "; got != want {
		t.Errorf("entries %q, want %q", got, want)
	}
	for _, v := range []string{"0", "4"} {
		if f := sessiontest.ReadString(headerOf(v, "") + prompt).Header.Fork; f.Numbered() {
			t.Errorf("v%s is the harness's own, yet read as a fork's: %+v", v, f)
		}
	}
}

// What only one fork writes gives its log away, in a log numbered as a
// fork's; in a log of the harness's own numbers it says nothing.
func TestAForkIsKnownByWhatOnlyItWrites(t *testing.T) {
	for name, c := range map[string]struct{ version, extra, events, fork string }{
		"TnzGit's recovery event": {"5", "", `{"type":"agent/degenerate-response","seq":1,"time":2,"data":{}}`, "TnzGit"},
		"ArthitDev's producer":    {"5", "", `{"type":"user/message","seq":1,"time":2,"data":{"content":[{"type":"text","text":"scan"}],"source":{"kind":"recon-engine"},"role":"user","id":"r"},"surfaceOp":"append"}`, "ArthitDev"},
		"quockhang's turn end":    {"5", "", `{"type":"turn/end","seq":1,"time":2,"data":{"turn":1,"reason":{"kind":"max-steps"}}}`, "quockhang"},
		"quockhang's governance":  {"6", "", `{"type":"task/created","seq":1,"time":2,"data":{"metadata":{}}}`, "quockhang"},
		"CoHarness's header":      {"6", `,"sshTarget":{"host":"build"}`, "", "CoHarness"},
		"CoHarness's gateway":     {"7", "", `{"type":"gateway/execution","seq":1,"time":2,"data":{}}`, "CoHarness"},
		"a v4 with a fork's sign": {"4", "", `{"type":"agent/degenerate-response","seq":1,"time":2,"data":{}}`, ""},
		"a v4 ending a turn so":   {"4", "", `{"type":"turn/end","seq":1,"time":2,"data":{"turn":1,"reason":{"kind":"max-steps"}}}`, ""},
		"a v5 with no sign":       {"5", "", `{"type":"turn/end","seq":1,"time":2,"data":{"turn":1,"reason":{"kind":"completed"}}}`, ""},
	} {
		s := sessiontest.ReadString(headerOf(c.version, c.extra) + prompt + c.events + "\n")
		if got := s.Header.Fork.Name; got != c.fork {
			t.Errorf("%s: the fork is %q, want %q", name, got, c.fork)
		}
		if n := sessiontest.NoticeTexts(s); c.fork == "TnzGit" && (len(n) != 1 || !strings.Contains(n[0], "an event of TnzGit's format v5 that deck does not know")) {
			t.Errorf("%s: the unknown event is not worded as the fork's: %v", name, n)
		}
	}
}

// The fork a log is named by is the first sign seen: a later sign of
// another fork (a log that merged two) does not rename it.
func TestTheFirstSignNamesTheFork(t *testing.T) {
	s := sessiontest.ReadString(headerOf("5", "") +
		`{"type":"turn/end","seq":0,"time":1,"data":{"turn":1,"reason":{"kind":"max-steps"}}}` + "\n" +
		`{"type":"agent/degenerate-response","seq":1,"time":2,"data":{}}` + "\n")
	if f := s.Header.Fork; f.Name != "quockhang" || f.Sign != "max-steps turn ends" {
		t.Errorf("fork %+v, want quockhang by its max-steps turn ends", f)
	}
	if e := sessiontest.Of[*session.TurnEnd](s); len(e) != 1 || e[0].Reason != "max-steps" {
		t.Errorf("the turn end is not drawn: %v", e)
	}
}
