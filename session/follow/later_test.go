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

// deepShape is shapeOf with the work nested in each call, and whether each
// call was left unfinished: what a subagent's file changes.
func deepShape(entries []session.Entry) string {
	var b strings.Builder
	for _, e := range entries {
		b.WriteString(sessiontest.EntryKind(e))
		if c, ok := e.(*session.ToolCall); ok {
			fmt.Fprintf(&b, " unfinished:%v", c.Unfinished)
			if len(c.Nested) > 0 {
				fmt.Fprintf(&b, " [%s]", deepShape(c.Nested))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// claudeWithSubagent writes a real Claude Code session whose Task names
// agent afb92ff, and a subagent's file for that agent beside it; it returns
// the log's bytes and where the log goes.
func claudeWithSubagent(t *testing.T) ([]byte, string) {
	t.Helper()
	corpus := sessiontest.Testdata + "/corpus/claude-code/"
	log := sessiontest.ReadFile(t, corpus+"marot_spotter__subagent.jsonl")
	sub := sessiontest.ReadFile(t, corpus+"marot_spotter__4d5611e5__subagents__agent-a2898e3.jsonl")
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sess", "subagents"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sess", "subagents", "agent-afb92ff.jsonl"), sub, 0o644); err != nil {
		t.Fatal(err)
	}
	return log, filepath.Join(dir, "sess.jsonl")
}

// task is the Task call of claudeWithSubagent's log.
const task = "toolu_01Cz2Pnv7qNcnK1ZiocxWhQX"

// settleLater waits until no part kept beside the log is being read.
func settleLater(t *testing.T, src *Log) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		src.mu.Lock()
		n := src.later
		src.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-src.Changes():
		case <-deadline:
			t.Fatalf("%d subagent files still being read after 10 s", n)
		}
	}
}

// A Claude Code session written while deck follows it ends up as a fresh
// open of the whole file reads it, its subagent's own file nested in the
// Task call (issue 13: the file is read beside the log, not in its lock).
func TestFollowingAClaudeSessionWithASubagentFile(t *testing.T) {
	data, path := claudeWithSubagent(t)
	appendFile(t, path, data[:len(data)/5])
	src := File("test", path, true)
	src.Start()
	defer src.Stop()
	cuts := []int{len(data) / 5, len(data)/3 + 7, len(data)/2 + 13, len(data)*3/4 + 1, len(data) - 3, len(data)}
	for i := 1; i < len(cuts); i++ {
		appendFile(t, path, data[cuts[i-1]:cuts[i]])
	}
	settle(t, src, int64(len(data)))
	settleLater(t, src)
	whole, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	copies, _ := source.ReadAll(strings.NewReader(string(data))) // no folder: the progress copies
	if a, b := whole.Call(task), copies.Call(task); a == nil || b == nil || deepShape(a.Nested) == deepShape(b.Nested) {
		t.Fatal("read whole, the Task does not hold the subagent's file")
	}
	src.mu.Lock()
	got := deepShape(src.reader.Session().Entries)
	src.mu.Unlock()
	if want := deepShape(whole.Entries); got != want {
		t.Fatalf("followed:\n%s\nopened whole:\n%s", got, want)
	}
}

// A subagent's file that takes forever to read does not stop the session's
// own events from showing: the Task shows the subagent's progress copies
// until the file is read, then the file's work (issue 13).
func TestASlowSubagentFileDoesNotStopTheLog(t *testing.T) {
	data, path := claudeWithSubagent(t)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	whole, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	started, release := make(chan struct{}, 1), make(chan struct{})
	readLater = func(p source.Later) {
		started <- struct{}{}
		<-release
		p.Read()
	}
	defer func() { readLater = source.Later.Read }()
	src := File("test", path, false)
	src.Start()
	defer src.Stop()
	select {
	case <-started:
	case <-time.After(10 * time.Second):
		t.Fatal("the subagent's file was never read")
	}
	var st State
	var top, nested string
	done := make(chan struct{})
	go func() { // the lock must not be held while the file is read
		defer close(done)
		for st.Session == nil || st.Loading {
			src.With(func(s State) {
				st, top = s, shapeOf(s.Session)
				if c := s.Session.Call(task); c != nil {
					nested = deepShape(c.Nested)
				}
			})
			time.Sleep(5 * time.Millisecond)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the log is not read while the subagent's file is: its lock is held, or its reading waits")
	}
	if st.Err != nil || top != shapeOf(whole) {
		t.Fatalf("while the subagent's file is read, the log shows:\n%s\nwant:\n%s", top, shapeOf(whole))
	}
	copies, _ := source.ReadAll(strings.NewReader(string(data)))
	if want := deepShape(copies.Call(task).Nested); nested != want {
		t.Fatalf("the Task holds:\n%s\nwant the progress copies until the file is read:\n%s", nested, want)
	}
	close(release)
	settleLater(t, src)
	var got string
	src.With(func(s State) { got = deepShape(s.Session.Entries) })
	if want := deepShape(whole.Entries); got != want {
		t.Fatalf("once read:\n%s\nwant:\n%s", got, want)
	}
}
