package viewer

import (
	"fmt"
	"regexp"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// countLate makes every count of a card's rows wait until the returned
// func is called.
func countLate(t *testing.T) (release func()) {
	wait, release := gate(t, func() { countCard = cards.CountRows })
	countCard = func(e session.Entry, o cards.Options, count func(string) int, stop func() bool) int {
		wait()
		return cards.CountRows(e, o, count, stop)
	}
	return release
}

var aPercentage = regexp.MustCompile(`\d+%`)

// Until every card is counted at the width shown, the status bar shows no
// percentage rather than one that looks exact: a resize stops the count
// of the old width, whose figures come too late to be shown.
func TestNoPercentageUntilEveryCardIsCounted(t *testing.T) {
	path := longCommandLog(t)
	v := readViewer(t, path)
	release := countLate(t)
	v.resize(100, 30)
	old := v.countRows()
	if old == nil {
		t.Fatal("no count started")
	}
	if p := aPercentage.FindString(v.statusBar()); p != "" {
		t.Fatalf("a percentage before the cards are counted: %s", p)
	}
	late := make(chan tea.Msg, 1)
	go func() { late <- old() }()

	v.resize(70, 30) // the count at 100 columns is of no use now
	next := v.countRows()
	release()
	v.Update(<-late)
	if p := aPercentage.FindString(v.statusBar()); p != "" {
		t.Fatalf("a percentage from the count at the old width: %s", p)
	}
	drain(v, next)
	want := rowShares(t, path, 70, 30)(false, 0)
	if p := aPercentage.FindString(v.statusBar()); p != fmt.Sprintf("%d%%", want) {
		t.Fatalf("counted at 70 columns, the status bar says %q, not %d%%:\n%s", p, want, v.statusBar())
	}
}

// At the bottom, the cards on screen drawn to the end of the transcript,
// the percentage is 100% before the cards above are counted: the end of
// the transcript on screen is all it takes.
func TestTheBottomIsAtAHundredBeforeTheCount(t *testing.T) {
	v := readViewer(t, longCommandLog(t))
	v.cache = newRenderCache(cacheBytes) // the drawings readViewer left in the background never come back
	press(v, "G")
	v.counts = rowCounts{} // as before any count
	if p := v.percent(); p != "100%" {
		t.Fatalf("at the bottom, not yet counted: %q", p)
	}
}
