package ui

import (
	"context"

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

// startRun starts a search of entries drawn with o, plain.
func startRun(gen int, m matcher, entries []session.Entry, o cards.Options) *searchRun {
	o.Plain = true
	ctx, cancel := context.WithCancel(context.Background())
	r := &searchRun{gen: gen, cancel: cancel, found: make(chan []cardHits, 16), ended: make(chan struct{})}
	go r.work(ctx, m, entries, o)
	return r
}

func (r *searchRun) work(ctx context.Context, m matcher, entries []session.Entry, o cards.Options) {
	defer close(r.ended)
	defer close(r.found)
	for _, e := range entries {
		if ctx.Err() != nil {
			return
		}
		if text, ok := cards.SearchText(e, o.Cwd); ok && !m.hit(text) {
			continue
		}
		n := 0
		for _, row := range cards.Render(e, o) {
			n += m.count(row)
		}
		if n == 0 {
			continue
		}
		select {
		case r.found <- []cardHits{{session.Base(e).ID, n}}:
		case <-ctx.Done():
			return
		}
	}
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
