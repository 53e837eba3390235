//go:build unix

package source_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/regular"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// promptly runs f and fails if it has not returned long after any open
// ends: an open of a named pipe never would.
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

// A path that is no regular file (a named pipe, a socket, a link to a
// terminal or to /dev/zero) is refused without being opened, by an error
// that names it and says what it is; so is one at a session folder's
// newest generation, which the harness does not fall back from.
func TestWhatIsNotAFileIsRefused(t *testing.T) {
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		path := filepath.Join(t.TempDir(), k.String()+".jsonl")
		k.Make(t, path)
		var err error
		promptly(t, "opening a "+k.String(), func() { _, err = source.Open(path) })
		var nf *regular.NotAFileError
		if !errors.As(err, &nf) || !strings.HasPrefix(err.Error(), path+" is a ") || strings.Count(err.Error(), path) != 1 {
			t.Errorf("%s: %v", k, err)
		}
		if file, err := source.Resolve(path); file != "" || !errors.As(err, &nf) {
			t.Errorf("%s: Resolve gives %q, %v", k, file, err)
		}

		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "session.jsonl"), []byte(sessiontest.FirstLine), 0o644); err != nil {
			t.Fatal(err)
		}
		newest := filepath.Join(dir, "session.v1.jsonl")
		k.Make(t, newest)
		promptly(t, "opening a folder whose newest log is a "+k.String(), func() { _, err = source.Open(dir) })
		var unreadable *source.UnreadableError
		if !errors.As(err, &unreadable) || unreadable.File != newest || !strings.Contains(err.Error(), "(a ") || !strings.Contains(err.Error(), ", not a regular file)") {
			t.Errorf("a folder whose newest log is a %s: %v", k, err)
		}
	}
}

// A Copilot CLI session's folder whose events.jsonl is no regular file is
// a folder with no log: nothing at that name is opened, and nothing blocks.
func TestACopilotFolderOpensOnlyAFile(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		dir := t.TempDir()
		k.Make(t, filepath.Join(dir, "events.jsonl"))
		var err error
		promptly(t, "opening a folder whose events.jsonl is a "+k.String(), func() { _, err = source.Open(dir) })
		var noLog *source.NoLogError
		if !errors.As(err, &noLog) {
			t.Errorf("%s: %v", k, err)
		}
	}
}
