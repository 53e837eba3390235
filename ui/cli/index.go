package cli

import (
	"errors"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/human"
)

// indexOptions are deck index's flags.
type indexOptions struct {
	index   *indexFlags
	rebuild bool
	status  bool
}

func newIndex(ix *indexFlags) *cobra.Command {
	o := indexOptions{index: ix}
	cmd := &cobra.Command{
		Use:   "index",
		Short: "Bring the index of sessions up to date now, or say what it holds",
		Long: `deck keeps an index of the sessions on disk in $XDG_CACHE_HOME/deck (default ~/.cache/deck), private to you (the folder 0700, the files 0600: it holds the sessions' text): a row per session for deck ls, and the text of every card for deck search. deck ls and deck search bring it up to date themselves; deck index does it now, with a progress bar on stderr in a terminal, and says what it did.

A log is read again only when it changed (its size, time or inode; an append is told from a rewrite by its first bytes); a session gone from disk leaves the index. The index is a cache: deleting it loses nothing. One of an older deck, or a damaged one, is made again, with a notice. --no-index, on any command, goes without it.

--rebuild empties it first and reads every log again. --status says what it holds: sessions, the logs' bytes, its size on disk and its last update.`,
		Example: `
# index every session now
deck index
# what is in it
deck index --status`,
		Args:              noArgs,
		ValidArgsFunction: cobra.NoFileCompletions,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runIndex(cmd, o)
		},
	}
	cmd.Flags().BoolVar(&o.rebuild, "rebuild", false, "empty the index and read every log again")
	cmd.Flags().BoolVar(&o.status, "status", false, "say what the index holds, and do nothing")
	cmd.SetFlagErrorFunc(flagError)
	return cmd
}

func runIndex(cmd *cobra.Command, o indexOptions) error {
	switch {
	case o.index.off:
		return usageError(cmd, errors.New("--no-index leaves deck index nothing to do"))
	case o.rebuild && o.status:
		return usageError(cmd, errors.New("--rebuild and --status contradict each other: give one"))
	}
	ix := openIndex(cmd, indexFlags{})
	if ix == nil {
		return inputError(cmd, errors.New("the index cannot be kept (said above)"))
	}
	defer ix.Close()
	ctx := commandContext(cmd)
	out := cmd.OutOrStdout()
	if o.status {
		st, err := ix.Status(ctx)
		if err != nil {
			return inputError(cmd, err)
		}
		ratio := ""
		if st.LogBytes > 0 {
			ratio = fmt.Sprintf(" (%.2f × the logs)", float64(st.DiskBytes)/float64(st.LogBytes))
		}
		updated := "never"
		if !st.Updated.IsZero() {
			updated = st.Updated.Local().Format("2006-01-02 15:04:05")
		}
		_, err = fmt.Fprintf(out, "index     %s\nsessions  %s\nlogs      %s\non disk   %s%s\ntexts     %s\nupdated   %s\n",
			cards.Safe(st.Path), human.Thousands(st.Sessions), human.Bytes(st.LogBytes), human.Bytes(st.DiskBytes), ratio,
			human.Thousands(st.Texts), updated)
		return err
	}
	if o.rebuild {
		if err := ix.Rebuild(ctx); err != nil {
			return inputError(cmd, err)
		}
	}
	start := time.Now()
	sum, err := updateIndex(cmd, ix, catalog.DefaultRoots())
	if err != nil {
		return inputError(cmd, err)
	}
	_, err = fmt.Fprintf(out, "%s sessions; read %s (%s), removed %s, in %s\n", human.Thousands(sum.Sessions),
		human.Thousands(sum.Read), human.Bytes(sum.ReadBytes), human.Thousands(sum.Removed), time.Since(start).Round(time.Millisecond))
	if err == nil && sum.Failed > 0 {
		_, err = fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s logs could not be read; they are listed untitled and read again next time\n", cmd.CommandPath(), human.Thousands(sum.Failed))
	}
	return err
}
