package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// paragraphs is a reply of n bytes of short paragraphs, with code and
// lists between them: many pieces.
func paragraphs(n int) string {
	unit := "A paragraph of **prose** with `code` in it, long enough to wrap at a narrow width.\n\n" +
		"- a list\n- of two\n\n```go\nfunc f() {}\n```\n\n"
	return strings.Repeat(unit, n/len(unit)+1)
}

// A lazy card's rows are Render's first rows however far it is laid out,
// and Render's rows once whole: the corpus's replies as one, and a text
// of many pieces.
func TestALazyCardIsRendersCard(t *testing.T) {
	var all []string
	for text, kind := range markdownTexts(t) {
		if kind == "reply" {
			all = append(all, text)
		}
	}
	slices.Sort(all)
	for _, text := range []string{strings.Join(all, "\n\n"), paragraphs(24 << 10)} {
		for _, width := range []int{38, 118} {
			e := &session.AssistantText{Text: text, Cut: true}
			o := Options{Width: width, Theme: theme.Dark()}
			whole := Render(e, o)
			z := NewLazy(e, o)
			if z == nil {
				t.Fatalf("a reply of %d bytes is not drawn in pieces", len(text))
			}
			for n := 1; !z.Whole(); n += 97 {
				rows := z.Rows(n)
				if len(rows) < min(n, len(whole)) || !slices.Equal(rows, whole[:len(rows)]) {
					t.Fatalf("width %d: asked for %d rows, the lazy card's %d rows are not Render's first", width, n, len(rows))
				}
			}
			if !slices.Equal(z.All(), whole) {
				t.Errorf("width %d: the whole lazy card is not Render's", width)
			}
		}
	}
}

// A lazy card lays out only the pieces its rows need: a screen of a 10 MB
// reply costs a piece or two, not the text.
func TestALazyCardLaysOutOnlyWhatIsRead(t *testing.T) {
	text := paragraphs(10 << 20)
	z := NewLazy(&session.AssistantText{Text: text}, Options{Width: 120, Theme: theme.Dark()})
	if rows := z.Rows(50); len(rows) < 50 {
		t.Fatalf("asked for 50 rows, got %d", len(rows))
	}
	if done := z.l.(*reply).text.pieces; done > 2 {
		t.Errorf("50 rows laid out %d pieces", done)
	}
}

// A reply past the display cap stops being laid out there: the pieces
// below are counted as text not drawn, never laid out to drop their rows.
func TestAHugeReplyStopsAtTheCap(t *testing.T) {
	e := &session.AssistantText{Text: paragraphs(150 << 10)} // under what the cap shows of its characters, over its rows
	rows := Render(e, Options{Width: 20, Theme: theme.Dark()})
	if len(rows) != maxCardRows+1 || !strings.Contains(rows[len(rows)-1], "of text") { // the note, cut at the width
		t.Errorf("%d rows, the last %q", len(rows), rows[len(rows)-1])
	}
}
