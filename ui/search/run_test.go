package search

import (
	"context"
	"errors"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
)

// A run stopped (a newer query) ends its search where it is: the search
// sees its context done, gives no more, and the run's goroutine ends.
func TestAStoppedRunEndsItsSearch(t *testing.T) {
	ended := make(chan error, 1)
	endless := func(ctx context.Context, _ index.Query, yield func(index.Hit) bool) error {
		for i := 0; ; i++ {
			if !yield(hitIn("/s", i)) {
				ended <- ctx.Err()
				return ctx.Err()
			}
		}
	}
	r := startRun(1, endless, index.Query{Text: "x"})
	msg := r.next()().(hitsMsg)
	if msg.gen != 1 || len(msg.hits) == 0 || msg.done {
		t.Fatalf("the first batch: gen %d, %d hits, done %v", msg.gen, len(msg.hits), msg.done)
	}
	r.stop()
	if err := <-ended; !errors.Is(err, context.Canceled) {
		t.Fatalf("the search ended with %v, not its context cancelled", err)
	}
	for range r.hits { // what it had found: dropped
	}
	if err := <-r.err; !errors.Is(err, context.Canceled) {
		t.Fatalf("the run ended with %v", err)
	}
}

// The hits of a query typed over come too late: they are dropped, and the
// newer query's are the only ones shown.
func TestAnOlderQuerysHitsAreDropped(t *testing.T) {
	p := New(theme.Dark(), nil, "", nil)
	p.input.SetValue("old")
	p.again()
	old := p.gen
	p.run = &run{gen: old, cancel: func() {}}
	p.input.SetValue("new")
	p.again()
	p.run = &run{gen: p.gen, cancel: func() {}}
	p.took(hitsMsg{gen: old, hits: []index.Hit{hitIn("/old", 1)}})
	if p.found.n != 0 {
		t.Fatalf("%d hits of the query typed over are shown", p.found.n)
	}
	p.took(hitsMsg{gen: p.gen, hits: []index.Hit{hitIn("/new", 2)}, done: true})
	if h, _, ok := p.found.hit(0); p.found.n != 1 || !ok || h.Session.Path != "/new" || !p.done {
		t.Fatalf("the new query's hit is not what is shown: %+v", p.found)
	}
}

// Up and down, PgUp and PgDn, Home and End move over the hits of every
// group and stop at the ends, the chosen hit kept on screen with its
// session's line.
func TestMovingOverTheHits(t *testing.T) {
	p := New(theme.Dark(), nil, "", nil)
	p.width, p.height = 80, 10 // four lines of results
	for i := range 6 {
		p.found.add(hitIn([]string{"/a", "/a", "/b", "/b", "/b", "/c"}[i], i))
	}
	press := func(k string) {
		code := map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown, "pgdown": tea.KeyPgDown, "pgup": tea.KeyPgUp, "home": tea.KeyHome, "end": tea.KeyEnd}[k]
		p.Update(tea.KeyPressMsg{Code: code})
	}
	for _, step := range []struct {
		key         string
		cursor, top int
	}{{"up", 0, 0}, {"down", 1, 0}, {"down", 2, 1}, {"pgdown", 5, 5}, {"down", 5, 5}, {"home", 0, 0}, {"end", 5, 5}, {"pgup", 1, 1}} {
		press(step.key)
		if p.cursor != step.cursor || p.top != step.top {
			t.Fatalf("after %s: hit %d, top line %d; want %d, %d", step.key, p.cursor, p.top, step.cursor, step.top)
		}
	}
}
