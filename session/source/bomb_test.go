//go:build !race

package source_test

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// newlineBomb is one zstd frame of n newlines: a few kilobytes.
func newlineBomb(t testing.TB, n int) []byte {
	t.Helper()
	var out bytes.Buffer
	w, err := zstd.NewWriter(&out, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("\n"), 1<<20)
	for left := n; left > 0; left -= len(chunk) {
		w.Write(chunk[:min(left, len(chunk))])
	}
	w.Close()
	return out.Bytes()
}

// A zstd frame that expands far past what any log compresses to is stopped,
// with a notice that says how much was read and why.
func TestAZstdBombStopsWithANotice(t *testing.T) {
	bomb := newlineBomb(t, 256<<20)
	s, err := source.ReadAll(bytes.NewReader(bomb))
	var notALog *source.NotALogError
	if !errors.As(err, &notALog) || !strings.Contains(notALog.Reason, "stopped reading") || !strings.Contains(notALog.Reason, "decompression bomb") {
		t.Fatalf("err = %v; notices %q", err, sessiontest.NoticeTexts(s))
	}
	if s.Account.Lines >= 64<<20 {
		t.Fatalf("read %d lines of the bomb; it should stop soon after 16 MiB", s.Account.Lines)
	}
}

// The guard leaves a real log alone: every log of the corpus reads
// without its notice.
func TestTheRatioGuardPassesTheCorpus(t *testing.T) {
	for _, path := range sessiontest.CorpusLogs(t) {
		s, _ := source.ReadAll(bytes.NewReader(sessiontest.ReadFile(t, path)))
		for _, n := range sessiontest.NoticeTexts(s) {
			if strings.Contains(n, "decompression bomb") {
				t.Errorf("%s: %s", path, n)
			}
		}
	}
}

// allocated is what f allocates, in bytes.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Blank lines are counted, never kept, and a zstd frame is decompressed a
// piece at a time: newlines cost the reader its buffers, not their size.
func TestBlankLinesCostNothing(t *testing.T) {
	const n = 15 << 20 // under the ratio guard's floor
	for name, log := range map[string][]byte{"plain": bytes.Repeat([]byte("\n"), n), "zstd": newlineBomb(t, n)} {
		var s *session.Session
		alloc := allocated(func() { s, _ = source.ReadAll(bytes.NewReader(log)) })
		if s.Hidden["(blank line)"] != n {
			t.Fatalf("%s: %d blank lines counted, want %d", name, s.Hidden["(blank line)"], n)
		}
		if alloc > 12<<20 { // the read buffer and the zstd window; the text would be 15 more
			t.Errorf("%s: reading %d MiB of newlines allocated %d MiB", name, n>>20, alloc>>20)
		}
	}
}

// endless is a reader that never ends (/dev/zero, /dev/urandom), which
// gives up after a limit so that a reader that never stops fails the test
// instead of hanging it.
type endless struct {
	fill   byte
	served int
}

const endlessLimit = 256 << 20

func (e *endless) Read(p []byte) (int, error) {
	if e.served >= endlessLimit {
		return 0, errors.New("read far past a binary start")
	}
	for i := range p {
		p[i] = e.fill
	}
	e.served += len(p)
	return len(p), nil
}

// Reading stops as soon as the input is known to be binary: /dev/zero is
// never read to its end, since it has none.
func TestAnEndlessBinaryInputStopsBeingRead(t *testing.T) {
	in := &endless{}
	_, err := source.ReadAll(in)
	var notALog *source.NotALogError
	if !errors.As(err, &notALog) || !strings.Contains(notALog.Reason, "binary") {
		t.Fatalf("err = %v", err)
	}
	if in.served > 8<<20 {
		t.Fatalf("read %d MiB of a binary input", in.served>>20)
	}
}
