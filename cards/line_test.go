package cards

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/theme"
)

func TestWrappingNeverPassesTheWidth(t *testing.T) {
	th := theme.Dark()
	text := "wide 漢字漢字漢字 emoji 👩‍💻👩‍💻 a-very-long-word-that-does-not-fit-anywhere tab\tstop"
	l := safeText(th, text, th.Text)
	for w := 1; w <= 40; w++ {
		for _, rows := range [][]line{l.wrap(w), l.wrapWords(w)} {
			var joined strings.Builder
			for _, r := range rows {
				if r.width() > w && w >= 2 {
					t.Fatalf("width %d: row %q is %d wide", w, r.plain(), r.width())
				}
				joined.WriteString(r.plain())
			}
			if got := strings.ReplaceAll(joined.String(), " ", ""); got != strings.ReplaceAll(l.plain(), " ", "") {
				t.Fatalf("width %d lost text: %q", w, got)
			}
		}
		if tr := l.truncate(w, span{"…", th.Muted}); tr.width() > w {
			t.Fatalf("truncate %d: %d", w, tr.width())
		}
	}
}

func TestWordWrapBreaksAtSpaces(t *testing.T) {
	rows := line{{"the quick brown fox", theme.Style{}}}.wrapWords(10)
	var got []string
	for _, r := range rows {
		got = append(got, r.plain())
	}
	if strings.Join(got, "|") != "the quick|brown fox" {
		t.Errorf("got %q", got)
	}
}
