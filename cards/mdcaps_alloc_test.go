//go:build !race

package cards

import (
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/theme"
)

// The first piece of Markdown that nothing cuts glamour draws alike (a
// heading before each paragraph) costs a window of it, not the text: the
// cuts were looked for by parsing the whole text, in windows doubling to
// it, then the whole piece again to cut it before its blocks.
func TestTheFirstPieceOfUncutMarkdownCostsAWindow(t *testing.T) {
	unit := "## A section\n\nSome prose under it, long enough to wrap at a hundred columns once or twice, as prose does.\n\n"
	text := strings.Repeat(unit, (1<<20)/len(unit))
	l := mdLayout{m: prepareMarkdown(theme.Dark(), text, 100, false)}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	rows := l.next()
	runtime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 || len(rows) == 0 {
		t.Errorf("the first piece of a 1 MB text allocated %d MiB (%d rows)", alloc>>20, len(rows))
	}
}
