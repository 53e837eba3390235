package ui

import (
	"testing"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// blockDrawing makes every card's drawing wait until the test ends.
func blockDrawing(t *testing.T) {
	release := make(chan struct{})
	drawCard = func(e session.Entry, o cards.Options) []string {
		<-release
		return cards.Render(e, o)
	}
	t.Cleanup(func() {
		drawCard = cards.Render
		close(release)
	})
}

// q quits whatever is being drawn: a card that takes forever to draw is
// drawn off the update loop, a placeholder in its place, and the keys go on
// being read.
func TestQuitWhileACardIsBeingDrawn(t *testing.T) {
	blockDrawing(t)
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("drawing…", "card 1 of 29")
	x.keys("j", "]", "G") // moving about draws more cards, all blocked
	x.quit()
}
