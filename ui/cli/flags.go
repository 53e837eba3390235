package cli

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/deck-tui/deck/theme"
)

// Each flag is declared here once, for every command that takes it.

// sourceFlags pick a session by other means than a PATH: deck and deck
// render.
type sourceFlags struct {
	demo bool
	last bool
}

func (s *sourceFlags) add(fs *pflag.FlagSet) {
	fs.BoolVar(&s.demo, "demo", false, "the built-in demo session")
	fs.BoolVar(&s.last, "last", false, "the newest session on disk")
}

// check refuses two ways of naming one session: whichever deck took, the
// other would be dropped without a word.
func (s sourceFlags) check(path string) error {
	switch {
	case s.demo && s.last:
		return errors.New("--demo and --last each name a session: give one")
	case s.demo && path != "":
		return fmt.Errorf("--demo and %s each name a session: give one", describePath(path))
	case s.last && path != "":
		return fmt.Errorf("--last and %s each name a session: give one", describePath(path))
	}
	return nil
}

func describePath(path string) string {
	if path == "-" {
		return "- (stdin)"
	}
	return fmt.Sprintf("the PATH %q", path)
}

// indexFlags say whether a command keeps and reads the index of sessions
// (docs/index.md): --no-index, on every command, goes without it.
type indexFlags struct{ off bool }

func (f *indexFlags) add(fs *pflag.FlagSet) {
	fs.BoolVar(&f.off, "no-index", false, "do not keep or read the index of sessions ($XDG_CACHE_HOME/deck): ls and search read every log")
}

// followFlags say whether the viewer follows a log as it grows.
type followFlags struct {
	follow   bool
	noFollow bool
}

func (f *followFlags) add(fs *pflag.FlagSet) {
	fs.BoolVarP(&f.follow, "follow", "f", false, "follow the log as it grows (default: when it is still being written)")
	fs.BoolVar(&f.noFollow, "no-follow", false, "do not follow the log")
}

// choice is what was asked: nil when nothing was, for the viewer's
// default.
func (f followFlags) choice() (*bool, error) {
	switch {
	case f.follow && f.noFollow:
		return nil, errors.New("--follow and --no-follow contradict each other: give one")
	case f.follow:
		return &f.follow, nil
	case f.noFollow:
		no := false
		return &no, nil
	}
	return nil, nil
}

// fits refuses following what never grows: the demo, and stdin, which is
// read as it comes to its end either way.
func (f followFlags) fits(src sourceFlags, path string) error {
	if !f.follow && !f.noFollow {
		return nil
	}
	switch {
	case src.demo:
		return errors.New("-f/--follow and --no-follow are for a log file: the demo is built in and never grows")
	case path == "-":
		return errors.New("-f/--follow and --no-follow are for a log file: stdin is read as it comes, to its end")
	}
	return nil
}

// Flag values with a fixed set of words.
var (
	themes = theme.Names
	colors = []string{"auto", "always", "never"}
	// terminalFormats are what every printing command writes: auto is
	// ansi on a terminal (unless NO_COLOR), plain elsewhere.
	terminalFormats = []string{"auto", "ansi", "plain"}
	// pageFormats are what render writes besides: a page, Markdown.
	pageFormats = []string{"auto", "ansi", "plain", "html", "markdown"}
)

// addFormat declares --format, one of words.
func addFormat(cmd *cobra.Command, value *string, words []string) {
	c := newChoice(value, "auto", words...)
	cmd.Flags().Var(c, "format", c.want())
	completeWords(cmd, "format", words)
}

// addTheme declares --theme; dflt "" follows the terminal's background.
func addTheme(cmd *cobra.Command, value *string, dflt, usage string) {
	cmd.Flags().Var(newChoice(value, dflt, themes...), "theme", usage)
	completeWords(cmd, "theme", themes)
}

func addInsecure(cmd *cobra.Command, value *bool) {
	cmd.Flags().BoolVar(value, "insecure", false, "allow plain http:// to a host that is not this machine (unencrypted)")
}

func addColor(cmd *cobra.Command, value *string) {
	cmd.Flags().Var(newChoice(value, "auto", colors...), "color", "auto, always or never (auto honours NO_COLOR)")
	completeWords(cmd, "color", colors)
}

func addWidth(cmd *cobra.Command, value *int) {
	cmd.Flags().VarP(columns{value}, "width", "w", "columns, 1 to 1000 (default: the terminal's, else $COLUMNS, else 100; at most 1000)")
	_ = cmd.RegisterFlagCompletionFunc("width", cobra.NoFileCompletions)
}

// completeWords completes a flag's value from its words.
func completeWords(cmd *cobra.Command, flag string, words []string) {
	_ = cmd.RegisterFlagCompletionFunc(flag, cobra.FixedCompletions(words, cobra.ShellCompDirectiveNoFileComp))
}
