package kit

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// SessionRow is one session of the picker: the cursor, a live mark, then
// its title, agent, directory, last change and size in aligned columns.
func SessionRow(th *theme.Theme, e catalog.Item, selected bool, cols Columns) string {
	return ContainedRow("session row", cols.width, func() string { return e.Title + " · " + e.Agent + " · " + e.Cwd },
		func() string { return drawSessionRow(th, e, selected, cols) })
}

func drawSessionRow(th *theme.Theme, e catalog.Item, selected bool, cols Columns) string {
	mark := rowMark(th, e)
	cursor := "  "
	titleStyle := th.Text
	if selected {
		cursor = th.Accent.Render("▌ ")
		titleStyle = th.Title
	}
	title, agent, cwd, when, size := cols.cells(e)
	return cursor + mark + titleStyle.Render(title) + th.Muted.Render(agent+cwd+when+size)
}

// rowMark leads a session's row: ⚠ for a log deck does not show as
// understood (a format newer than it reads) or cannot read, ● for a live
// one, ↑ for a host's session in an older format the host migrates when
// it is next written.
func rowMark(th *theme.Theme, e catalog.Item) string {
	switch {
	case e.NotShown != "", e.Unreadable != "":
		return th.Error.Render("⚠ ")
	case e.Live:
		return th.Success.Render("● ")
	case e.Migrates:
		return th.Notice.Render("↑ ")
	}
	return "  "
}

func byteCount(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KB", (n+1023)/1024)
	}
	return MB(n)
}

// FilterEntries is the indexes of the entries whose title, directory, path
// or agent holds every word of the query.
func FilterEntries(entries []catalog.Item, query string) []int {
	words := strings.Fields(strings.ToLower(query))
	if len(words) == 0 { // every one: the picker's first screen, and each title read after it, over thousands
		shown := make([]int, len(entries))
		for i := range shown {
			shown[i] = i
		}
		return shown
	}
	var shown []int
	for i, e := range entries {
		hay := strings.ToLower(e.Title + " " + e.Cwd + " " + e.Path + " " + e.Agent + " " + e.ID)
		keep := true
		for _, w := range words {
			if !strings.Contains(hay, w) {
				keep = false
				break
			}
		}
		if keep {
			shown = append(shown, i)
		}
	}
	return shown
}
