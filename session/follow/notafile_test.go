//go:build unix

package follow

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
)

// A named pipe, a socket or a device at a log's name is never opened to be
// read or followed (a pipe would wait for a writer forever, a terminal
// hand over the keyboard, a device never end): the viewer gets the error,
// naming the file once, and does not wait for it to become a file.
func TestWhatIsNotAFileIsNeverFollowed(t *testing.T) {
	dir := t.TempDir()
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		path := filepath.Join(dir, k.String()+".jsonl")
		k.Make(t, path)
		for _, follow := range []bool{false, true} {
			src := File(path, path, follow)
			src.Start()
			st := waitLoaded(t, src)
			src.Stop()
			var nf *regular.NotAFileError
			if !errors.As(st.Err, &nf) || st.Waiting || st.Read != 0 || strings.Count(st.Err.Error(), path) != 1 {
				t.Errorf("%s, follow %v: error %v, waiting %v, read %d", k, follow, st.Err, st.Waiting, st.Read)
			}
		}
	}
}

// A followed log replaced by a named pipe is read again from the start,
// as a replaced log is: the pipe is refused at once, never waited on.
func TestALogReplacedByAFIFOIsRefused(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "session.jsonl")
	if err := os.WriteFile(path, []byte(sessiontest.FirstLine), 0o644); err != nil {
		t.Fatal(err)
	}
	src := File(path, path, true)
	src.Start()
	defer src.Stop()
	waitLoaded(t, src)
	pipe := filepath.Join(dir, "pipe")
	catalogtest.FIFO.Make(t, pipe)
	if err := os.Rename(pipe, path); err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	for {
		var err error
		src.With(func(st State) { err = st.Err })
		var nf *regular.NotAFileError
		if errors.As(err, &nf) {
			return
		}
		if err != nil {
			t.Fatalf("failed with %v, want the pipe refused", err)
		}
		select {
		case <-src.Changes():
		case <-deadline:
			t.Fatal("still following after the log was replaced by a named pipe")
		}
	}
}
