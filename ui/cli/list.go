package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

func newList(ix *indexFlags) *cobra.Command {
	return &cobra.Command{
		Use:   "ls",
		Short: "List the sessions on disk, newest first",
		Long: `List the sessions on disk of every agent deck knows, newest first (the folders are those of the picker; see deck --help).

The list is kept in the index ($XDG_CACHE_HOME/deck, see deck index): each log is looked at, and read only when it changed since; the first run reads them all, with a progress bar on stderr in a terminal. --no-index reads every log's start instead, as deck did before it kept one.

In a terminal each session is two lines: its title, then its start, size, agent, working directory and file, which is never cut (a file the line cannot hold goes on a third line of its own); ● marks a live session, ⚠ a log in a format newer than deck reads. Otherwise each is one line of tab-separated fields, for scripts: start (RFC 3339), agent, size in bytes, "live", "too-new" (a format newer than deck reads) or "-", path, working directory, title.`,
		Example: `
# the newest session's file
deck ls | head -1 | cut -f5`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return list(cmd, *ix)
		},
	}
}

func list(cmd *cobra.Command, f indexFlags) error {
	stdout := cmd.OutOrStdout()
	roots := catalog.DefaultRoots()
	found, ok := listIndexed(cmd, f, roots)
	if !ok {
		found = catalog.ScanAll(catalog.Find(roots))
	}
	if len(found) == 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: no sessions in %s\n", cmd.CommandPath(), catalog.Describe(roots))
		return nil
	}
	var th *theme.Theme // a script gets plain fields
	if isTerminal(stdout) {
		th = theme.Dark()
	}
	var text strings.Builder
	if err := kit.WriteList(&text, found, th, terminalWidth(stdout)); err != nil {
		return inputError(cmd, fmt.Errorf("listing the sessions: %w", err))
	}
	out := text.String()
	if th != nil {
		profile, _ := theme.Profile("auto", stdout, os.Environ())
		out = theme.Encode(out, profile)
	}
	if _, err := io.WriteString(stdout, out); err != nil {
		return inputError(cmd, fmt.Errorf("writing: %w", err))
	}
	return nil
}

// listIndexed lists the sessions from the index, brought up to the logs
// on disk; ok is false when there is no index to list from (--no-index,
// or it could not be opened or updated: said on stderr).
func listIndexed(cmd *cobra.Command, f indexFlags, roots []catalog.Root) (found []catalog.Item, ok bool) {
	ix := openIndex(cmd, f)
	if ix == nil {
		return nil, false
	}
	defer ix.Close()
	_, err := updateIndex(cmd, ix, roots)
	var sessions []index.Session
	if err == nil {
		sessions, err = ix.Sessions(commandContext(cmd))
	}
	if err != nil {
		withoutIndex(cmd, err)
		return nil, false
	}
	for _, s := range sessions {
		found = append(found, s.Item())
	}
	return found, true
}
