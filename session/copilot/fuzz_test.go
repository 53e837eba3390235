package copilot_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes after a log's session.start, in any chunks,
// to the reader: it never panics, and every line is accounted for. The
// seeds are the corpus's and the fixture's events, and a log of deltas,
// subagents in subagents and an abort.
func FuzzReader(f *testing.F) {
	for _, p := range corpusLogs(f) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var short [][]byte
		for _, l := range bytes.SplitAfter(b, []byte("\n"))[1:] {
			if len(l) < 2<<10 && len(short) < 32 {
				short = append(short, l)
			}
		}
		f.Add(bytes.Join(short, nil), uint16(64))
	}
	l := newLog().
		add("assistant.message_delta", obj{"messageId": "m", "deltaContent": "a"}, "ephemeral", true).
		add("assistant.message", message("m", "ab", request("t1", "task", obj{}))).
		add("subagent.started", obj{"toolCallId": "t1"}, "agentId", "a1").
		add("assistant.message", message("s", "", request("t2", "task", obj{})), "agentId", "a1").
		add("subagent.started", obj{"toolCallId": "t2"}, "agentId", "a2").
		add("tool.execution_complete", done("x", "1. a"), "agentId", "a2").
		add("abort", obj{"reason": "user_initiated"})
	f.Add([]byte(strings.Join((*l)[1:], "\n")), uint16(9))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte(start+"\n"), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format != session.FormatCopilot || !s.Account.Balanced() {
			t.Fatalf("format %q accounting %+v", s.Format, s.Account)
		}
		for _, e := range s.Entries {
			if c, ok := e.(*session.ToolCall); ok {
				_ = c.Status()
				_ = c.Title()
			}
		}
	})
}
