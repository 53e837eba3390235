package cursor_test

import (
	"os"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes after a transcript's first message, in any
// chunks, to the reader: it never panics, and every line is accounted
// for. The seeds are the corpus's transcripts and the fixture's.
func FuzzReader(f *testing.F) {
	first := msg("user", text("<user_query>hi</user_query>")) + "\n"
	for _, p := range corpusLogs(f) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint16(64))
	}
	f.Add([]byte(msg("user", result("x", "late"))+"\n"+`{"type":"turn_ended"}`+"\n"+msg("assistant", obj{"type": "tool_use"})), uint16(3))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte(first), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format != session.FormatCursor || !s.Account.Balanced() {
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
