package ui

import "fmt"

// sideways scrolls the focused card's long lines when they are not
// wrapped, never past the end of its widest row: at the end the last
// column of every row is in view, and → says there is no more. Until the
// card is measured (percent.go) it scrolls on, and is brought back once it
// is: a card is never measured on the update loop, which a huge one would
// hold up.
func (v *viewer) sideways(n int) {
	if !v.nowrap || v.focus >= len(v.items) {
		return
	}
	id := v.items[v.focus].id
	s := max(v.scroll[id]+n, 0)
	if end, ok := v.scrollEnd(v.focus); ok {
		s = min(s, end)
	}
	if n > 0 && s == v.scroll[id] {
		v.flash = "nothing more on the right"
	}
	v.scroll[id] = s
}

// scrollEnd is the farthest card i scrolls sideways, when it is measured:
// its widest row then ends at the right edge. A row scrolled s cells shows
// s cells fewer (the ‹ stands over the first cell in view), so it fits
// once s is its width past the card's.
func (v *viewer) scrollEnd(i int) (int, bool) {
	if i < 0 || i >= len(v.items) {
		return 0, false
	}
	it := v.items[i]
	m, ok := v.counts.measureOf(it, v.expanded(it), true)
	if !ok || v.counts.at != v.layoutNow() {
		return 0, false
	}
	return max(m.widest-v.cardWidth(), 0), true
}

// clampScrolls brings each card scrolled past its widest row's end back to
// it, once the card is measured: one scrolled before it was (a match's
// card, just opened), or measured again at another width.
func (v *viewer) clampScrolls() {
	for id, s := range v.scroll {
		if end, ok := v.scrollEnd(v.indexOf(id)); ok && s > end {
			v.scroll[id] = end
		}
	}
}

// sidewaysFact says where the focused card is scrolled sideways to, for the
// status bar: the column of the first cell in view (its rows cut on the
// left show a ‹ there), and "end" when its widest row ends in view.
func (v *viewer) sidewaysFact() string {
	if !v.nowrap || v.focus >= len(v.items) {
		return ""
	}
	s := v.scroll[v.items[v.focus].id]
	if s == 0 {
		return ""
	}
	if end, ok := v.scrollEnd(v.focus); ok && s >= end {
		return fmt.Sprintf("← col %d · end", s+1)
	}
	return fmt.Sprintf("← col %d", s+1)
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
	s := m.col - room/3
	if end, ok := v.scrollEnd(v.indexOf(m.id)); ok {
		s = min(s, end) // its card's widest row ends at the edge, not short of it
	}
	v.scroll[m.id] = max(s, 1)
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
