package viewer

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// A hit whose card is not in the log (it changed since it was indexed)
// opens the session at its top with the search set, and says so: the
// search's first match is current, and n goes on.
func TestLandingOnACardNoMoreThereSearchesFromTheTop(t *testing.T) {
	x := start(t, Options{Demo: true, Land: &landing{entry: 1 << 20, query: "healthz"}}, 100, 30)
	x.waitFor("the hit is not in the log now", "match 1 of")
	x.keys("n")
	x.waitFor("match 2 of")
	x.quit()
}

// A hit in a subagent's work (a Claude Code Task's nested transcript)
// opens its session at the Task's card, opened to the hit: the focus on
// the nested entry that holds the match (the status bar says which), and
// ] steps on from it to the subagent's next call.
func TestLandingInASubagentsWorkFocusesTheNestedEntry(t *testing.T) {
	const task, query = 13, "safe-array-concat" // the Task "Implement state management"; the query in one of its calls' output
	v := readViewer(t, longClaude)
	c, ok := v.items[task].e.(*session.ToolCall)
	if !ok || len(c.Nested) == 0 {
		t.Fatalf("entry %d is no Task with a subagent's work: %T", task, v.items[task].e)
	}
	holds := -1 // the nested entry whose text holds the query, depth first as the card draws them
	for k, it := range v.items[task].nested {
		texts, _ := cards.SearchText(it.e, "")
		if slices.ContainsFunc(texts, func(s string) bool { return strings.Contains(s, query) }) {
			holds = k
			break
		}
	}
	if holds < 1 {
		t.Fatalf("no nested entry but the first holds %q (%d)", query, holds)
	}
	x := start(t, Options{Path: longClaude, Follow: new(false), Land: &landing{entry: task, query: query}}, 120, 40)
	want := fmt.Sprintf("nested %d of %d", holds+1, len(v.items[task].nested))
	s := x.waitFor("match ", want)
	if !strings.Contains(s, query) {
		t.Fatalf("the match is not on screen:\n%s", s)
	}
	next := holds + 1 // ] goes on to the subagent's next call
	for next < len(v.items[task].nested) && !v.items[task].nested[next].tool {
		next++
	}
	x.keys("]")
	x.waitFor(fmt.Sprintf("nested %d of %d", next+1, len(v.items[task].nested)))
	x.quit()
}

// matchOf is the status bar's "match k of n".
var matchOf = regexp.MustCompile(`match (\d+) of (\d+)`)

// holding are the places (from 1, as the status bar counts them) of the
// entries nested in the card of entry that hold query, by the viewer's
// own rule.
func holding(t *testing.T, v *Viewer, entry int, query string) (places []int, of int) {
	t.Helper()
	m, err := newMatcher(query)
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range v.items {
		if it.at != entry {
			continue
		}
		for k, n := range it.nested {
			if m.holds(n.e) {
				places = append(places, k+1)
			}
		}
		return places, len(it.nested)
	}
	t.Fatalf("no card of entry %d", entry)
	return nil, 0
}

// A hit the index found in the 2nd of the 3 entries nested in a Task that
// hold the query opens focused on that entry (the status bar's nested
// k of n), the match current the first in it, not the card's first match
// (in the 1st); n goes on from there.
func TestLandingOnANestedHitFocusesTheEntryTheIndexNamed(t *testing.T) {
	const task, query = 13, "pnpm" // the Task "Implement state management"
	places, of := holding(t, readViewer(t, longClaude), task, query)
	if len(places) != 3 {
		t.Fatalf("the fixture's Task has %v nested entries holding %q, not 3", places, query)
	}
	x := start(t, Options{Path: longClaude, Follow: new(false), Land: &landing{entry: task, nested: places[1], query: query}}, 120, 40)
	s := x.waitFor("match ", fmt.Sprintf("nested %d of %d", places[1], of), query)
	if !strings.Contains(s, query) {
		t.Fatalf("the match is not on screen:\n%s", s)
	}
	if strings.Contains(s, "no longer holds") {
		t.Fatalf("a place that holds the hit is called stale:\n%s", s)
	}
	first := matchOf.FindStringSubmatch(s)
	if first == nil {
		t.Fatalf("no match current:\n%s", s)
	}
	x.keys("n")
	x.waitUntil("n going on from the hit", func(s string) bool {
		m := matchOf.FindStringSubmatch(s)
		return m != nil && m[1] != first[1] && m[2] == first[2]
	})
	x.quit()
}

// A hit whose nested entry no longer holds the query (the log changed
// since it was indexed) is never landed on silently: the viewer says so
// and searches from the card, the focus on the first nested entry that
// holds it.
func TestLandingOnAStaleNestedPlaceSearchesAndSaysSo(t *testing.T) {
	const task, query = 13, "pnpm"
	places, of := holding(t, readViewer(t, longClaude), task, query)
	stale := places[0] + 1 // between the 1st and 2nd that hold it
	if stale == places[1] {
		t.Fatalf("no place between %v", places)
	}
	x := start(t, Options{Path: longClaude, Follow: new(false), Land: &landing{entry: task, nested: stale, query: query}}, 120, 40)
	x.waitFor(fmt.Sprintf("nested %d no longer holds the hit", stale), "match ", fmt.Sprintf("nested %d of %d", places[0], of))
	x.quit()
}

// While the log is still being read, a card whose nested entries have not
// all come yet (a subagent's transcript is read after its call) is no
// stale place: the landing waits for them, and only a reading that ends
// without the named entry holding the hit says so.
func TestLandingWaitsForNestedEntriesStillBeingRead(t *testing.T) {
	const task, query = 13, "pnpm"
	v := readViewer(t, longClaude)
	places, _ := holding(t, v, task, query)
	it := &v.items[task]
	it.nested = it.nested[:places[1]-1] // the named entry not read yet
	v.reading.Loading = true
	v.landing = &landing{entry: task, nested: places[1], query: query}
	v.flash = ""
	v.land()
	if v.landing == nil || v.flash != "" {
		t.Fatalf("landed while the named entry was still to come: flash %q", v.flash)
	}
	v.reading.Loading = false // read to the end, and still not there
	v.land()
	if v.landing != nil || !strings.Contains(v.flash, "no longer holds the hit") {
		t.Fatalf("a reading over without the named entry: landing %v, flash %q", v.landing, v.flash)
	}
}
