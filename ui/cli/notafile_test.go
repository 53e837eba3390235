//go:build unix

package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// promptly runs f and fails if it has not returned long after any command
// on a small log ends: one that opened a named pipe never would.
func promptly(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never ended", what)
	}
}

// A PATH that is no regular file (a named pipe, a socket, a link to a
// terminal or to /dev/zero), or a session folder whose newest log is one,
// is an input error naming it (exit 1), for every command that reads a
// session, and nothing is printed: it is never opened, so nothing waits
// for a writer, takes the keyboard or reads forever.
func TestAPathThatIsNotAFileIsAnError(t *testing.T) {
	emptyHome(t)
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		file := filepath.Join(t.TempDir(), k.String()+".jsonl")
		k.Make(t, file)
		folder := t.TempDir()
		k.Make(t, filepath.Join(folder, "session.jsonl"))
		for _, path := range []string{file, folder} {
			for _, args := range [][]string{{"render", path}, {"stats", path}, {"stats", "--json", path}, {"changes", path}, {path}} {
				var code int
				var out, errOut string
				promptly(t, strings.Join(args, " "), func() { code, out, errOut = deck(t, "", args...) })
				named := file + " is a "
				if path == folder {
					named = filepath.Join(folder, "session.jsonl") + " is its folder's newest generation, and it cannot be read (a "
				}
				if code != exitInput || out != "" || !strings.Contains(errOut, named) || !strings.Contains(errOut, "not a regular file") {
					t.Errorf("deck %s: exit %d, stdout %q, stderr %q", strings.Join(args, " "), code, out, errOut)
				}
			}
		}
	}
}

// Named pipes, sockets and links to devices among the agents' logs are
// not sessions: deck ls lists only the regular logs, and --last opens the
// newest of those, never waiting on what is not a file.
func TestListAndLastSkipWhatIsNotAFile(t *testing.T) {
	home := emptyHome(t)
	place(t, home, "golden/testdata/harness/fs-read/session.jsonl", ".dsh/sessions/--w--/s1/session.jsonl", 2*time.Hour)
	for _, k := range []catalogtest.NotAFile{catalogtest.FIFO, catalogtest.Socket, catalogtest.TTYLink, catalogtest.ZeroLink} {
		k.Make(t, filepath.Join(home, ".claude/projects/p/"+k.String()+".jsonl"))
		k.Make(t, filepath.Join(home, ".codex/sessions/2026/01/01/rollout-"+k.String()+".jsonl"))
	}
	var code int
	var out, errOut string
	promptly(t, "deck ls", func() { code, out, errOut = deck(t, "", "ls") })
	if rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n"); code != exitOK || len(rows) != 1 || !strings.Contains(rows[0], "/.dsh/sessions/--w--/s1/session.jsonl") {
		t.Errorf("deck ls: exit %d:\n%s%s", code, out, errOut)
	}
	for _, args := range [][]string{{"--last"}, {"render", "--last"}, {"stats", "--last", "--json"}} {
		promptly(t, strings.Join(args, " "), func() { code, out, errOut = deck(t, "", args...) })
		if code != exitOK || out == "" {
			t.Errorf("deck %s: exit %d: %s", strings.Join(args, " "), code, errOut)
		}
	}
}

// Stdin is a stream, a pipe most often: it is read as ever, since only a
// PATH is held to being a regular file.
func TestAPipeOnStdinIsRead(t *testing.T) {
	log, err := os.ReadFile("golden/testdata/harness/fs-read/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"render", "-"}, {"render"}, {"stats", "-"}, {"-"}} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() { w.Write(log); w.Close() }()
		var out, errOut bytes.Buffer
		code := Main(context.Background(), args, r, &out, &errOut)
		r.Close()
		if code != exitOK || out.Len() == 0 {
			t.Errorf("deck %s from a pipe: exit %d: %s", strings.Join(args, " "), code, errOut.String())
		}
	}
}

// In a terminal too: the viewer does not start on a PATH that is no
// regular file, and --last finds no session among such things.
func TestNotAFileInATerminal(t *testing.T) {
	home := emptyHome(t)
	fifo := filepath.Join(t.TempDir(), "session.jsonl")
	catalogtest.FIFO.Make(t, fifo)
	catalogtest.FIFO.Make(t, filepath.Join(home, ".claude/projects/p/s.jsonl"))
	catalogtest.TTYLink.Make(t, filepath.Join(home, ".codex/sessions/2026/01/01/rollout-s.jsonl"))
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{fifo}, "deck: " + fifo + " is a named pipe (FIFO), not a regular file"},
		{[]string{"-f", fifo}, "deck: " + fifo + " is a named pipe (FIFO), not a regular file"},
		{[]string{"--last"}, "deck: no sessions in"},
	} {
		code, errOut := deckInTerminal(t, c.args...)
		if code != exitInput || !strings.Contains(oneLine(errOut), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", c.args, code, errOut, c.want)
		}
	}
}
