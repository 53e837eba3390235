package catalog_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
)

// NewestFirst puts every row where ordering them whole by time, newest
// first (to the nanosecond, and times before 1678 or after 2262, which a
// count of nanoseconds cannot hold), and of one time by path, would; the
// rows move whole, each with its own fields.
func TestNewestFirstOrdersWholeRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	times := []time.Time{
		time.Date(1200, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2999, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Unix(100, 5), time.Unix(100, 7), time.Unix(101, 0), time.Unix(99, 999999999),
	}
	for round := range 300 {
		var items []catalog.Item
		for i := range rng.IntN(30) {
			items = append(items, catalog.Item{Path: fmt.Sprintf("/s/%02d", rng.IntN(100)*100+i), Mod: times[rng.IntN(len(times))], Size: int64(i)})
		}
		want := slices.Clone(items)
		slices.SortStableFunc(want, func(a, b catalog.Item) int {
			if c := b.Mod.Compare(a.Mod); c != 0 {
				return c
			}
			return strings.Compare(a.Path, b.Path)
		})
		catalog.NewestFirst(items)
		if !slices.EqualFunc(items, want, func(a, b catalog.Item) bool { return a.Path == b.Path && a.Size == b.Size && a.Mod.Equal(b.Mod) }) {
			t.Fatalf("round %d: got %v, want %v", round, items, want)
		}
	}
}
