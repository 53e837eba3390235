//go:build unix

package regular_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/regular"
)

// promptly runs f and fails the test if it has not returned after a while
// far longer than any open takes: an open that blocks never returns.
func promptly(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%s blocked", what)
	}
}

// Whatever stands at a log's name and is no regular file is refused at
// once, by an error naming the path and what it is; nothing is read.
func TestOpenRefusesWhatIsNotAFile(t *testing.T) {
	dir := t.TempDir()
	for _, k := range catalogtest.NotAFiles {
		path := filepath.Join(dir, k.String()+".jsonl")
		k.Make(t, path)
		var err error
		promptly(t, "opening a "+k.String(), func() { _, _, err = regular.Open(path) })
		var nf *regular.NotAFileError
		switch {
		case k == catalogtest.Dangling:
			if !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s: %v, want not there", k, err)
			}
		case !errors.As(err, &nf) || nf.Path != path || !strings.HasPrefix(err.Error(), path+" is ") || !strings.Contains(err.Error(), "not a regular file"):
			t.Errorf("%s: %v", k, err)
		}
	}
}

// A regular file swapped for a named pipe between the look and the open
// is caught by the look at what was opened, without waiting for a writer.
func TestAFileSwappedForAFIFOAtOpenIsRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := regular.Check(path); err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	catalogtest.FIFO.Make(t, path)
	var err error
	promptly(t, "opening the swapped file", func() { _, _, err = regular.OpenLooked(path) })
	var nf *regular.NotAFileError
	if !errors.As(err, &nf) || nf.What() != "a named pipe (FIFO), not a regular file" {
		t.Fatalf("%v, want a named pipe refused", err)
	}
}

// A regular file opens, and reads as any file does.
func TestARegularFileOpens(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, info, err := regular.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if !info.Mode().IsRegular() || info.Size() != 3 || nonblocking(t, f) {
		t.Fatalf("%v, size %d, nonblocking %v", info.Mode(), info.Size(), nonblocking(t, f))
	}
}

// ReadCapped reads a regular file's first bytes up to its cap, and refuses
// a named pipe at once as Open does.
func TestReadCappedReadsUpToItsCap(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "summary.json")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	for limit, want := range map[int64]string{4: "0123", 10: "0123456789", 99: "0123456789"} {
		if b, err := regular.ReadCapped(path, limit); err != nil || string(b) != want {
			t.Errorf("cap %d: %q %v, want %q", limit, b, err, want)
		}
	}
	fifo := filepath.Join(dir, "workspace.yaml")
	catalogtest.FIFO.Make(t, fifo)
	var err error
	promptly(t, "reading a named pipe", func() { _, err = regular.ReadCapped(fifo, 10) })
	var nf *regular.NotAFileError
	if !errors.As(err, &nf) {
		t.Errorf("a named pipe read: %v", err)
	}
}
