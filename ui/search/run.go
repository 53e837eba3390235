package search

import (
	"context"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/index"
)

// debounce is how long typing must pause before a query is searched: a
// word typed quickly is one search, not one a letter.
const debounce = 120 * time.Millisecond

// batchMax is the most hits one message brings: the screen is drawn again
// between batches, so the first hits show while the rest are found.
const batchMax = 256

// searchFunc searches for q, giving each hit to yield until it returns
// false or ctx is done: Index.Search, or index.SearchFiles over the logs.
type searchFunc func(ctx context.Context, q index.Query, yield func(index.Hit) bool) error

// run is one query's search, off the loop. Cancelling it (a newer query)
// stops the search where it is: its goroutine ends, and what it had found
// is dropped by its gen.
type run struct {
	gen    int
	cancel context.CancelFunc
	hits   chan index.Hit
	err    chan error // the search's end, once hits is closed
}

// startMsg says the typing paused: search the query of gen, if it is still
// the newest.
type startMsg struct{ gen int }

// hitsMsg brings a run's hits found since its last.
type hitsMsg struct {
	gen  int
	hits []index.Hit
	done bool
	err  error
}

// after is the debounce: a startMsg for gen once the typing paused.
func after(gen int) tea.Cmd {
	return tea.Tick(debounce, func(time.Time) tea.Msg { return startMsg{gen} })
}

// startRun searches for q in the background.
func startRun(gen int, search searchFunc, q index.Query) *run {
	ctx, cancel := context.WithCancel(context.Background())
	r := &run{gen: gen, cancel: cancel, hits: make(chan index.Hit, batchMax), err: make(chan error, 1)}
	go func() {
		err := search(ctx, q, func(h index.Hit) bool {
			select {
			case r.hits <- h:
				return true
			case <-ctx.Done():
				return false
			}
		})
		close(r.hits)
		r.err <- err
	}()
	return r
}

// stop cancels the run; nil is no run.
func (r *run) stop() {
	if r != nil {
		r.cancel()
	}
}

// next waits for the run's next hits and brings them, with as many more as
// have come meanwhile.
func (r *run) next() tea.Cmd {
	return func() tea.Msg {
		h, ok := <-r.hits
		if !ok {
			return hitsMsg{gen: r.gen, done: true, err: <-r.err}
		}
		batch := []index.Hit{h}
		for len(batch) < batchMax {
			select {
			case h, ok := <-r.hits:
				if !ok {
					return hitsMsg{gen: r.gen, hits: batch, done: true, err: <-r.err}
				}
				batch = append(batch, h)
			default:
				return hitsMsg{gen: r.gen, hits: batch}
			}
		}
		return hitsMsg{gen: r.gen, hits: batch}
	}
}
