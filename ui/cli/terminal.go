package cli

import (
	"io"
	"os"
	"strconv"

	"github.com/charmbracelet/x/term"
)

// isTerminal reports whether a stream (stdin, stdout, stderr) is a
// terminal; a test's buffer never is.
func isTerminal(stream any) bool {
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// terminalWidth is the width of the terminal w writes to, else $COLUMNS,
// else 100.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return cols
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 100
}
