package cli

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/theme"
)

// renderOptions say what deck render prints, and how.
type renderOptions struct {
	width    int    // 0: the terminal's
	color    string // auto, always or never
	theme    string // dark or light
	collapse bool
	config   string // --config
	source   sourceFlags
}

func newRender() *cobra.Command {
	var o renderOptions
	cmd := &cobra.Command{
		Use:   "render [PATH|-]",
		Short: "Print a session as cards",
		Long: `Print a session as cards, for a pager, a file or a script.

PATH is a session log or a harness session folder, as for deck itself. With no PATH, render reads stdin when it is not a terminal, else prints the demo; - reads stdin always. The cards are drawn whole, at the terminal's width (else $COLUMNS, else 100 columns); --collapse draws long ones collapsed, as the viewer does. --color auto colours the cards when stdout is a terminal and NO_COLOR is not set; never prints no escape byte at all.

A log that is partly broken still renders: each line deck cannot read is a notice in its place, and stderr says how many there were. A file that is no session log at all is an error (exit 1).`,
		Example: `
# a session folder, at the terminal's width
deck render ~/.dsh/sessions/--home-me-app--/<session-id>/
# a log, plain or zstd, 100 columns wide, in the light theme
deck render session.jsonl.zstd --width 100 --theme light
# a log on stdin, in colour, into a pager
zstdcat session.jsonl.zstd | deck render --color always | less -R`,
		Args:              atMostOnePath("render"),
		ValidArgsFunction: completePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			path := pathArg(args)
			if err := o.source.check(path); err != nil {
				return usageError(cmd, err)
			}
			return printCards(cmd, o, path)
		},
	}
	addWidth(cmd, &o.width)
	addColor(cmd, &o.color)
	addTheme(cmd, &o.theme, "dark", "dark or light (default: the config file's, else dark)")
	addConfig(cmd, &o.config)
	cmd.Flags().BoolVar(&o.collapse, "collapse", false, "draw long cards collapsed, as the viewer does")
	o.source.add(cmd.Flags())
	cmd.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error {
		if why := viewerOnly(err); why != nil {
			return usageError(cmd, why)
		}
		return flagError(cmd, err)
	})
	return cmd
}

// viewerOnly explains the viewer's flags that render does not take: it
// prints what the log holds and ends, so there is nothing to follow.
func viewerOnly(err error) error {
	var unknown *pflag.NotExistError
	if !errors.As(err, &unknown) {
		return nil
	}
	switch name := unknown.GetSpecifiedName(); {
	case name == "follow" || name == "f" && unknown.GetSpecifiedShortnames() != "":
		return errors.New("-f/--follow is the viewer's: render prints what the log holds now and ends; to follow a log, open it in a terminal with deck -f PATH")
	case name == "no-follow":
		return errors.New("--no-follow is the viewer's: render never follows a log, it prints what the log holds now")
	}
	return nil
}

// printCards prints the session at path (or what o.source names) as cards
// on cmd's stdout, and the count of its notices on stderr.
func printCards(cmd *cobra.Command, o renderOptions, path string) error {
	stdout := cmd.OutOrStdout()
	cfg, err := loadConfig(cmd, o.config)
	if err != nil {
		return err
	}
	th, err := theme.ByName(themeOf(cmd, o.theme, cfg, "dark"))
	if err != nil {
		return usageError(cmd, err)
	}
	profile, err := theme.Profile(o.color, stdout, os.Environ())
	if err != nil {
		return usageError(cmd, err)
	}
	s, name, err := load(o.source, path, cmd.InOrStdin())
	if err != nil {
		return inputError(cmd, err)
	}
	width := o.width
	if width == 0 {
		width = terminalWidth(stdout)
	}
	out := bufio.NewWriterSize(stdout, 64<<10)
	err = cards.EachCard(s, cards.Options{Width: width, Theme: th, Expanded: !o.collapse, Collapse: cfg.Collapse}, func(rows []string) error {
		_, err := out.WriteString(theme.Encode(strings.Join(rows, "\n")+"\n", profile))
		return err
	})
	if err == nil {
		err = out.Flush()
	}
	if err != nil {
		return inputError(cmd, fmt.Errorf("writing: %w", err))
	}
	if n := len(s.Notices()); n > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "deck: %s: %d %s (shown in place)\n", cards.Safe(name), n, plural(n, "notice", "notices"))
	}
	return nil
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
