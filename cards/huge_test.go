package cards

import (
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
