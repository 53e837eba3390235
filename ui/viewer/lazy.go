package viewer

import (
	"math"
	"time"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// A huge reply is laid out lazily (cards.Lazy): its first rows when it
// comes on screen, and more as the view moves down it, always a screen
// past the rows on screen, so the end of its rows so far is never shown
// and the view never takes it for the card's end. Its rows so far are the
// first rows of the whole card, so rows laid out later only add to its
// foot and nothing above them moves. A move to the end of the transcript
// needs the whole card: it is laid out to its end in the background, and
// the place held puts the view right when it is back. Each step waits at
// most the update's budget for its rows, then goes on in the background,
// the rows so far standing in.

// startLazy lays out the first rows of a lazy card and returns them; while
// they are laid out in the background, its preview stands in: of a
// screen's characters, since the lazy card's first rows soon replace it.
func (v *Viewer) startLazy(k cacheKey, z *cards.Lazy, e session.Entry, o cards.Options) []string {
	if rows, ok := v.layLazy(k, z, 2*v.contentHeight(), v.drawUntil); ok {
		return rows
	}
	rows := v.preview(e, o, 1)
	v.cache.putLazy(k, rows, nil, false)
	return rows
}

// reach lays card i out to at least n rows, if it is laid out lazily.
func (v *Viewer) reach(i, n int) {
	v.rows(i) // drawn, or its first rows laid out
	it := v.items[i]
	k := v.keyOf(it, v.options(it))
	if c, ok := v.cache.get(k); ok && c.lazy != nil && len(c.rows) < n {
		v.layLazy(k, c.lazy, n, v.drawUntil)
	}
}

// reachNow is reach waiting as long as it takes: for a search's match,
// placed by drawing its whole card on the loop already.
func (v *Viewer) reachNow(i, n int) {
	until := v.drawUntil
	v.drawUntil = time.Now().Add(time.Hour)
	v.reach(i, n)
	v.drawUntil = until
}

// scrollToBottom shows the end of the transcript: the lazy cards it passes
// are laid out to their end first, in the background (a place held at the
// bottom moves the view once they are back).
func (v *Viewer) scrollToBottom() {
	need := v.contentHeight()
	for i := len(v.items) - 1; i >= 0 && need > 0; i-- {
		v.reach(i, math.MaxInt) // the whole card: in the background
		need -= v.blockLen(i)
	}
	v.scrollTo(v.bottom())
}

// layLazy lays a lazy card out to n rows, waiting until the time given
// (never, when it is past) and then leaving the rest to the background:
// the lazy card goes with the drawing and comes back with its rows.
func (v *Viewer) layLazy(k cacheKey, z *cards.Lazy, n int, until time.Time) ([]string, bool) {
	if n == math.MaxInt {
		until = time.Time{}
	}
	done := make(chan []string, 1)
	go func() { done <- z.Rows(n) }()
	budget := time.NewTimer(time.Until(until))
	defer budget.Stop()
	select {
	case rows := <-done:
		v.cache.putLazy(k, rows, z, z.Whole())
		return rows, true
	case <-budget.C:
	}
	if c, ok := v.cache.get(k); ok {
		c.lazy = nil // away, laying out
	}
	v.cache.inflight[k] = true
	v.late = append(v.late, lateDraw{k, true, done, z})
	return nil, false
}
