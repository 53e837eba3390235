package cli

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
)

// helpOnATerminal is what deck prints to a terminal of cols columns for
// args: the screen's bytes, each line's return dropped.
func helpOnATerminal(t *testing.T, cols uint16, args ...string) string {
	t.Helper()
	screen, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer screen.Close()
	if err := pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: cols}); err != nil {
		t.Fatal(err)
	}
	// the screen is read until a mark written after deck ended: a slave
	// closed at once may drop what the master has not read yet
	const end = "\x00deck ended\x00"
	var shown bytes.Buffer
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for !bytes.Contains(shown.Bytes(), []byte(end)) {
			n, err := screen.Read(buf)
			shown.Write(buf[:n])
			if err != nil {
				return
			}
		}
	}()
	done := make(chan int)
	go func() { done <- Main(context.Background(), args, tty, tty, io.Discard) }()
	select {
	case code := <-done:
		if code != exitOK {
			t.Fatalf("%v: exit %d", args, code)
		}
	case <-time.After(10 * time.Second):
		t.Fatalf("%v: deck still runs after 10 s", args)
	}
	io.WriteString(tty, end)
	select {
	case <-read:
	case <-time.After(10 * time.Second):
		t.Fatalf("%v: the screen never showed the end", args)
	}
	tty.Close()
	out, _, _ := strings.Cut(shown.String(), end)
	return strings.ReplaceAll(out, "\r", "")
}

var helpArgs = [][]string{{"--help"}, {"render", "--help"}, {"stats", "--help"}, {"help", "attach"}, {"changes", "--help"}}

// On a terminal of 80 columns (or 50) the help is laid out for it: no row
// is wider, so the terminal wraps none.
func TestHelpFitsTheTerminal(t *testing.T) {
	for _, cols := range []uint16{80, 50} {
		for _, args := range helpArgs {
			shown := helpOnATerminal(t, cols, args...)
			if !strings.Contains(shown, "USAGE") {
				t.Fatalf("%v: no help:\n%s", args, shown)
			}
			for _, row := range strings.Split(shown, "\n") {
				if w := ansi.StringWidth(row); w > int(cols) {
					t.Errorf("%v at %d columns: a row of %d cells: %q", args, cols, w, ansi.Strip(row))
				}
			}
		}
	}
}

// Piped, the help is plain text: no escape byte, no row padded with blanks,
// laid out for $COLUMNS.
func TestPipedHelpIsPlainText(t *testing.T) {
	t.Setenv("COLUMNS", "72")
	for _, args := range helpArgs {
		code, out, errOut := deck(t, "", args...)
		if code != exitOK || errOut != "" || !strings.Contains(out, "USAGE") {
			t.Fatalf("%v: exit %d, %q:\n%s", args, code, errOut, out)
		}
		if strings.ContainsRune(out, 0x1b) {
			t.Errorf("%v: an escape byte in the help", args)
		}
		for _, row := range strings.Split(out, "\n") {
			if strings.TrimRight(row, " ") != row {
				t.Errorf("%v: a row padded with blanks: %q", args, row)
			}
			if w := ansi.StringWidth(row); w > 72 {
				t.Errorf("%v: a row of %d cells with COLUMNS=72: %q", args, w, row)
			}
		}
	}
}
