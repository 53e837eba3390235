package harness_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Every line of every corpus log is accounted for, and the corpus holds
// nothing deck cannot read.
func TestCorpusReadsWithoutNotices(t *testing.T) {
	for _, p := range sessiontest.CorpusLogs(t) {
		s, err := source.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Account.Balanced() {
			t.Errorf("%s: lines not accounted for: %+v", p, s.Account)
		}
		if n := s.Notices(); len(n) > 0 {
			t.Errorf("%s: %s", p, n[0].Text)
		}
		if !s.Header.Present || s.Title == "" {
			t.Errorf("%s: header or title missing", p)
		}
	}
}

const header = `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n"

// A reply grows in place while it streams, and its message commits it in
// the same entry; blocks the message does not hold go.
func TestStreamingGrowsInPlaceUntilTheMessageCommits(t *testing.T) {
	r := source.NewReader()
	r.Write([]byte(header +
		`{"type":"assistant/chunk","seq":0,"time":1,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":0,"blockType":"text"}}}` + "\n" +
		`{"type":"text-chunks","seq0":1,"time0":2,"data":{"turn":1,"step":1,"index":0,"dt":[1,1],"texts":["Hel","lo ","wor"]}}` + "\n"))
	s := r.Session()
	if len(s.Entries) != 1 {
		t.Fatalf("entries: %s", sessiontest.Shape(s))
	}
	text, ok := s.Entries[0].(*session.AssistantText)
	if !ok || text.Text != "Hello wor" || !text.Streaming {
		t.Fatalf("streaming entry: %+v", s.Entries[0])
	}
	id, rev := text.ID, text.Rev
	r.Write([]byte(`{"type":"assistant/chunk","seq":4,"time":5,"data":{"turn":1,"step":1,"chunk":{"type":"block-start","index":1,"blockType":"reasoning"}}}` + "\n" +
		`{"type":"assistant/message","seq":5,"time":6,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"Hello world"}]}}}` + "\n"))
	if len(s.Entries) != 1 {
		t.Fatalf("the streamed reasoning the message does not hold should go: %s", sessiontest.Shape(s))
	}
	text = s.Entries[0].(*session.AssistantText)
	if text.ID != id || text.Rev <= rev || text.Text != "Hello world" || text.Streaming {
		t.Fatalf("commit: %+v", text)
	}
}

// Calls and results that do not pair simply all show: a result without its
// call, a call without a result, parallel calls, a reused id, a second result.
func TestCallsAndResultsPairByID(t *testing.T) {
	s, err := source.Open(sessiontest.Testdata + "/fixtures/pairing.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var calls []*session.ToolCall
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok {
			calls = append(calls, c)
		}
	}
	if len(calls) != 6 {
		t.Fatalf("want 6 call cards, got %d: %s", len(calls), sessiontest.Shape(s))
	}
	ghost, a, b, reused, second, never := calls[0], calls[1], calls[2], calls[3], calls[4], calls[5]
	if !ghost.Orphan || ghost.Status() != session.CallDone {
		t.Errorf("a result without its call: %+v", ghost)
	}
	if a.CallID != "p1" || a.Name != "read" || b.CallID != "p2" || a.View.Card() != "read" || b.View.Card() != "read" {
		t.Errorf("parallel calls keep their order and get their own results: %+v %+v", a, b)
	}
	if reused.CallID != "p1" || reused.Name != "bash" || reused == a {
		t.Errorf("a reused id starts a new call: %+v", reused)
	}
	if !second.Duplicate || second.Name != "bash" {
		t.Errorf("a second result shows on its own: %+v", second)
	}
	if never.Result != nil || !never.Unfinished {
		t.Errorf("a call without a result is unfinished once its turn ends: %+v", never)
	}
	if !s.Account.Balanced() {
		t.Errorf("accounting: %+v", s.Account)
	}
}

