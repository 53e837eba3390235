package cli

import (
	"bufio"
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/charmbracelet/colorprofile"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/cards/gfm"
	"github.com/deck-tui/deck/cards/html"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// renderOptions say what deck render prints, and how.
type renderOptions struct {
	printFlags
	theme  string // dark or light; for html, "" is both
	config string // --config
	source sourceFlags
}

func newRender() *cobra.Command {
	var o renderOptions
	cmd := &cobra.Command{
		Use:   "render [PATH|-]",
		Short: "Print a session as cards",
		Long: `Print a session as cards, for a pager, a file or a script.

PATH is a session log or a harness session folder, as for deck itself. With no PATH, render reads stdin when it is not a terminal, else prints the demo; - reads stdin always. The cards are drawn whole, at the terminal's width (else $COLUMNS, else 100 columns; 1,000 at most); --collapse draws long ones collapsed, as the viewer does. The cards close with the session's figures (deck stats).

--format says what is written: auto (the default) colours the cards when stdout is a terminal and NO_COLOR is not set, else is plain; ansi colours them always; plain prints no escape byte at all; html writes one self-contained page (no script, nothing loaded; dark or light as the reader's system prefers unless --theme is given); markdown writes GitHub-flavoured Markdown. --color auto, always and never are the older words for auto, ansi and plain. docs/export.md describes the page and the Markdown.

A log that is partly broken still renders: each line deck cannot read is a notice in its place, and stderr says how many there were. A file that is no session log at all is an error (exit 1).`,
		Example: `
# a session folder, at the terminal's width
deck render ~/.dsh/sessions/--home-me-app--/<session-id>/
# a log, plain or zstd, 100 columns wide, in the light theme
deck render session.jsonl.zstd --width 100 --theme light
# a log on stdin, in colour, into a pager
zstdcat session.jsonl.zstd | deck render --format ansi | less -R
# one page to share, and Markdown for a pull request
deck render session.jsonl.zstd --format html > session.html
deck render session.jsonl.zstd --format markdown > session.md`,
		Args:              atMostOnePath("render"),
		ValidArgsFunction: completePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			path := pathArg(args)
			if err := o.source.check(path); err != nil {
				return usageError(cmd, err)
			}
			if err := o.settle(cmd); err != nil {
				return usageError(cmd, err)
			}
			return printCards(cmd, o, path)
		},
	}
	o.printFlags.add(cmd)
	addTheme(cmd, &o.theme, "dark", "dark or light (default: the config file's, else dark; for html both, as the reader's system prefers)")
	cmd.Flags().Lookup("theme").DefValue = "" // the usage says the default, which depends
	addConfig(cmd, &o.config)
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

// printCards prints the session at path (or what o.source names) on cmd's
// stdout in o's format, and the count of its notices on stderr.
func printCards(cmd *cobra.Command, o renderOptions, path string) error {
	cfg, err := loadConfig(cmd, o.config)
	if err != nil {
		return err
	}
	themeName := o.theme // a page follows its reader's colour scheme unless --theme says
	if o.formatName != "html" {
		themeName = themeOf(cmd, o.theme, cfg, "dark")
	}
	defer collectLess(logBudget(path))() // the log's reading too: its garbage grows the heap past the session's
	p, err := newPrinting(cmd, themeName, o.color, o.width)
	if err != nil {
		return err
	}
	co := cards.Options{Width: p.width, Theme: p.cardTheme(), Expanded: !o.collapse, Collapse: cfg.Collapse}
	var early *earlyCards // the terminal's cards are drawn as the log is read
	open := source.Open
	if o.formatName != "html" && o.formatName != "markdown" {
		co.Pictures = pictures(cmd, p.profile)
		early = newEarlyCards(co, p.profile)
		open = early.open
	}
	if err := p.read(cmd, o.source, path, false, open); err != nil {
		return err
	}
	s, out := p.s, p.out
	notices := len(s.Notices()) + early.takenNotices() // counted first: the terminal's cards let go of the entries as they are drawn
	switch o.formatName {
	case "html":
		err = html.Write(out, s, html.Options{Width: p.width, Theme: p.theme})
	case "markdown":
		err = gfm.Write(out, s, gfm.Options{Width: p.width})
	default:
		err = writeTerminal(out, s, co, p.profile, early)
	}
	if err := p.finish(cmd, err); err != nil {
		return err
	}
	if n := notices; n > 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s: %d %s (shown in place)\n", cmd.CommandPath(), cards.Safe(p.name), n, plural(n, "notice", "notices"))
	}
	return nil
}

// writeTerminal writes the cards as a terminal shows them, in profile's
// colours, and the stats card last. The cards let go of the session's
// entries as they are drawn (cards.DrawOnce), so the stats card is drawn
// before them, and s holds no entries after.
func writeTerminal(out *bufio.Writer, s *session.Session, o cards.Options, profile colorprofile.Profile, early *earlyCards) error {
	if early.drawing() {
		return early.write(out, s)
	}
	enc := theme.NewEncoder(profile)
	write := func(rows []string) error { return writeRows(out, rows, enc) }
	totals := stats.Totals(s)
	statsCard := append([]string{""}, cards.StatsCardOf(totals, stats.Turns(s), o)...)
	if err := cards.DrawOnce(s, totals, o, write); err != nil {
		return err
	}
	return write(statsCard)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
