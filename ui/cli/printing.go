package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"

	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
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
// session that cannot be read an input error, checked in that order. For a
// script (JSON out) a log not shown prints nothing: only the error says why.
func startPrinting(cmd *cobra.Command, src sourceFlags, path, themeName, color string, width int, forScript bool) (*printing, error) {
	p, err := newPrinting(cmd, themeName, color, width)
	if err != nil {
		return nil, err
	}
	return p, p.read(cmd, src, path, forScript, source.Open)
}

// newPrinting is startPrinting before the session is read.
func newPrinting(cmd *cobra.Command, themeName, color string, width int) (*printing, error) {
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
	if p.width == 0 {
		p.width = terminalWidth(stdout)
	}
	p.out = bufio.NewWriterSize(stdout, 64<<10)
	return p, nil
}

// read reads the session to print, a log at a path with open.
func (p *printing) read(cmd *cobra.Command, src sourceFlags, path string, forScript bool, open func(path string) (*session.Session, error)) error {
	var err error
	if p.s, p.name, err = load(src, path, cmd.InOrStdin(), open); err != nil {
		return inputError(cmd, err)
	}
	if why := p.s.Header.Unsupported; why != nil && forScript {
		return p.whyNotShown(cmd, why)
	} else if why != nil {
		return p.notShown(cmd, why)
	}
	return nil
}

// notShown prints only the header of a log deck does not show as understood
// or current (too new a format, a superseded generation), then fails with
// why, naming the file: exit 1, so no script takes the log for read, be it
// rendered, counted or listed for its changes. Every format for people
// prints the header as the terminal does.
func (p *printing) notShown(cmd *cobra.Command, why error) error {
	o := cards.Options{Width: p.width, Theme: p.cardTheme()}
	errHeaderDone := errors.New("header printed")
	err := cards.EachCard(p.s.HeaderOnly(), o, func(rows []string) error {
		if err := writeRows(p.out, rows, theme.NewEncoder(p.profile)); err != nil {
			return err
		}
		return errHeaderDone // the first card is the header
	})
	if err == errHeaderDone {
		err = p.out.Flush()
	}
	if err != nil {
		return inputError(cmd, fmt.Errorf("writing: %w", err))
	}
	return p.whyNotShown(cmd, why)
}

// cardTheme is the theme cards are drawn in for stdout: the one asked for
// (dark when none), its diff in the colours stdout's profile holds.
func (p *printing) cardTheme() *theme.Theme {
	th := p.theme
	if th == nil {
		th = theme.Dark()
	}
	return th.For(p.profile)
}

// whyNotShown is the error of a log not shown, naming its file.
func (p *printing) whyNotShown(cmd *cobra.Command, why error) error {
	var named *source.NotShownError
	if errors.As(why, &named) && named.File != "" {
		return inputError(cmd, why) // it names its file
	}
	return inputError(cmd, fmt.Errorf("%s: %w", p.name, why))
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
