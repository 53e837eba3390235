package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/index"
)

// openIndex opens the index for a command, or returns nil, having said on
// stderr why, once: the command then does without, as deck did before it
// had one. With --no-index it says nothing.
func openIndex(cmd *cobra.Command, f indexFlags) *index.Index {
	if f.off {
		return nil
	}
	dir, err := index.Dir()
	var ix *index.Index
	if err == nil {
		ix, err = index.Open(dir)
	}
	if err != nil {
		withoutIndex(cmd, err)
		return nil
	}
	tellNotes(cmd, ix)
	return ix
}

// pickerIndex opens the index for the picker's content search, or says
// why there is none: the search says it on screen, not on stderr, which
// the full screen hides.
func pickerIndex(f indexFlags) (*index.Index, string) {
	if f.off {
		return nil, "--no-index"
	}
	dir, err := index.Dir()
	var ix *index.Index
	if err == nil {
		ix, err = index.Open(dir)
	}
	if err != nil {
		return nil, readError(err).Error()
	}
	return ix, ""
}

// withoutIndex says that the command goes on without the index, and why.
func withoutIndex(cmd *cobra.Command, err error) {
	fmt.Fprintf(cmd.ErrOrStderr(), "%s: working without the index (%s); --no-index says nothing of it\n", cmd.CommandPath(), cards.Safe(readError(err).Error()))
}

// tellNotes says on stderr what the index did that the user should hear
// of (it was made again).
func tellNotes(cmd *cobra.Command, ix *index.Index) {
	for _, n := range ix.Notes() {
		fmt.Fprintf(cmd.ErrOrStderr(), "%s: %s\n", cmd.CommandPath(), cards.Safe(n))
	}
}

// updateIndex brings the index up to the logs on disk, with a progress
// bar on stderr when it is a terminal.
func updateIndex(cmd *cobra.Command, ix *index.Index, roots []catalog.Root) (index.Summary, error) {
	bar := newProgressBar(cmd.ErrOrStderr())
	sum, err := ix.Update(commandContext(cmd), roots, bar.show)
	bar.clear()
	tellNotes(cmd, ix)
	return sum, err
}

// progressBar draws an update's progress on one line of a terminal,
// redrawn at most ten times a second, and wipes it when done. On anything
// else it draws nothing: a script's stderr gets no carriage returns.
type progressBar struct {
	w     io.Writer
	on    bool
	drawn bool
	last  time.Time
}

func newProgressBar(w io.Writer) *progressBar {
	return &progressBar{w: w, on: isTerminal(w)}
}

func (b *progressBar) show(p index.Progress) {
	if !b.on || p.Done < p.Sessions && time.Since(b.last) < 100*time.Millisecond {
		return
	}
	b.last = time.Now()
	const cells = 24
	filled := 0
	if p.Bytes > 0 {
		filled = int(int64(cells) * p.DoneBytes / p.Bytes)
	}
	fmt.Fprintf(b.w, "\r\x1b[Kindexing %s [%s%s] %s of %s sessions, %s of %s",
		percent(p.DoneBytes, p.Bytes), strings.Repeat("█", filled), strings.Repeat("░", cells-filled),
		human.Thousands(int64(p.Done)), human.Thousands(int64(p.Sessions)), human.Bytes(p.DoneBytes), human.Bytes(p.Bytes))
	b.drawn = true
}

func (b *progressBar) clear() {
	if b.drawn {
		fmt.Fprint(b.w, "\r\x1b[K")
	}
}

func percent(n, of int64) string {
	if of <= 0 {
		return "100%"
	}
	return fmt.Sprintf("%3d%%", 100*n/of)
}

// context of a command, never nil (a test's command has none).
func commandContext(cmd *cobra.Command) context.Context {
	if ctx := cmd.Context(); ctx != nil {
		return ctx
	}
	return context.Background()
}
