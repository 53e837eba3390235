package ui

import "fmt"

// sidewaysFact says where the focused card is scrolled sideways to, for the
// status bar: the column of the first cell in view (its rows cut on the
// left show a ‹ there).
func (v *viewer) sidewaysFact() string {
	if !v.nowrap || v.focus >= len(v.items) {
		return ""
	}
	if s := v.scroll[v.items[v.focus].id]; s > 0 {
		return fmt.Sprintf("← col %d", s+1)
	}
	return ""
}

// revealSideways scrolls a match's card sideways, with wrap off, so that
// the match is in view: not at all when it fits unscrolled, else so that it
// starts a third of the way in (past the card's gutter).
func (v *viewer) revealSideways(m match) {
	if !v.nowrap {
		return
	}
	room := v.cardWidth()
	if m.col+m.width < room { // the last cell of a cut row is its ›
		v.scroll[m.id] = 0
		return
	}
	v.scroll[m.id] = max(m.col-room/3, 1)
}

// onScreen is the cell a match starts at in its row as drawn, scrolled
// sideways: a match is found in the row unscrolled, and a scrolled row
// keeps each cell Scroll cells left of where it was (the ‹ stands over the
// first). revealSideways only scrolls a card to a match in its code.
func (v *viewer) onScreen(m match) int {
	if s := v.scroll[m.id]; v.nowrap && s > 0 && m.col >= s {
		return m.col - s
	}
	return m.col
}
