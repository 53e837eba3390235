package viewer

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// searchRun is one search working off the update loop: it reads every
// card's text (cheap), counts the query in the plain rows of the cards
// whose text has it (cards.Options.Plain: the drawn rows' text, made
// without drawing), and sends each card's count as it finds it, in
// transcript order. Where in a card the matches are is found when the view
// goes to one (search.place). A newer query or esc cancels it; it stops
// between two cards.
type searchRun struct {
	gen    int
	cancel context.CancelFunc
	found  chan []cardHits // closed when the run ends, finished or cancelled
	ended  chan struct{}   // closed when the worker has returned
}

// cardHits is how many matches one card holds.
type cardHits struct {
	id, n int
}

// searchedMsg brings the cards' counts a run found since the last one;
// done when the run has ended.
type searchedMsg struct {
	gen  int
	hits []cardHits
	done bool
}

// startRun starts a search of entries drawn with o, plain; replies keeps
// the rows of the replies it draws (nil: none kept).
func startRun(gen int, m matcher, entries []session.Entry, o cards.Options, replies *replyRows) *searchRun {
	o.Plain = true
	ctx, cancel := context.WithCancel(context.Background())
	r := &searchRun{gen: gen, cancel: cancel, found: make(chan []cardHits, 16), ended: make(chan struct{})}
	go r.work(ctx, m, entries, o, replies)
	return r
}

// work counts the cards on every core, a batch at a time, and sends each
// batch's counts in order; batches start small, so the first hit comes
// soon, and grow to keep the cores busy.
func (r *searchRun) work(ctx context.Context, m matcher, entries []session.Entry, o cards.Options, replies *replyRows) {
	defer close(r.ended)
	defer close(r.found)
	workers := runtime.GOMAXPROCS(0)
	counts := make([]int, maxBatch)
	for at, size := 0, minBatch; at < len(entries); at, size = at+size, min(size*2, maxBatch) {
		batch := entries[at:min(at+size, len(entries))]
		var next atomic.Int64
		var wg sync.WaitGroup
		for range min(workers, len(batch)) {
			wg.Go(func() {
				for i := int(next.Add(1)) - 1; i < len(batch) && ctx.Err() == nil; i = int(next.Add(1)) - 1 {
					counts[i] = countIn(ctx, batch[i], m, o, replies)
				}
			})
		}
		wg.Wait()
		if ctx.Err() != nil {
			return
		}
		var found []cardHits
		for i, e := range batch {
			if counts[i] > 0 {
				found = append(found, cardHits{session.Base(e).ID, counts[i]})
			}
		}
		if len(found) == 0 {
			continue
		}
		select {
		case r.found <- found:
		case <-ctx.Done():
			return
		}
	}
}

// A run's batches: from a few cards, for the first hit, to many.
const minBatch, maxBatch = 4, 256

// countIn is how many matches a card holds: none when its text has not
// the query, else the matches in its plain rows (a reply's kept in
// replies), those drawing wrapped too, and one at least when the index's
// text of it holds the query (wrapped.go); nothing worth having once the run is cancelled, which it asks
// between rows.
func countIn(ctx context.Context, e session.Entry, m matcher, o cards.Options, replies *replyRows) int {
	if skips(e, m, o.Cwd) {
		return 0
	}
	w := wrappedCounter{m: m, holds: m.holds(e), width: o.Width}
	if a, ok := e.(*session.AssistantText); ok && replies != nil {
		rows, ok := replies.rowsOf(ctx, a, o)
		for i := 0; ok && i < len(rows); i++ {
			w.row(rows[i])
		}
		return w.total()
	}
	cards.CountRows(e, o, w.row, func() bool { return ctx.Err() != nil })
	return w.total()
}

// skips reports whether a card cannot hold the query, known from its text
// without drawing it; only a query made of letters can be known so.
func skips(e session.Entry, m matcher, cwd string) bool {
	if !m.prefilter {
		return false
	}
	texts, ok := cards.SearchText(e, cwd)
	return ok && !slices.ContainsFunc(texts, m.hit)
}

// stop cancels the run; the worker returns before its next card.
func (r *searchRun) stop() {
	if r != nil {
		r.cancel()
	}
}

// next waits for the run's next matches, taking every batch already sent
// into one message, so the screen is redrawn once for them.
func (r *searchRun) next() tea.Cmd {
	return func() tea.Msg {
		batch, ok := <-r.found
		if !ok {
			return searchedMsg{gen: r.gen, done: true}
		}
		for {
			select {
			case more, ok := <-r.found:
				if !ok {
					return searchedMsg{gen: r.gen, hits: batch, done: true}
				}
				batch = append(batch, more...)
			default:
				return searchedMsg{gen: r.gen, hits: batch}
			}
		}
	}
}
