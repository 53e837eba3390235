package follow

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// waitLoaded waits until the log's first read is over.
func waitLoaded(t *testing.T, src *Log) State {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		var st State
		src.With(func(s State) { st = s })
		if !st.Loading {
			return st
		}
		select {
		case <-src.Changes():
		case <-deadline:
			t.Fatalf("still reading after 10 s: %d bytes", st.Read)
		}
	}
}

// A file of NULs far larger than memory (sparse, so it costs nothing) is
// read no further once it is known to be binary: it says so, and is not
// followed.
func TestAHugeBinaryFileStopsBeingRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "zeros.jsonl")
	if err := os.WriteFile(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, 64<<30); err != nil {
		t.Skip("no sparse files here:", err)
	}
	for _, follow := range []bool{false, true} {
		src := File("zeros", path, follow)
		src.Start()
		st := waitLoaded(t, src)
		src.Stop()
		if n := st.Session.Notices(); len(n) == 0 || st.Following || st.Read > 8<<20 {
			t.Fatalf("follow %v: read %d bytes, following %v, notices %v", follow, st.Read, st.Following, n)
		}
	}
}

// zeros is a stream of NULs that never ends.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// So is a stream of them (deck < /dev/zero).
func TestAnEndlessBinaryStreamStopsBeingRead(t *testing.T) {
	src := Stream("zero", zeros{})
	src.Start()
	st := waitLoaded(t, src)
	src.Stop()
	if n := st.Session.Notices(); len(n) == 0 || st.Read > 8<<20 {
		t.Fatalf("read %d bytes, notices %v", st.Read, n)
	}
}
