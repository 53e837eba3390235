package cli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui"
)

func newList() *cobra.Command {
	return &cobra.Command{
		Use:   "ls",
		Short: "List the sessions on disk, newest first",
		Long: `List the sessions on disk of every agent deck knows, newest first (the folders are those of the picker; see deck --help).

In a terminal each session is two lines: its title, then its start, size, agent, working directory and file, which is never cut (a file the line cannot hold goes on a third line of its own); ● marks a live session, ⚠ a log in a format newer than deck reads. Otherwise each is one line of tab-separated fields, for scripts: start (RFC 3339), agent, size in bytes, "live", "too-new" (a format newer than deck reads) or "-", path, working directory, title.`,
		Example: `
# the newest session's file
deck ls | head -1 | cut -f5`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE:              list,
	}
}

func list(cmd *cobra.Command, _ []string) error {
	stdout := cmd.OutOrStdout()
	roots := catalog.DefaultRoots()
	found := catalog.ScanAll(catalog.Find(roots))
	if len(found) == 0 {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: no sessions in %s\n", cmd.CommandPath(), catalog.Describe(roots))
		return nil
	}
	var th *theme.Theme // a script gets plain fields
	if isTerminal(stdout) {
		th = theme.Dark()
	}
	var text strings.Builder
	if err := ui.WriteList(&text, found, th, terminalWidth(stdout)); err != nil {
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
