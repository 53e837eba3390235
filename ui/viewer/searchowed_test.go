package viewer

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// n or N pressed while the search runs and has no match yet is not "no
// matches": the presses are kept and taken when the matches come, landing
// where they would have with the matches there (they said "no matches"
// and were lost when the search ran again on a grown log, as a landing's
// does, and the status bar read "match 1 of 14 · no matches").
func TestNextPressedBeforeTheMatchesIsTakenWhenTheyCome(t *testing.T) {
	for _, presses := range []string{"n", "nn", "N", "nnN"} {
		t.Run(presses, func(t *testing.T) {
			early := searched(t, presses, true)
			if early.flash == "no matches" {
				t.Fatalf("%s while searching said %q", presses, early.flash)
			}
			late := searched(t, presses, false)
			if late.search.current < 0 || early.search.current != late.search.current || early.search.owed != 0 {
				t.Errorf("%s pressed before the matches: match %d (owed %d); after them: match %d", presses, early.search.current, early.search.owed, late.search.current)
			}
		})
	}
}

// searched is a viewer of a fixture searched for "the", the keys pressed
// before the search's first matches come (early) or after its last.
func searched(t *testing.T, keys string, early bool) *Viewer {
	t.Helper()
	v := testViewer("../../golden/testdata/fixtures/bash.jsonl", false)
	untilLoaded(v)
	v.search.query = "the"
	cmd := v.startSearch()
	press := func() {
		for _, r := range keys {
			v.Update(tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	if early {
		press()
	}
	for cmd != nil {
		_, cmd = v.Update(cmd())
	}
	if !v.search.done || v.search.total < 3 {
		t.Fatalf("the search: done %v, %d matches", v.search.done, v.search.total)
	}
	if !early {
		press()
	}
	return v
}
