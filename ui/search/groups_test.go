package search

import (
	"testing"

	"github.com/deck-tui/deck/session/index"
)

func hitIn(path string, entry int) index.Hit {
	return index.Hit{Session: index.Session{Path: path}, Entry: entry, Snippet: "x", Match: [2]int{0, 1}}
}

// Hits come newest session first, a session's together: each session is
// one group, in the order they came, and a hit is found by its place over
// every group, on the line under its session's.
func TestHitsAreGroupedBySession(t *testing.T) {
	var r results
	for _, h := range []index.Hit{hitIn("/new", 3), hitIn("/new", 7), hitIn("/old", 1), hitIn("/older", 2), hitIn("/older", 4)} {
		r.add(h)
	}
	if len(r.groups) != 3 || r.n != 5 || r.lines() != 8 {
		t.Fatalf("%d groups, %d hits, %d lines; want 3, 5, 8", len(r.groups), r.n, r.lines())
	}
	want := []struct {
		path        string
		entry, line int
	}{{"/new", 3, 1}, {"/new", 7, 2}, {"/old", 1, 4}, {"/older", 2, 6}, {"/older", 4, 7}}
	for i, w := range want {
		h, line, ok := r.hit(i)
		if !ok || h.Session.Path != w.path || h.Entry != w.entry || line != w.line {
			t.Errorf("hit %d: %s entry %d on line %d (%v); want %s entry %d on line %d", i, h.Session.Path, h.Entry, line, ok, w.path, w.entry, w.line)
		}
	}
	if _, _, ok := r.hit(5); ok {
		t.Error("a hit past the last")
	}
}
