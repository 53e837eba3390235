package golden

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/theme"
)

// A card header right-aligns its figures (`2 lines · 25ms`). Its command
// or path may hold clusters the two kinds of terminal draw at different
// widths: 👍🏽, 👨‍👩‍👧, กำ, Hangul jamo, क्षि, … (the wide-graphemes
// fixture has a command of each, a file and a write). Each of its 15
// headers, at every width from 20 to 160, is measured as tmux and Bubble
// Tea's renderer inside it lay it out, a code point at a time (x/ansi's
// wcwidth), and drawn on x/vt, which lays out grapheme clusters: on both
// it keeps to its line and ends with a whole figure, all of them from 40
// columns. Measured by clusters alone, the renderer in tmux cut them
// (`1 line · 10` for `1 line · 10ms`).
func TestWideGraphemeHeadersKeepTheirFigures(t *testing.T) {
	s := open(t, "testdata/fixtures/wide-graphemes.jsonl")
	figure := regexp.MustCompile(`(\d+ms|\d+ lines?|−\d+)$`)
	emu := vt.NewEmulator(20, 2)
	for w := 20; w <= 160; w++ {
		emu.Resize(w, 2)
		headers := 0
		for _, row := range strings.Split(render(s, w, theme.Dark()), "\n") {
			text := strings.TrimRight(ansi.Strip(row), " ")
			if !strings.HasPrefix(text, "✓ ") {
				continue
			}
			headers++
			if !figure.MatchString(text) || w >= 40 && !strings.HasSuffix(text, " · 25ms") && !strings.HasSuffix(text, "   25ms") {
				t.Fatalf("width %d: a header does not end with its figures: %q", w, text)
			}
			if got := ansi.StringWidthWc(row); got > w {
				t.Fatalf("width %d: a header is %d cells a code point at a time; tmux cuts its figures:\n%q", w, got, text)
			}
			if _, err := emu.WriteString("\x1b[H\x1b[2J" + row); err != nil {
				t.Fatal(err)
			}
			if first, next := screenLine(emu, 0), screenLine(emu, 1); first != text || next != "" {
				t.Fatalf("width %d: x/vt shows the header\n%q\nas\n%q\n%q", w, text, first, next)
			}
		}
		if headers != 15 {
			t.Fatalf("width %d: %d headers; the fixture has 15", w, headers)
		}
	}
}

// screenLine is the text of the emulator's line y, its trailing blanks
// dropped.
func screenLine(emu *vt.Emulator, y int) string {
	var b strings.Builder
	for x := 0; x < emu.Width(); x++ {
		if c := emu.CellAt(x, y); c != nil {
			b.WriteString(c.Content)
		}
	}
	return strings.TrimRight(b.String(), " ")
}
