package gemini_test

import (
	"fmt"
	"os"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// BenchmarkOlderChat reads the corpus's largest chat, the older JSON
// document (300 KB, 80 messages), as deck render reads it.
func BenchmarkOlderChat(b *testing.B) {
	doc, err := os.ReadFile(sessiontest.Testdata + "/corpus/gemini-cli/session-2025-12-24T21-37-2ccb51c5.json")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		sessiontest.ReadBytes(doc, 4<<20)
	}
}

// BenchmarkRewritesFarBack reads a chat that writes its first message
// again and again, gaining and losing a call, after 20,000 others: each
// rewrite costs what it changes, not the session's length.
func BenchmarkRewritesFarBack(b *testing.B) {
	c := newChat()
	for i := range 20_000 {
		c.add(reply(fmt.Sprintf("m%d", i), "t"))
	}
	for i := range 20_000 {
		m := reply("m0", "t")
		if i%2 == 0 {
			m["toolCalls"] = []any{shell(fmt.Sprintf("c%d", i), "ls", "Output: x", "success")}
		}
		c.add(m)
	}
	log := []byte(c.text())
	b.SetBytes(int64(len(log)))
	b.ReportAllocs()
	for b.Loop() {
		sessiontest.ReadBytes(log, 4<<20)
	}
}
