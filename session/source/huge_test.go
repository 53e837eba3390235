//go:build !race

package source_test

import (
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// A single 50 MB line reads like any other.
func TestA50MBLine(t *testing.T) {
	big := strings.Repeat("x", 50<<20)
	log := sessiontest.FirstLine + `{"type":"user/message","seq":0,"time":1,"data":{"content":[{"type":"text","text":"` + big + `"}],"source":{"kind":"user"}}}` + "\n"
	s := sessiontest.ReadBytes([]byte(log), 1<<20)
	m, ok := s.Entries[0].(*session.UserMessage)
	if !ok || len(session.TextOf(m.Content)) != len(big) {
		t.Fatalf("%s", sessiontest.Shape(s))
	}
}

// garbage streams n bytes of lines that are not a log, never all at once.
type garbage struct{ left, at int }

func (g *garbage) Read(p []byte) (int, error) {
	const line = "this is not a session log at all\n"
	if g.left == 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) && g.left > 0 {
		c := copy(p[n:min(len(p), n+g.left)], line[g.at:])
		n, g.left, g.at = n+c, g.left-c, (g.at+c)%len(line)
	}
	return n, nil
}

// A huge file is streamed, never read whole, and what it costs in memory
// does not grow with it.
func TestAHugeFileIsStreamedInBoundedMemory(t *testing.T) {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	s, err := source.ReadAll(&garbage{left: 64 << 20})
	var notALog *source.NotALogError
	if !errors.As(err, &notALog) {
		t.Fatalf("64 MB of text that is no log: %v", err)
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grew := int64(after.HeapAlloc) - int64(before.HeapAlloc); grew > 32<<20 {
		t.Fatalf("reading 64 MB kept %d MB", grew>>20)
	}
	if s.NoticeCount() < 2000000 || len(s.Entries) != session.MaxNotices {
		t.Fatalf("%d problems, %d entries", s.NoticeCount(), len(s.Entries))
	}
}
