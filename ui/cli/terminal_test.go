package cli

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// deckInTerminal runs the command line as a person at a terminal does:
// stdin and stdout a terminal (a pseudo-terminal, whose screen is read and
// dropped), stderr kept.
func deckInTerminal(t *testing.T, args ...string) (code int, stderr string) {
	t.Helper()
	screen, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer screen.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: 80}); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, screen) // a viewer's frames, until the terminal closes
	var errOut bytes.Buffer
	done := make(chan int)
	go func() {
		done <- Main(context.Background(), append([]string{"--theme", "dark"}, args...), tty, tty, &errOut)
	}()
	select {
	case code = <-done:
	case <-time.After(10 * time.Second):
		t.Fatalf("%v: deck still runs after 10 s", args) // the viewer stayed open
	}
	tty.Close()
	return code, errOut.String()
}

// In a terminal deck opens the viewer, and what it cannot show is an error
// as when it prints: a file that is no session log, a folder with no log,
// a missing file (exit 1); a printing flag is a usage error (exit 2).
func TestErrorsInATerminal(t *testing.T) {
	empty := t.TempDir()
	readme, err := filepath.Abs("README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		code int
		want string // stderr holds it
	}{
		{[]string{readme}, exitInput, "deck: " + readme + ` is not a session log: line 1: not JSON: "# deck"`},
		{[]string{empty}, exitInput, "deck: " + empty + " is a folder with no session log in it"},
		{[]string{filepath.Join(empty, "gone.jsonl")}, exitInput, "deck: " + filepath.Join(empty, "gone.jsonl") + ": no such file or directory"},
		{[]string{"--width", "80", "--demo"}, exitUsage, "deck: --width is for printing the cards, and stdout is a terminal"},
		{[]string{"--collapse", "--demo"}, exitUsage, "deck: --collapse is for printing the cards"},
		{[]string{"--format", "html", "--demo"}, exitUsage, "deck: --format is for printing the cards"},
		{[]string{"-f", "--demo"}, exitUsage, "deck: -f/--follow and --no-follow are for a log file: the demo is built in"},
	} {
		code, errOut := deckInTerminal(t, c.args...)
		if code != c.code || !strings.Contains(oneLine(errOut), c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errOut, c.code, c.want)
		}
	}
}

// oneLine is s with its runs of white space one space each.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
