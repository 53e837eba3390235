package cli

import (
	"errors"
	"fmt"
	"io"

	"charm.land/fang/v2"

	"github.com/deck-tui/deck/cards"
)

// reportError is fang's error handler for deck. On a terminal the error is
// styled as fang styles it; anywhere else (a pipe, a file, a test) it is
// one plain line, whatever the environment says about colour, so that
// scripts and logs can read it. A usage error adds where to look.
func reportError(stderr io.Writer) fang.ErrorHandler {
	return func(w io.Writer, styles fang.Styles, err error) {
		text := cards.Safe(err.Error()) // names of files on disk are untrusted
		var hint string
		var ce *commandError
		switch {
		case !errors.As(err, &ce):
			text = "deck: " + text // fang's own (writing --version): deck's
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
		fmt.Fprintln(w, styles.ErrorHeader.String())
		fmt.Fprintln(w, styles.ErrorText.UnsetTransform().Render(text))
		fmt.Fprintln(w)
		if hint != "" {
			fmt.Fprintln(w, styles.ErrorText.UnsetTransform().Render("Run "+styles.Program.Flag.Render(hint)+" for usage."))
			fmt.Fprintln(w)
		}
	}
}
