package cli

import (
	"bufio"
	"fmt"
	"os"

	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// printing is what every command that prints a session (render, changes,
// stats) sets up before it draws: the theme, stdout's colours, the session
// and the name messages give it, the width, and stdout, buffered.
type printing struct {
	theme   *theme.Theme // nil: none asked for (a page follows its reader's scheme)
	profile colorprofile.Profile
	s       *session.Session
	name    string
	width   int
	out     *bufio.Writer
}

// startPrinting sets up the printing of the session at path (or what src
// names) in the theme themeName ("" for none), the colour mode color, at
// width (0: the terminal's). A bad theme or colour mode is a usage error, a
// session that cannot be read an input error, checked in that order.
func startPrinting(cmd *cobra.Command, src sourceFlags, path, themeName, color string, width int) (*printing, error) {
	stdout := cmd.OutOrStdout()
	p := &printing{width: width}
	var err error
	if themeName != "" {
		if p.theme, err = theme.ByName(themeName); err != nil {
			return nil, usageError(cmd, err)
		}
	}
	if p.profile, err = theme.Profile(color, stdout, os.Environ()); err != nil {
		return nil, usageError(cmd, err)
	}
	if p.s, p.name, err = load(src, path, cmd.InOrStdin()); err != nil {
		return nil, inputError(cmd, err)
	}
	if p.width == 0 {
		p.width = terminalWidth(stdout)
	}
	p.out = bufio.NewWriterSize(stdout, 64<<10)
	return p, nil
}

// finish flushes stdout after a command wrote err's way: a write that
// failed is an input error.
func (p *printing) finish(cmd *cobra.Command, err error) error {
	if err == nil {
		err = p.out.Flush()
	}
	if err != nil {
		return inputError(cmd, fmt.Errorf("writing: %w", err))
	}
	return nil
}
