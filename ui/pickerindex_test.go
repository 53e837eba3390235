package ui

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/ui/internal/uitest"
)

// A log unchanged since it was indexed (its size, time and inode as they
// were) is listed from the index: its title is not read again (the
// picker's TestARowTheIndexKnowsIsNotScanned: nor behind the first
// screen). Shown with a rewrite the index cannot see (docs/index.md's
// known limit: the same size, time and inode, another title): the picker
// shows the title indexed.
func TestThePickerListsUnchangedLogsFromTheIndex(t *testing.T) {
	dir := sessionsHome(t, map[string]string{"a": testdata + "/harness/bash-tool-turn/session.jsonl"})
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}
	ix, err := index.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.Update(context.Background(), roots, nil); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "--work-app--", "a", "session.jsonl")
	info, err := os.Stat(log)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(log)
	f, err := os.OpenFile(log, os.O_WRONLY, 0) // in place: the same inode
	if err != nil {
		t.Fatal(err)
	}
	f.WriteAt(bytes.ReplaceAll(data, []byte("Use the bash tool"), []byte("Zse the bash tool")), 0)
	f.Close()
	os.Chtimes(log, info.ModTime(), info.ModTime())

	m, err := newApp(Options{Roots: roots, Follow: new(false), Theme: "dark", Index: ix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.(*app).stop)
	x := uitest.Start(t, m, 100, 20, colorprofile.TrueColor)
	x.WaitFor("1 of 1", "Use the bash tool")
	x.Keys("ctrl+c")
	x.TM.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// An index that is no database is made again, and the picker says so on
// screen: the note the commands write on stderr would be hidden behind
// the full screen.
func TestThePickerSaysTheIndexWasMadeAgain(t *testing.T) {
	dir := sessionsHome(t, map[string]string{"a": testdata + "/harness/bash-tool-turn/session.jsonl"})
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}
	cache := t.TempDir()
	if err := os.WriteFile(filepath.Join(cache, index.FileName), bytes.Repeat([]byte("not a database\n"), 400), 0o600); err != nil {
		t.Fatal(err)
	}
	ix, err := index.Open(cache)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	m, err := newApp(Options{Roots: roots, Follow: new(false), Theme: "dark", Index: ix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.(*app).stop)
	x := uitest.Start(t, m, 200, 20, colorprofile.TrueColor)
	x.WaitFor("1 of 1", "index: the index at", "it is made again")
	x.Keys("ctrl+c")
	x.TM.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// The picker's first frame is the index's rows, drawn before any log is
// looked at (10,000 looks are most of a first screen's time); the logs as
// found on disk then take their place, the chosen row still chosen: a
// session written since the index was updated comes in then, titled.
func TestThePickersFirstFrameIsTheIndexsRows(t *testing.T) {
	dir := sessionsHome(t, map[string]string{"a": testdata + "/harness/bash-tool-turn/session.jsonl"})
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}
	ix, err := index.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	if _, err := ix.Update(context.Background(), roots, nil); err != nil {
		t.Fatal(err)
	}
	newer := filepath.Join(dir, "--work-app--", "b", "session.jsonl") // written since: the index does not hold it
	catalogtest.CopyFile(t, testdata+"/harness/fs-edit/session.jsonl", newer, 0)
	os.Chtimes(newer, catalogtest.Dated.Add(time.Hour), catalogtest.Dated.Add(time.Hour))
	m, err := newApp(Options{Roots: roots, Follow: new(false), Theme: "dark", Index: ix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.(*app).stop)
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 20})
	if first := m.View().Content; !strings.Contains(first, "1 of 1") || !strings.Contains(first, "Use the bash tool") {
		t.Fatalf("the first frame is not the index's one row:\n%s", first)
	}
	x := uitest.Start(t, m, 100, 20, colorprofile.TrueColor)
	s := x.WaitFor("2 of 2", "First use the read tool", "Use the bash tool")
	if !strings.Contains(s, "▌   Use the bash tool") {
		t.Fatalf("the row chosen in the first frame is not chosen still:\n%s", s)
	}
	x.Keys("ctrl+c")
	x.TM.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}
