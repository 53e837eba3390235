package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// A break character that reaches a full row goes to the next row with its
// word (x/ansi, which glamour wraps with, leaves it on the row, a cell
// past the width); one that fits stays, and the row may break after it.
func TestABreakCharacterThatDoesNotFitGoesWithItsWord(t *testing.T) {
	for _, c := range []struct {
		row    string
		width  int
		breaks string
		want   []string
	}{
		{"code style, type", 10, blockBreaks, []string{"code", "style,", "type"}},
		{"todo submission. Includes", 15, proseBreaks, []string{"todo", "submission.", "Includes"}},
		{"in order - then", 8, proseBreaks, []string{"in order", "- then"}},
		{"a comma,splits here", 8, blockBreaks, []string{"a comma,", "splits", "here"}},
		{"a comma,stays in prose", 8, proseBreaks, []string{"a", "comma,st", "ays in", "prose"}},
		{"well-known words", 7, proseBreaks, []string{"well-", "known", "words"}},
	} {
		if got := wrapRendered(c.row, c.width, c.breaks); !slices.Equal(got, c.want) {
			t.Errorf("%q at %d: got %q, want %q", c.row, c.width, got, c.want)
		}
	}
}

// A style that spans a break is closed at the end of the row and opened
// again on the next.
func TestWrappedRowsReopenTheirStyles(t *testing.T) {
	got := wrapRendered("plain \x1b[1mbold words\x1b[m end", 11, proseBreaks)
	want := []string{"plain \x1b[1mbold\x1b[m", "\x1b[1mwords\x1b[m end"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// FuzzWrapRendered: whatever the row and the width, every row fits (but a
// cluster wider than the width, alone but for zero-width marks), and the row's text comes out
// whole, in order, only spaces dropped at breaks.
func FuzzWrapRendered(f *testing.F) {
	f.Add("\x1b[38;2;1;2;3mcode style,\x1b[m type, correctness - and \x1b[1m漢字 👍🏽 1️⃣,\x1b[m.", uint8(9), true)
	f.Add("    indented code, with a very_long_identifier_past_the_row; and more", uint8(12), true)
	f.Add("a-b-c-d-e-f well-known, end.", uint8(3), false)
	f.Fuzz(func(t *testing.T, raw string, width uint8, code bool) {
		row := keepSGR(raw) // a rendered row: styles and text
		if strings.ContainsAny(row, "\t\n") {
			return
		}
		w := int(width%40) + 1
		breaks := proseBreaks
		if code {
			breaks = blockBreaks
		}
		rows := wrapRendered(row, w, breaks)
		var text strings.Builder
		for _, r := range rows {
			if Width(r) > w {
				n := 0
				Pieces(r, func(_ string, cw int, isText bool) {
					if isText && cw > 0 { // a zero-width mark rides along
						n++
					}
				})
				if n > 1 {
					t.Errorf("%q at %d: row %q is %d cells", row, w, r, Width(r))
				}
			}
			text.WriteString(ansi.Strip(r))
		}
		strip := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if got, want := strip(text.String()), strip(ansi.Strip(row)); got != want {
			t.Errorf("%q at %d: text %q, want %q", row, w, got, want)
		}
	})
}
