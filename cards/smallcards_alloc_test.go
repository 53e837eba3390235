package cards

import (
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// smallEvents is a session of small events (loggen.SmallEvents): prompts,
// short replies, shell calls of one line of output, turns.
func smallEvents(t *testing.T) *session.Session {
	if raceEnabled {
		t.Skip("the race detector makes a sync.Pool drop what is put back: its allocations are not the program's")
	}
	path, err := loggen.SmallEvents(t.TempDir(), 1200)
	if err != nil {
		t.Fatal(err)
	}
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// A small card costs few allocations: a million small events are 750,000
// cards, and what drawing them allocates is what the collector runs for,
// marking the whole session each time. 35 a card before issue 23's render
// work (the width of every styled row segmented into grapheme clusters,
// a string a span, maps for a command's output of one style, the card's
// own struct, its rows grown from one); 18.6 now.
func TestASmallCardAllocatesLittle(t *testing.T) {
	s := smallEvents(t)
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true, Cwd: s.Header.Cwd}
	perCard := testing.AllocsPerRun(3, func() {
		for _, e := range s.Entries {
			Render(e, o)
		}
	}) / float64(len(s.Entries))
	if perCard > 22 {
		t.Errorf("a small card allocates %.1f times", perCard)
	}
}

// EachCard adds next to nothing to each card's own allocations: no channel
// a card, no copy of its rows to lead them with a blank one.
func TestEachCardAddsNothingPerCard(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector makes a sync.Pool drop what is put back: its allocations are not the program's")
	}
	s := smallEvents(t)
	o := Options{Width: 100, Theme: theme.Dark(), Expanded: true, Cwd: s.Header.Cwd}
	drawn := testing.AllocsPerRun(3, func() {
		Header(s, o) // its pills count the whole session
		for _, e := range s.Entries {
			Render(e, o)
		}
	})
	each := testing.AllocsPerRun(3, func() {
		if err := EachCard(s, o, func([]string) error { return nil }); err != nil {
			t.Fatal(err)
		}
	})
	if extra := (each - drawn) / float64(len(s.Entries)); extra > 0.5 {
		t.Errorf("EachCard allocates %.2f times a card more than drawing the cards", extra)
	}
}
