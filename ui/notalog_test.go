package ui

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session/source"
)

// readme writes a Markdown file of n lines, which no format reads, and
// returns its path.
func readme(t *testing.T, n int) string {
	t.Helper()
	lines := []string{"# deck"}
	for len(lines) < n {
		lines = append(lines, "", "deck draws a session log as cards.")
	}
	path := filepath.Join(t.TempDir(), "README.md")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// A file that is no session log, opened directly, ends the program with the
// error deck render gives for it (exit 1 in deck), read whole or followed;
// Run returns it.
func TestAFileThatIsNoSessionLogEndsTheViewer(t *testing.T) {
	path := readme(t, 40)
	want := path + ` is not a session log: line 1: not JSON: "# deck"`
	for _, follow := range []bool{false, true} {
		x := start(t, Options{Path: path, Follow: &follow}, 80, 20)
		x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
		err := x.tm.FinalModel(t).(*app).err
		var notALog *source.NotALogError
		if !errors.As(err, &notALog) || err.Error() != want {
			t.Fatalf("follow %v: the program ended with %v, want %q", follow, err, want)
		}
	}
	err := Run(Options{Path: path, Theme: "dark", Input: strings.NewReader(""), Output: io.Discard})
	if err == nil || err.Error() != want {
		t.Fatalf("Run returned %v, want %q", err, want)
	}
}

// A log with some bad lines is a log: it opens, each bad line a notice in
// its place, and closing it is no error.
func TestALogWithBadLinesStillOpens(t *testing.T) {
	x := start(t, Options{Path: "../golden/testdata/fixtures/bad-json.jsonl", Follow: new(false)}, 80, 20)
	x.waitFor("Lines that are not events", `line 5: not JSON: "this is not JSON at all"`)
	x.quit()
	if err := x.tm.FinalModel(t).(*app).err; err != nil {
		t.Fatalf("the program ended with %v", err)
	}
}

// A followed log that has no complete line yet (the harness has just
// created it) is waited for, not judged.
func TestAFollowedLogWithNoLineYetIsWaitedFor(t *testing.T) {
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, []byte(`{"type":"session","vers`), 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: path, Follow: new(true)}, 80, 20)
	x.waitFor("following")
	x.quit()
	if err := x.tm.FinalModel(t).(*app).err; err != nil {
		t.Fatalf("the program ended with %v", err)
	}
}
