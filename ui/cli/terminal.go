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
// else 100; at most maxColumns, whatever the environment says.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
			return min(cols, maxColumns)
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return min(n, maxColumns)
	}
	return 100
}
