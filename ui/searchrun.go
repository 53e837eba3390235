package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// searchRun is one search working off the update loop: it reads every
// card's text (cheap), draws only the cards whose text has the query, and
// sends their matches as it finds them, in transcript order. A newer query
// or esc cancels it; it stops between two cards.
type searchRun struct {
	gen    int
	cancel context.CancelFunc
	found  chan []match  // closed when the run ends, finished or cancelled
	ended  chan struct{} // closed when the worker has returned
}

// searchedMsg brings the matches a run found since the last one; done
// when the run has ended.
type searchedMsg struct {
	gen     int
	matches []match
	done    bool
}

func startRun(gen int, m matcher, entries []session.Entry, o cards.Options) *searchRun {
	ctx, cancel := context.WithCancel(context.Background())
	r := &searchRun{gen: gen, cancel: cancel, found: make(chan []match, 16), ended: make(chan struct{})}
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
		var found []match
		id := session.Base(e).ID
		for row, drawn := range cards.Render(e, o) {
			for _, rg := range m.find(ansi.Strip(drawn)) {
				found = append(found, match{id: id, row: row, col: rg[0], width: rg[1] - rg[0]})
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
					return searchedMsg{gen: r.gen, matches: batch, done: true}
				}
				batch = append(batch, more...)
			default:
				return searchedMsg{gen: r.gen, matches: batch}
			}
		}
	}
}
