package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestTooNarrowAGutterGoesWhole draws a read where its gutter (" 5 │ ",
// after the card's indent) leaves no cell for the text, and where it leaves
// one to three: below that the gutter goes, all of it, and the text has the
// whole row; at it and above, every row keeps the gutter's cells. Either way
// no row passes the width and the code line reads whole, row after row.
func TestTooNarrowAGutterGoesWhole(t *testing.T) {
	const first = "// ReadMetaFromMeta narrows a read result's meta into the read card's data,"
	const cardIndent = 2
	gutterWidth := ansi.StringWidth(" 5 │ ")
	for width := 6; width <= 10; width++ {
		rows := strings.Split(drawFixture(t, "read-window.jsonl", width)[0], "\n")
		dropped := width-cardIndent-gutterWidth < 1
		var text strings.Builder
		for i, row := range rows[1:] { // the header is rows[0]
			if w := Width(row); w > width {
				t.Errorf("width %d: row %d is %d cells: %q", width, i+1, w, row)
			}
			if text.Len() >= len(first) {
				break
			}
			cells := []rune(row)
			switch {
			case dropped && strings.Contains(row, "│"):
				t.Errorf("width %d: row %d keeps a gutter cell: %q", width, i+1, row)
			case dropped:
				text.WriteString(string(cells[cardIndent:]))
			case i == 0 && !strings.HasPrefix(row, "   5 │ "):
				t.Errorf("width %d: the first row lost its number: %q", width, row)
			case i > 0 && strings.TrimSpace(string(cells[:cardIndent+gutterWidth])) != "":
				t.Errorf("width %d: continuation row %d has no blank gutter: %q", width, i+1, row)
			default:
				text.WriteString(string(cells[cardIndent+gutterWidth:]))
			}
		}
		if got := text.String(); !strings.HasPrefix(got, first) {
			t.Errorf("width %d (gutter dropped: %v): the line reads %q, want %q", width, dropped, got, first)
		}
	}
}
