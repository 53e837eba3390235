package source_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// seedLogs adds every log of the golden testdata to a fuzz corpus, the
// harness's zstd logs too.
func seedLogs(f *testing.F) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/fixtures/*")
	more, _ := filepath.Glob(sessiontest.Testdata + "/harness/*/session.jsonl")
	zstd, _ := filepath.Glob(sessiontest.Testdata + "/harness/live/session-logs/*/session.jsonl.zstd")
	more = append(more, zstd...) // frames to damage
	for _, p := range append(paths, more...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
			f.Add(b, uint16(7))
		}
	}
}

// FuzzReader feeds any bytes, in any chunks, to the log reader: it never
// panics, and every line is accounted for.
func FuzzReader(f *testing.F) {
	seedLogs(f)
	f.Add([]byte(sessiontest.FirstLine+`{"type":"text-chunks","seq0":0,"time0":0,"data":{"dt":[],"texts":["x"]}}`), uint16(1))
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		s := sessiontest.ReadBytes(data, int(chunk%4096)+1)
		if !s.Account.Balanced() {
			t.Fatalf("accounting %+v", s.Account)
		}
		for _, e := range s.Entries {
			if c, ok := e.(*session.ToolCall); ok {
				_ = c.Status()
				_ = c.Title()
			}
		}
	})
}
