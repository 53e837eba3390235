package cli

import (
	"errors"
	"fmt"
	"io"
	"os"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"github.com/deck-tui/deck/cards"
)

// reportError writes an error of the command line to stderr. On a terminal
// it is set apart under a red ERROR, wrapped to the terminal's width;
// anywhere else (a pipe, a file, a test) it is one plain line, whatever
// the environment says about colour, so that scripts and logs can read it.
// A usage error adds where to look.
func reportError(stderr io.Writer, err error) {
	text := cards.Safe(err.Error()) // names of files on disk are untrusted
	var hint string
	var ce *commandError
	switch {
	case !errors.As(err, &ce):
		text = "deck: " + text // cobra's own (writing --version): deck's
	case ce.quiet:
		return
	case ce.code == exitUsage && !ce.trouble:
		hint = ce.command + " --help"
	}
	if !isTerminal(stderr) {
		fmt.Fprintln(stderr, text)
		if hint != "" {
			fmt.Fprintf(stderr, "Run '%s' for usage.\n", hint)
		}
		return
	}
	w := colorprofile.NewWriter(stderr, os.Environ())
	h := helpText{w: w, width: min(terminalWidth(stderr), helpWidth)}
	fmt.Fprintf(w, "\n  %s\n\n", errorBadge.Render("ERROR"))
	h.rows("  ", "  ", text, helpPlain)
	if hint != "" {
		fmt.Fprintf(w, "\n  Run %s for usage.\n", helpCode.Render(hint))
	}
	fmt.Fprintln(w)
}

var errorBadge = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.BrightWhite).Background(lipgloss.Red).Padding(0, 1)
