package cli

import (
	"bufio"
	"fmt"
	"path"
	"strings"

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

--file FILE prints FILE's net change over the whole session as a diff card: against the file's text as the session first showed it (a whole read, or the write that made it), with the file's real line numbers; where the session never showed it, each edit in order, as its own card draws it, titled with the turn that made it. FILE is a path as the list prints it (relative to the folder the session was in when it first changed the file, which the list says when the log had moved the session), relative to the session's working directory, or absolute.`,
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
	defer collectLess(logBudget(path))() // as render: the whole log is read, then printed
	p, err := startPrinting(cmd, o.source, path, o.theme, o.color, o.width, false)
	if err != nil {
		return err
	}
	s := p.s
	co := cards.Options{Width: p.width, Theme: p.cardTheme(), Expanded: true, Cwd: s.Header.Cwd}
	list := changes.Of(s)
	rows := cards.ChangeList(list, co)
	if o.file != "" {
		file, err := changedFile(list, s.Header.Cwd, o.file)
		if err != nil {
			return inputError(cmd, err)
		}
		n, ok := changes.NetOf(s, file)
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

// changedFile is the changed file --file names, as the session keys it: a
// name as the list prints it (cards.FileName: relative to the folder the
// session was in when it first changed the file), or a path absolute or
// relative to the session's working directory. A name the list prints for
// two files (the same name in two folders the session moved between) is
// an error naming both; a file the list does not have is left for NetOf
// to refuse.
func changedFile(l changes.List, cwd, file string) (string, error) {
	var named []string
	for _, f := range l.Changed {
		if f.Path == inCwd(cwd, file) {
			return f.Path, nil
		}
		if cards.FileName(f) == file {
			named = append(named, f.Path)
		}
	}
	if len(named) > 1 {
		return "", fmt.Errorf("%s names %d changed files (%s): give its path", cards.Safe(file), len(named), cards.Safe(strings.Join(named, ", ")))
	}
	if len(named) == 1 {
		return named[0], nil
	}
	return inCwd(cwd, file), nil
}

// inCwd is a file relative to the session's working directory or absolute,
// as the session names it.
func inCwd(cwd, file string) string {
	if path.IsAbs(file) || cwd == "" {
		return file
	}
	return path.Join(cwd, file)
}
