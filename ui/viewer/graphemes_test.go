package viewer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The viewer on a session whose title, commands, files and Markdown hold
// clusters the two kinds of terminal draw at different widths (👍🏽,
// 👨‍👩‍👧, กำ, Hangul jamo, क्षि): at 80 and 120 columns, page after page,
// no line of the screen is wider than it a code point at a time (tmux, and
// Bubble Tea's renderer inside it, which cut what is wider) or by clusters
// (x/vt), and the status bar ends with its facts whole. Measured by
// clusters alone, the title left the bar's last fact cut.
func TestTheScreenFitsWideGraphemes(t *testing.T) {
	v := readViewer(t, "../../golden/testdata/fixtures/wide-graphemes.jsonl")
	for _, w := range []int{80, 120} {
		v.resize(w, 30)
		press(v, "g")
		for page := 0; page < 40; page++ {
			for i, l := range strings.Split(v.View().Content, "\n") {
				if ansi.StringWidthWc(l) > w || ansi.StringWidth(l) > w {
					t.Fatalf("%d columns, page %d: line %d is %d cells a code point at a time, %d by clusters:\n%q", w, page, i, ansi.StringWidthWc(l), ansi.StringWidth(l), ansi.Strip(l))
				}
			}
			if status := strings.TrimRight(ansi.Strip(v.statusBar()), " "); !strings.HasSuffix(status, " calls") {
				t.Fatalf("%d columns, page %d: the status bar reads %q", w, page, status)
			}
			press(v, "space")
		}
	}
}
