package cards

import (
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A text longer than the display cap can show draws the same first rows as
// the whole text would, then says how much of it was not drawn.
func TestAHugeTextDrawsWhatTheCapShows(t *testing.T) {
	th := theme.Dark()
	o := Options{Width: 40, Theme: th, Expanded: true}
	text := strings.Repeat("lorem ipsum dolor sit amet ", 20000) // 540 KB: 10,000 rows of 38 cells hold 380,000
	whole := markdown(th, text, 38, false)
	if len(whole) <= maxCardRows {
		t.Fatalf("the text makes only %d rows", len(whole))
	}
	rows := Render(&session.AssistantText{Text: text}, o)
	if len(rows) != maxCardRows+1 {
		t.Fatalf("%d rows", len(rows))
	}
	for i := range maxCardRows - 1 { // the last row of the cut text may end where the cut did
		if rows[i] != "  "+whole[i] {
			t.Fatalf("row %d: %q, the whole text's %q", i, rows[i], whole[i])
		}
	}
	if note := rows[maxCardRows]; !strings.Contains(note, "of text more not drawn") {
		t.Fatalf("the last row: %q", note)
	}
}

// The work of drawing a huge text is bounded by the display cap, not by its
// size: a 10 MB line costs what the cap's rows cost.
func TestAHugeLineCostsWhatTheCapShows(t *testing.T) {
	if testing.Short() {
		t.Skip("draws 10 MB")
	}
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true}
	huge := strings.Repeat("x", 10<<20)
	for _, e := range []session.Entry{&session.AssistantText{Text: huge}, &session.Reasoning{Text: huge}} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		rows := Render(e, o)
		runtime.ReadMemStats(&after)
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 1<<30 { // uncut: 7.7 GiB for the reasoning
			t.Errorf("%T: drawing a 10 MB line allocated %d MiB", e, alloc>>20)
		}
		if !strings.Contains(rows[len(rows)-1], "of text more not drawn") {
			t.Errorf("%T: the last row: %q", e, rows[len(rows)-1])
		}
	}
}
