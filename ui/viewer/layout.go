package viewer

import tea "charm.land/bubbletea/v2"

// normal moves a position onto an existing row: past a card's end it goes
// on into the next card, before a card's start back into the one before.
func (v *Viewer) normal(p pos) pos {
	n := len(v.items)
	if n == 0 {
		return pos{}
	}
	p.idx = min(max(p.idx, 0), n-1)
	for p.row < 0 && p.idx > 0 {
		p.idx--
		p.row += v.blockLen(p.idx)
	}
	if p.row < 0 {
		p.row = 0
	}
	v.reach(p.idx, p.row+2*v.contentHeight())
	for p.idx < n-1 && p.row >= v.blockLen(p.idx) {
		p.row -= v.blockLen(p.idx)
		p.idx++
		v.reach(p.idx, p.row+2*v.contentHeight())
	}
	if p.idx == n-1 {
		p.row = min(p.row, v.blockLen(p.idx)-1)
	}
	return p
}

// bottom is the top position that shows the end of the transcript at the
// foot of the screen. Only the cards it passes are drawn.
func (v *Viewer) bottom() pos {
	n := len(v.items)
	if n == 0 {
		return pos{}
	}
	need := v.contentHeight()
	for i := n - 1; i >= 0; i-- {
		h := v.blockLen(i)
		if h >= need {
			return pos{i, h - need}
		}
		need -= h
	}
	return pos{}
}

// atBottom reports whether the view shows the end of the transcript.
func (v *Viewer) atBottom() bool { return !v.top.before(v.bottom()) }

// scrollTo puts p at the top, never past the bottom. It is a move: the
// place a change of layout held is let go.
func (v *Viewer) scrollTo(p pos) {
	v.hold = nil
	p = v.normal(p)
	if b := v.bottom(); b.before(p) {
		p = b
	}
	v.top = p
	v.pinned = v.follow && v.atBottom()
	if v.atBottom() {
		v.unseen = 0 // the new cards are on screen
	}
}

// scrollBy moves the view n rows down (up when negative).
func (v *Viewer) scrollBy(n int) {
	v.scrollTo(pos{v.top.idx, v.top.row + n})
	v.keepFocusVisible()
}

// reveal scrolls as little as it takes to show the start of card i, and
// holds that: a card above it drawn late (a placeholder's one row stood for
// it) must not push it off screen.
func (v *Viewer) reveal(i int) { v.revealAt(pos{i, 0}) }

// revealAt is reveal of a row inside a card: where a card nested in it
// starts.
func (v *Viewer) revealAt(start pos) {
	v.hold = nil // the focus moves, though the view may not
	if start.idx < 0 || start.idx >= len(v.items) {
		return
	}
	defer func() { v.hold = &spot{at: start, revealed: true} }()
	if start.before(v.top) {
		v.scrollTo(start)
		return
	}
	// below the screen? walk down from the top
	rows, p := 0, v.top
	for ; p.idx < start.idx; p = (pos{p.idx + 1, 0}) {
		rows += v.blockLen(p.idx) - p.row
		if rows >= v.contentHeight() {
			v.scrollTo(start)
			return
		}
	}
	if rows+start.row-p.row >= v.contentHeight() {
		v.scrollTo(start)
	}
}

// keepFocusVisible moves the focus to the first card on screen when
// scrolling left it out of view.
func (v *Viewer) keepFocusVisible() {
	if len(v.items) == 0 {
		return
	}
	first, last := v.top.idx, v.top.idx
	rows := v.blockLen(v.top.idx) - v.top.row
	for last+1 < len(v.items) && rows < v.contentHeight() {
		last++
		rows += v.blockLen(last)
	}
	if v.focus < first || v.focus > last {
		v.focus = first
		if v.top.row > 0 && first < last { // the top card shows only its tail
			v.focus = first + 1
		}
	}
}

// prepare draws the cards on screen (quickly where highlighting is not
// ready) and returns the commands that highlight them off the loop.
func (v *Viewer) prepare() tea.Cmd {
	v.screen = v.screen[:0]
	if len(v.items) == 0 {
		return tea.Batch(v.lateDraws()...)
	}
	var cmds []tea.Cmd
	p := v.top
	for len(v.screen) < v.contentHeight() && p.idx < len(v.items) {
		v.reach(p.idx, p.row+2*v.contentHeight()) // a screen past what shows: the end of a lazy card's rows is never on screen
		rows := v.rows(p.idx)
		if cmd := v.highlight(p.idx); cmd != nil {
			cmds = append(cmds, cmd)
		}
		for r := p.row; r <= len(rows) && len(v.screen) < v.contentHeight(); r++ {
			v.screen = append(v.screen, pos{p.idx, r})
		}
		p = pos{p.idx + 1, 0}
	}
	return tea.Batch(append(cmds, v.lateDraws()...)...)
}

// spot is where the card under focus is on screen: its row at screen row y
// (its header, or the row being read when the header is above the screen),
// with the rows the card had then.
type spot struct {
	at       pos
	y, of    int
	bottom   bool // the view showed the end of the transcript, the last card focused
	relaid   bool // every row was laid out again: keep the same share of the card
	revealed bool // the card's start was brought on screen (tab, ], e): keep it there
}

// spotOfFocus is where the focused card is on screen now; the top card
// stands in when the focus is off screen.
func (v *Viewer) spotOfFocus() spot {
	if len(v.items) == 0 {
		return spot{}
	}
	s := spot{at: v.top, bottom: v.holdsBottom() || (v.atBottom() && v.focus >= len(v.items)-1)}
	y := -v.top.row
	for i := v.top.idx; i < v.focus && y < v.contentHeight(); i++ {
		y += v.blockLen(i)
	}
	switch {
	case v.focus < v.top.idx || y >= v.contentHeight(): // off screen: keep the top row
	case y < 0: // the header is above the screen: keep the row being read
		s.at = pos{v.focus, -y}
	default:
		s.at, s.y = pos{v.focus, 0}, y
	}
	s.of = v.blockLen(s.at.idx)
	return s
}

// keepSpot scrolls so the card of s is where it was on screen after a
// change of layout: at the same row when the layout moved only its
// card's rows (an expansion), at the same share of the card when all
// rows were laid out again (a resize, wrapping); the bottom stays the
// bottom. The place is held until the next move: a card on screen drawn
// late (a placeholder's one row stood for it) puts it right again.
func (v *Viewer) keepSpot(s spot, relaid bool) {
	if len(v.items) == 0 {
		return
	}
	s.relaid = relaid
	defer func() { v.hold = &s }()
	if s.bottom {
		v.scrollToBottom()
		v.focus = len(v.items) - 1
		return
	}
	row := s.at.row
	if n := v.blockLen(s.at.idx); relaid && s.of > 0 {
		row = s.at.row * n / s.of
	} else if row >= n {
		row = 0 // the row being read is gone (a collapse): show the card from its header
	}
	v.scrollTo(pos{s.at.idx, row - s.y})
	v.keepFocusVisible()
}

// keepHold puts the held place right again once a card was drawn late.
func (v *Viewer) keepHold() {
	switch h := v.hold; {
	case h == nil:
	case h.revealed:
		v.revealAt(h.at)
	default:
		v.keepSpot(*h, h.relaid)
	}
}

// toBottom shows the end of the transcript with the last card focused,
// and holds it there (G).
func (v *Viewer) toBottom() { v.keepSpot(spot{bottom: true}, false) }

// holdsBottom says whether the view is held at the bottom.
func (v *Viewer) holdsBottom() bool { return v.hold != nil && v.hold.bottom }
