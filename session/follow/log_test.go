package follow

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// shapeOf lists a session's entries, each as its kind and the seq that made
// it, so two reads of one log can be compared.
func shapeOf(s *session.Session) string {
	var b strings.Builder
	for _, e := range s.Entries {
		fmt.Fprintf(&b, "%T@%d ", e, session.Base(e).Seq)
	}
	return b.String()
}

// appendFile writes pieces to a file one after another, as a harness
// writing its log would, with time between them for the follower to look.
func appendFile(t *testing.T, path string, pieces ...[]byte) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, p := range pieces {
		if _, err := f.Write(p); err != nil {
			t.Fatal(err)
		}
		time.Sleep(3 * pollEvery / 2)
	}
}

// settle waits until the log has read n bytes and is quiet.
func settle(t *testing.T, src *Log, n int64) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		src.mu.Lock()
		read := src.read
		src.mu.Unlock()
		if read == n {
			time.Sleep(2 * pollEvery)
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("read %d of %d bytes", read, n)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// A log written in pieces while deck follows it ends up read exactly as if
// read whole: every event once, in order. Pieces split lines (plain) and
// frames (zstd); an unfinished line or frame waits for the rest.
func TestFollowingAGrowingLog(t *testing.T) {
	for _, c := range []struct{ name, src string }{
		{"plain", sessiontest.Testdata + "/harness/live/session-logs/tools/session.jsonl"},
		{"zstd", sessiontest.Testdata + "/harness/live/session-logs/tools/session.jsonl.zstd"},
	} {
		t.Run(c.name, func(t *testing.T) {
			data, err := os.ReadFile(c.src)
			if err != nil {
				t.Fatal(err)
			}
			whole, _ := source.ReadAll(strings.NewReader(string(data)))
			path := filepath.Join(t.TempDir(), "session.jsonl")
			appendFile(t, path, data[:len(data)/5])
			src := File("test", path, true)
			src.Start()
			defer src.Stop()
			// cut inside lines and frames: at odd places, never on a boundary
			cuts := []int{len(data) / 5, len(data)/3 + 7, len(data)/2 + 13, len(data)*3/4 + 1, len(data) - 3, len(data)}
			for i := 1; i < len(cuts); i++ {
				appendFile(t, path, data[cuts[i-1]:cuts[i]])
			}
			settle(t, src, int64(len(data)))
			src.mu.Lock()
			got := src.reader.Session()
			shape, notices := shapeOf(got), len(got.Notices())
			src.mu.Unlock()
			if shape != shapeOf(whole) || notices != 0 {
				t.Fatalf("followed:\n%s\nread whole:\n%s", shape, shapeOf(whole))
			}

			// the harness starts the log again: deck reads it again, and says so
			other, err := os.ReadFile(strings.Replace(c.src, "/tools/", "/plain/", 1))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, other[:len(other)/2], 0o644); err != nil {
				t.Fatal(err)
			}
			appendFile(t, path, other[len(other)/2:])
			settle(t, src, int64(len(other)))
			fresh, _ := source.ReadAll(strings.NewReader(string(other)))
			src.mu.Lock()
			got = src.reader.Session()
			shape, n := shapeOf(got), got.Notices()
			src.mu.Unlock()
			if len(n) != 1 || !strings.Contains(n[0].Text, "read again from the start") {
				t.Fatalf("notices after the truncation: %v", n)
			}
			if want := "*session.Notice@-1 " + shapeOf(fresh); shape != want {
				t.Fatalf("after the truncation:\n%s\nwant:\n%s", shape, want)
			}
		})
	}
}
