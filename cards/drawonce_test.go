package cards

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"weak"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// DrawOnce draws what EachCard draws, and lets each entry go once its
// card is emitted: the collector, which runs all through the drawing of a
// million events, has the drawn ones off its hands, where it marked the
// whole session at every run.
func TestDrawOnceLetsGoOfEachEntryDrawn(t *testing.T) {
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true}
	var want, got [][]string
	collect := func(into *[][]string) func([]string) error {
		return func(rows []string) error { *into = append(*into, slices.Clone(rows)); return nil }
	}
	if err := EachCard(demo.Session(), o, collect(&want)); err != nil {
		t.Fatal(err)
	}
	if err := DrawOnce(demo.Session(), stats.Totals(demo.Session()), o, collect(&got)); err != nil {
		t.Fatal(err)
	}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("DrawOnce drew %d cards, EachCard %d, not the same", len(got), len(want))
	}

	s := &session.Session{}
	var entries []weak.Pointer[session.AssistantText]
	for range 400 {
		e := &session.AssistantText{Text: "a reply of a few words"}
		s.Entries = append(s.Entries, e)
		entries = append(entries, weak.Make(e))
	}
	emitted, held := 0, -1
	err := DrawOnce(s, stats.Totals(s), o, func([]string) error {
		if emitted++; emitted == 300 { // the header, then 299 entries' cards
			runtime.GC()
			held = 0
			for _, p := range entries[:200] { // well behind the cards drawn ahead
				if p.Value() != nil {
					held++
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if held != 0 {
		t.Errorf("%d of the first 200 entries still held once their cards were emitted", held)
	}
	if len(s.Entries) != 0 {
		t.Errorf("the session holds %d entries after DrawOnce", len(s.Entries))
	}
}

// DrawOnce's header shows the figures it is given, counted once by the
// render for its stats card too: it counts none itself.
func TestDrawOnceHeadsTheCardsWithTheFiguresItIsGiven(t *testing.T) {
	s := demo.Session()
	st := stats.Totals(s)
	st.Turns = 4321
	var head []string
	err := DrawOnce(s, st, Options{Width: 100, Theme: theme.Dark()}, func(rows []string) error {
		if head == nil {
			head = rows
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(ansi.Strip(strings.Join(head, "\n")), "4,321 turns") {
		t.Errorf("the header does not show the figures given:\n%s", ansi.Strip(strings.Join(head, "\n")))
	}
}
