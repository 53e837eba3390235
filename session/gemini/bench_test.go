package gemini_test

import (
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
