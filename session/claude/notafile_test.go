//go:build unix

package claude_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/source"
)

// A subagent's file that is no regular file (a named pipe, a socket, a
// link to a terminal or to /dev/zero) is never opened: the log reads at
// once, the Task keeping the progress copies, as with no file.
func TestASubagentFileThatIsNotAFileIsNotRead(t *testing.T) {
	l := progressLog()
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		dir := t.TempDir()
		path := filepath.Join(dir, "sess.jsonl")
		if err := os.WriteFile(path, []byte(l.text()), 0o644); err != nil {
			t.Fatal(err)
		}
		k.Make(t, filepath.Join(dir, "sess", "subagents", "agent-abc123.jsonl"))
		nested := make(chan int, 1)
		go func() {
			s, err := source.Open(path)
			if err != nil {
				t.Error(err)
			}
			nested <- len(s.Call("tk").Nested)
		}()
		select {
		case n := <-nested:
			if n != 2 {
				t.Errorf("%s: %d nested entries, want the 2 progress copies", k, n)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: reading the log blocked on its subagent's file", k)
		}
	}
}