// Lines that are not events become notices in their place, naming the line;
// the events around them still read.
func TestBadLinesBecomeNoticesInPlace(t *testing.T) {
	s, err := source.Open(sessiontest.Testdata + "/fixtures/bad-json.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"line 4: not JSON",
		"line 5: not JSON: \"this is not JSON at all\"",
		"line 6: not an event: a JSON array",
		"line 7: not an event: no \"type\"",
		"line 9: `tool/call` event does not fit its shape: field \"arguments\" is a JSON number",
		"line 10: `tool/result` event does not fit its shape: it is a JSON string, not an object",
	}
	notices := s.Notices()
	if len(notices) != len(want) {
		t.Fatalf("notices: %s", sessiontest.Shape(s))
	}
	for i, w := range want {
		if !strings.HasPrefix(notices[i].Text, w) {
			t.Errorf("notice %d: %q, want it to start %q", i, notices[i].Text, w)
		}
	}
	last, ok := s.Entries[len(s.Entries)-1].(*session.UserMessage)
	if !ok || !strings.Contains(session.TextOf(last.Content), "no newline") {
		t.Errorf("the last line, with no newline, was not read: %s", sessiontest.Shape(s))
	}
	if !s.Account.Balanced() || s.Account.Lines != 11 {
		t.Errorf("accounting: %+v", s.Account)
	}

	s = sessiontest.ReadString(header + `{"type":"future/thing","seq":0,"time":1,"data":{}}` + "\n")
	if n := s.Notices(); len(n) != 1 || n[0].Text != "line 2: unknown event `future/thing`: the log is from a newer harness than deck knows" {
		t.Errorf("unknown event: %v", sessiontest.Shape(s))
	}
}

func TestUserMessagesAreToldApartBySource(t *testing.T) {
	msg := func(source, op string) string {
		return `{"type":"user/message","seq":0,"time":1,"data":{"content":[{"type":"text","text":"x"}],"source":` + source + `}` + op + "}\n"
	}
	for _, c := range []struct {
		line string
		want session.MessageRole
	}{
		{msg(`{"kind":"user"}`, ""), session.RoleHuman},
		{msg(`{"kind":"plugin","plugin":"@deepseek-ai/dsh-system-prompt","form":"snapshot"}`, ""), session.RoleContext},
		{msg(`{"kind":"plugin","plugin":"user-approval"}`, ""), session.RoleInjected},
		{msg(`{"kind":"workspace-instructions"}`, ""), session.RoleInjected},
		{msg(`{"kind":"plugin","plugin":"compact"}`, `,"surfaceOp":{"op":"replace","start":0,"end":3}`), session.RoleSummary},
	} {
		s := sessiontest.ReadString(header + c.line)
		m, ok := s.Entries[0].(*session.UserMessage)
		if !ok || m.Role != c.want {
			t.Errorf("%s: role %v, want %v", c.line, m.Role, c.want)
		}
	}
}

// The flat tool/result shape of older logs pairs and presents as well.
func TestLegacyToolResultShape(t *testing.T) {
	s := sessiontest.ReadString(header +
		`{"type":"tool/call","seq":0,"time":1,"data":{"turn":1,"step":1,"callId":"c","name":"bash","arguments":"{\"command\":\"ls\",\"description\":\"List\"}"}}` + "\n" +
		`{"type":"tool/result","seq":1,"time":2,"data":{"turn":1,"step":1,"callId":"c","content":[{"type":"text","text":"a\n[exit code: 3]"}],"isError":false}}` + "\n")
	c := s.Call("c")
	v, ok := c.View.(session.TerminalResultView)
	if !ok || v.Output != "a" || v.ExitCode == nil || *v.ExitCode != 3 {
		t.Fatalf("view: %#v", c.View)
	}
}

// A log line of several megabytes (a big tool result) reads like any other.
func TestHugeLinesRead(t *testing.T) {
	big := strings.Repeat("0123456789abcdef", 5<<20/16)
	line := `{"type":"tool/call","seq":0,"time":1,"data":{"turn":1,"step":1,"callId":"c","name":"bash","arguments":"{\"command\":\"cat big\",\"description\":\"Print it\"}"}}` + "\n" +
		`{"type":"tool/result","seq":1,"time":2,"data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c"},"content":[{"type":"tool-result","toolCallId":"c","content":[{"type":"text","text":"` + big + `"}],"isError":false}]}}}` + "\n"
	s := sessiontest.ReadBytes([]byte(header+line), 64<<10)
	v, ok := s.Call("c").View.(session.TerminalResultView)
	if !ok || len(v.Output) != len(big) || len(s.Notices()) != 0 {
		t.Fatalf("a %d-byte line: %T %d", len(big), s.Call("c").View, len(v.Output))
	}
}
