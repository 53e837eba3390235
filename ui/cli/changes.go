package cli

import (
	"bufio"
	"fmt"
	"path"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/theme"
)

// changesOptions say what deck changes prints.
type changesOptions struct {
	formatFlags
	file   string // a file whose net change to print
	width  int
	theme  string
	source sourceFlags
}

func newChanges() *cobra.Command {
	var o changesOptions
	cmd := &cobra.Command{
		Use:   "changes [PATH|-]",
		Short: "List the files a session changed; print one file's net change",
		Long: `List every file the session wrote or edited, in the order it first touched them, with the lines its net change adds and removes and how many edits made it; the files it only read are listed apart, and those the present tool handed over are marked.

--file FILE prints FILE's net change over the whole session as a diff card: against the file's text as the session first showed it (a whole read, or the write that made it), with the file's real line numbers; where the session never showed it, each edit in order, as its own card draws it, titled with the turn that made it. FILE is a path as the list prints it: relative to the session's working directory, or absolute.`,
		Example: `
# what did the session touch?
deck changes session.jsonl.zstd
# one file's net change
deck changes session.jsonl.zstd --file /work/app/main.go`,
		Args:              atMostOnePath("list"),
		ValidArgsFunction: completePath,
		RunE: func(cmd *cobra.Command, args []string) error {
			path := pathArg(args)
			if err := o.source.check(path); err != nil {
				return usageError(cmd, err)
			}
			if err := o.settle(cmd); err != nil {
				return usageError(cmd, err)
			}
			return printChanges(cmd, o, path)
		},
	}
	cmd.Flags().Var(pathValue{&o.file}, "file", "print this file's net change")
	addWidth(cmd, &o.width)
	o.formatFlags.add(cmd, terminalFormats)
	addTheme(cmd, &o.theme, "dark", "dark or light")
	o.source.add(cmd.Flags())
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

func printChanges(cmd *cobra.Command, o changesOptions, path string) error {
	p, err := startPrinting(cmd, o.source, path, o.theme, o.color, o.width, false)
	if err != nil {
		return err
	}
	s := p.s
	co := cards.Options{Width: p.width, Theme: p.cardTheme(), Expanded: true, Cwd: s.Header.Cwd}
	rows := cards.ChangeList(changes.Of(s), co)
	if o.file != "" {
		n, ok := changes.NetOf(s, inCwd(s.Header.Cwd, o.file))
		if !ok {
			return inputError(cmd, fmt.Errorf("%s did not change %s (deck changes %s lists the files it did)", cards.Safe(p.name), cards.Safe(o.file), cards.Safe(p.name)))
		}
		rows = cards.NetChange(n, co)
	}
	return p.finish(cmd, writeRows(p.out, rows, theme.NewEncoder(p.profile)))
}

// writeRows writes rows of a card, each ended by a newline, in the
// encoder's colours, straight into out's buffer.
func writeRows(out *bufio.Writer, rows []string, enc *theme.Encoder) error {
	_, err := out.Write(enc.AppendRows(out.AvailableBuffer(), rows))
	return err
}

// inCwd is a file as the list names it, relative to the session's working
// directory or absolute, as the session names it.
func inCwd(cwd, file string) string {
	if path.IsAbs(file) || cwd == "" {
		return file
	}
	return path.Join(cwd, file)
}
