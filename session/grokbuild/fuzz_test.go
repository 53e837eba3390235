package grokbuild_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes after a chat history's system prompt, in any
// chunks, to the reader: it never panics, and every line is accounted for.
func FuzzReader(f *testing.F) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/grok-build/.grok/sessions/*/*/chat_history.jsonl")
	paths = append(paths, sessiontest.Testdata+"/corpus/grok-build/agent-sessions/chat_history.jsonl")
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, uint16(64))
	}
	f.Add([]byte(`{"type":"tool_result","tool_call_id":"x","content":"1→a\nb"}`+"\n"+`{"role":"tool","content":null}`), uint16(5))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte(`{"type":"system","content":"You are Grok."}`+"\n"), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format != session.FormatGrokBuild || !s.Account.Balanced() {
			t.Fatalf("format %q accounting %+v", s.Format, s.Account)
		}
		for _, c := range sessiontest.Calls(s) {
			_ = c.Status()
			_ = c.Title()
		}
	})
}
