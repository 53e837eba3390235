// Package sessiontest holds what the readers' tests share: where the corpus
// copies and fixtures are, reading a log held in memory through the same
// Reader deck uses, and a session's shape in a line, for comparing two reads.
package sessiontest

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
)

// Testdata is where the golden package keeps the corpus copies and fixtures.
var Testdata = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..", "golden", "testdata")
}()

// CorpusLogs lists the harness's scenario logs and the live host's logs.
func CorpusLogs(t *testing.T) []string {
	t.Helper()
	a, _ := filepath.Glob(Testdata + "/harness/*/session.jsonl")
	b, _ := filepath.Glob(Testdata + "/harness/live/session-logs/*/session.jsonl*")
	if len(a) != 14 || len(b) < 15 {
		t.Fatalf("corpus incomplete: %d scenarios, %d live logs", len(a), len(b))
	}
	return append(a, b...)
}

// ReadFile reads a file the test needs, failing the test when it cannot.
func ReadFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// ReadBytes reads a log from memory, fed in chunks of size n.
func ReadBytes(b []byte, n int) *session.Session {
	r := source.NewReader()
	for len(b) > 0 {
		k := min(n, len(b))
		r.Write(b[:k])
		b = b[k:]
	}
	r.Close()
	return r.Session()
}

// ReadString reads a log given as text.
func ReadString(text string) *session.Session { return ReadBytes([]byte(text), 1<<20) }

// Shape is a session's entries in a line, for comparing two reads of one log.
func Shape(s *session.Session) string {
	var b bytes.Buffer
	for _, e := range s.Entries {
		b.WriteString(EntryKind(e))
		b.WriteByte(' ')
	}
	return b.String()
}

// EntryKind names an entry by its kind and what tells it apart.
func EntryKind(e session.Entry) string {
	switch x := e.(type) {
	case *session.UserMessage:
		return "user"
	case *session.AssistantText:
		return "text:" + x.Text
	case *session.Reasoning:
		return "reasoning"
	case *session.ToolCall:
		return "call:" + x.CallID
	case *session.TurnStart:
		return "turn"
	case *session.TurnEnd:
		return "end:" + x.Reason
	case *session.Plan:
		return "plan"
	case *session.Event:
		return "event:" + x.Kind
	case *session.Notice:
		return "notice:" + x.Text
	}
	return "?"
}

// FirstLine is the first line of a deepseek-harness log (its session
// record), for logs written in a test.
const FirstLine = `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n"

// Of is the session's entries of one kind, in order.
func Of[T session.Entry](s *session.Session) []T {
	var out []T
	for _, e := range s.Entries {
		if x, ok := e.(T); ok {
			out = append(out, x)
		}
	}
	return out
}

// TurnUsage is the usage counted in each turn, in order.
func TurnUsage(s *session.Session) []session.TokenUsage {
	var out []session.TokenUsage
	for _, t := range Of[*session.TurnStart](s) {
		out = append(out, t.Usage)
	}
	return out
}

// Calls is the session's tool calls, in order.
func Calls(s *session.Session) []*session.ToolCall { return Of[*session.ToolCall](s) }

// OnlyCall is the session's one tool call; the test fails unless there is
// exactly one.
func OnlyCall(t *testing.T, s *session.Session) *session.ToolCall {
	t.Helper()
	calls := Calls(s)
	if len(calls) != 1 {
		t.Fatalf("%d calls, want 1: %s", len(calls), Shape(s))
	}
	return calls[0]
}

// Events is the session's events of a kind, in order.
func Events(s *session.Session, kind string) []*session.Event {
	var out []*session.Event
	for _, e := range Of[*session.Event](s) {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// NoticeTexts is what the session's notices say, in order.
func NoticeTexts(s *session.Session) []string {
	var out []string
	for _, n := range s.Notices() {
		out = append(out, n.Text)
	}
	return out
}

// NoNotices fails the test for each notice the session holds.
func NoNotices(t *testing.T, s *session.Session) {
	t.Helper()
	for _, n := range s.Notices() {
		t.Errorf("notice: %s", n.Text)
	}
}
