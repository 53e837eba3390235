package kit

import (
	"fmt"
	"slices"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
)

// No query keeps every entry, in order, at the cost of the list of them
// alone: the picker filters again with each title it reads, over
// thousands of sessions, and a query keeps what holds each of its words.
func TestFilterEntries(t *testing.T) {
	entries := make([]catalog.Item, 10000)
	for i := range entries {
		entries[i] = catalog.Item{Path: fmt.Sprintf("/home/me/.sessions/s%d/session.jsonl", i), Title: fmt.Sprintf("Session %d", i), Cwd: "/work/app", Agent: catalog.AgentHarness}
	}
	if got := FilterEntries(entries, " "); len(got) != len(entries) || !slices.IsSorted(got) || got[len(got)-1] != len(entries)-1 {
		t.Fatalf("no query kept %d of %d", len(got), len(entries))
	}
	if allocs := testing.AllocsPerRun(5, func() { FilterEntries(entries, "") }); allocs > 1 {
		t.Errorf("no query: %.0f allocations over %d entries", allocs, len(entries))
	}
	if got := FilterEntries(entries, "SESSION 999 app"); !slices.Equal(got, []int{999, 1999, 2999, 3999, 4999, 5999, 6999, 7999, 8999, 9990, 9991, 9992, 9993, 9994, 9995, 9996, 9997, 9998, 9999}) {
		t.Errorf("%v", got)
	}
}
