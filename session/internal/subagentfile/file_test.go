package subagentfile

import (
	"io"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/deck-tui/deck/session"
)

// Read takes the first of the paths that is a regular file: one missing,
// a folder or a named pipe is passed over, never opened to wait on.
func TestReadTakesTheFirstRegularFile(t *testing.T) {
	dir := t.TempDir()
	pipe := filepath.Join(dir, "pipe.jsonl")
	if err := syscall.Mkfifo(pipe, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	file := filepath.Join(dir, "agent.jsonl")
	if err := os.WriteFile(file, []byte("the work"), 0o600); err != nil {
		t.Fatal(err)
	}
	var readFrom string
	var shown []session.Entry
	f := New([]string{filepath.Join(dir, "missing.jsonl"), dir, pipe, file}, func(p string, rd io.Reader) []session.Entry {
		readFrom = p
		b, _ := io.ReadAll(rd)
		return []session.Entry{&session.Notice{Text: string(b)}}
	}, func(e []session.Entry) { shown = e })
	f.Read()
	if readFrom != file {
		t.Fatalf("read %q, want %q", readFrom, file)
	}
	if shown != nil {
		t.Fatal("Read showed what it read: only Show may change the session")
	}
	f.Show()
	if len(shown) != 1 || shown[0].(*session.Notice).Text != "the work" {
		t.Errorf("shown %v", shown)
	}
}

// With no file at any path, Show leaves the card as it is.
func TestNoFileShowsNothing(t *testing.T) {
	called := false
	f := New([]string{filepath.Join(t.TempDir(), "none.jsonl")}, func(string, io.Reader) []session.Entry {
		t.Fatal("read with no file")
		return nil
	}, func([]session.Entry) { called = true })
	f.Read()
	f.Show()
	c := &session.ToolCall{}
	f.ReadInto(c)
	if called || c.Nested != nil {
		t.Error("a file that is not there was shown")
	}
}

// Nested puts the entries in the call's card and tells the session;
// ReadInto puts them there without telling it.
func TestNestedTouchesTheCallReadIntoDoesNot(t *testing.T) {
	file := filepath.Join(t.TempDir(), "agent.jsonl")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	b := session.NewBuilder()
	c := &session.ToolCall{}
	b.Add(c)
	read := func(string, io.Reader) []session.Entry { return []session.Entry{&session.Notice{Text: "done"}} }

	rev := c.Rev
	New([]string{file}, read, Nested(b, c)).ReadInto(c)
	if len(c.Nested) != 1 || c.Rev != rev {
		t.Fatalf("ReadInto: nested %d, rev %d → %d", len(c.Nested), rev, c.Rev)
	}
	c.Nested = nil
	f := New([]string{file}, read, Nested(b, c))
	f.Read()
	f.Show()
	if len(c.Nested) != 1 || c.Rev == rev {
		t.Errorf("Show: nested %d, rev %d → %d", len(c.Nested), rev, c.Rev)
	}
}
