package viewer

import "fmt"

// sideways scrolls long lines when they are not wrapped: the focused
// card's when it is cut on that side, else the first card on screen that
// is, which the status bar names. A card scrolls never past the end of its
// widest row: at the end the last column of every row is in view, and →
// says there is no more once no card on screen has more. Until the focused
// card is measured (percent.go) it scrolls on, and is brought back once it
// is: a card is never measured on the update loop, which a huge one would
// hold up.
func (v *Viewer) sideways(n int) {
	if !v.nowrap || v.focus >= len(v.items) {
		return
	}
	i := v.focus
	if !v.cutOn(i, n) {
		i = v.cutOnScreen(n)
	}
	if i < 0 {
		v.flash = map[bool]string{true: "nothing more on the right", false: "nothing more on the left"}[n > 0]
		return
	}
	id := v.items[i].id
	s := max(v.scroll[id]+n, 0)
	if end, ok := v.scrollEnd(i); ok {
		s = min(s, end)
	}
	v.scroll[id] = s
	if i != v.focus {
		v.flash = fmt.Sprintf("card %d scrolled", i+1)
		if f := v.columnOf(i); f != "" {
			v.flash += " · " + f
		}
	}
}

// cutOn says whether card i has more to show on the side n scrolls to: on
// the left, when it is scrolled; on the right, when its widest row ends
// past the edge, or it is not measured yet.
func (v *Viewer) cutOn(i, n int) bool {
	s := v.scroll[v.items[i].id]
	if n < 0 {
		return s > 0
	}
	end, ok := v.scrollEnd(i)
	return !ok || s < end
}

// cutOnScreen is the first card on screen, measured, with more to show on
// the side n scrolls to; -1 when there is none.
func (v *Viewer) cutOnScreen(n int) int {
	last := -1
	for _, p := range v.screen {
		if p.idx == last || p.idx >= len(v.items) {
			continue
		}
		last = p.idx
		if _, measured := v.scrollEnd(p.idx); measured && v.cutOn(p.idx, n) {
			return p.idx
		}
	}
	return -1
}

// scrollEnd is the farthest card i scrolls sideways, when it is measured:
// its widest row then ends at the right edge. A row scrolled s cells shows
// s cells fewer (the ‹ stands over the first cell in view), so it fits
// once s is its width past the card's.
func (v *Viewer) scrollEnd(i int) (int, bool) {
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
func (v *Viewer) clampScrolls() {
	for id, s := range v.scroll {
		if end, ok := v.scrollEnd(v.indexOf(id)); ok && s > end {
			v.scroll[id] = end
		}
	}
}

// sidewaysFact says where the focused card is scrolled sideways to, for the
// status bar.
func (v *Viewer) sidewaysFact() string {
	if !v.nowrap || v.focus >= len(v.items) {
		return ""
	}
	return v.columnOf(v.focus)
}

// columnOf says where card i is scrolled sideways to: the column of the
// first cell in view (its rows cut on the left show a ‹ there), and "end"
// when its widest row ends in view; "" when it is not scrolled.
func (v *Viewer) columnOf(i int) string {
	s := v.scroll[v.items[i].id]
	if s == 0 {
		return ""
	}
	if end, ok := v.scrollEnd(i); ok && s >= end {
		return fmt.Sprintf("← col %d · end", s+1)
	}
	return fmt.Sprintf("← col %d", s+1)
}

// revealSideways scrolls a match's card sideways, with wrap off, so that
// the match is in view: not at all when it fits unscrolled, else so that it
// starts a third of the way in (past the card's gutter).
func (v *Viewer) revealSideways(m match) {
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
func (v *Viewer) onScreen(m match) int {
	if s := v.scroll[m.id]; v.nowrap && s > 0 && m.col >= s {
		return m.col - s
	}
	return m.col
}
