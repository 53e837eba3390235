package gemini_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// FuzzReader feeds any bytes after a chat's header, in any chunks, to the
// reader: it never panics, and every line is accounted for. The seeds are
// the corpus's short records and chats that rewrite, rewind and check
// their messages.
func FuzzReader(f *testing.F) {
	for _, p := range corpusChats(f) {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		var short [][]byte
		for _, l := range bytes.SplitAfter(b, []byte("\n")) {
			if len(l) < 2<<10 && len(short) < 24 {
				short = append(short, l)
			}
		}
		f.Add(bytes.Join(short, nil), uint16(64))
	}
	c := newChat().add(user("u1", "one")).add(reply("g1", "a", shell("c", "ls", "Output: x\nExit Code: 2", "success"))).
		add(reply("g1", "b")).add(obj{"$rewindTo": "g1"}).add(obj{"$set": obj{"messages": []any{user("u1", "one"), reply("n", "new")}}})
	f.Add([]byte(strings.Join((*c)[1:], "\n")), uint16(7))
	f.Add([]byte("{\n  \"sessionId\": \"x\",\n  \"messages\": [\n    {\"id\": \"u\", \"type\": \"user\", \"content\": \"hi\"}\n  ]\n}\n{\"$rewindTo\":\"u\"}"), uint16(5))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		in := append([]byte(header+"\n"), data...)
		s := sessiontest.ReadBytes(in, int(chunk%4096)+1)
		if s.Format != session.FormatGemini || !s.Account.Balanced() {
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
