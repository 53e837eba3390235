package session

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// testdata is where the golden package keeps the corpus copies and fixtures.
const testdata = "../golden/testdata"

// corpusLogs lists the harness's scenario logs and the live host's logs.
func corpusLogs(t *testing.T) []string {
	t.Helper()
	a, _ := filepath.Glob(testdata + "/harness/*/session.jsonl")
	b, _ := filepath.Glob(testdata + "/harness/live/session-logs/*/session.jsonl*")
	if len(a) != 14 || len(b) < 15 {
		t.Fatalf("corpus incomplete: %d scenarios, %d live logs", len(a), len(b))
	}
	return append(a, b...)
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readBytes reads a log from memory, fed in chunks of size n.
func readBytes(b []byte, n int) *Session {
	r := NewReader()
	for len(b) > 0 {
		k := min(n, len(b))
		r.Write(b[:k])
		b = b[k:]
	}
	r.Close()
	return r.Session()
}

// readString reads a log given as text.
func readString(text string) *Session { return readBytes([]byte(text), 1<<20) }

// summary is a session's shape, for comparing two reads of one log.
func shape(s *Session) string {
	var b bytes.Buffer
	for _, e := range s.Entries {
		b.WriteString(entryKind(e))
		b.WriteByte(' ')
	}
	return b.String()
}

func entryKind(e Entry) string {
	switch x := e.(type) {
	case *UserMessage:
		return "user"
	case *AssistantText:
		return "text:" + x.Text
	case *Reasoning:
		return "reasoning"
	case *ToolCall:
		return "call:" + x.CallID
	case *TurnStart:
		return "turn"
	case *TurnEnd:
		return "end:" + x.Reason
	case *Plan:
		return "plan"
	case *Event:
		return "event:" + x.Kind
	case *Notice:
		return "notice:" + x.Text
	}
	return "?"
}
