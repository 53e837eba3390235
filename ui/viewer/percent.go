package viewer

import (
	"fmt"
	"maps"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/theme"
)

// The status bar's percentage counts rows, as less counts lines: the rows
// down to the screen's foot over every row of the cards shown, at this
// width, collapsed cards as collapsed, the filter applied. A card off
// screen is counted, not drawn: its plain rows (cards.CountRows, which a
// test pins to the drawn rows), in the background, once per layout. Until
// every card shown is counted there is no percentage, as less shows none
// before it knows a file's length: never a figure that looks exact and is
// not.

// layout is what every card's rows depend on besides its entry and its
// expansion: in another layout every card is counted again.
type layout struct {
	gen, width int
	theme      *theme.Theme
	cwd        string
	nowrap     bool
	limits     cards.Collapse
	pictures   bool
}

// measure is a card's rows in a layout and, with wrap off, its widest row
// uncut (what sideways scrolling stops at); -1 when not measured.
type measure struct {
	rev      int
	expanded bool
	rows     int
	widest   int
}

// rowCounts holds the cards' rows in the current layout, and an index of
// the rows before each card shown, built again when what it was built
// from changes.
type rowCounts struct {
	at    layout
	known map[int]measure // by entry id
	job   *atomic.Bool    // the running count's stop; nil when none runs

	// the index, and what it was built from
	gen     int // the viewer's items' generation (itemsGen)
	expand  map[int]bool
	allOpen bool
	edits   int   // known's changes when it was built
	changes int   // known's changes
	above   []int // the rows before each card shown, blank rows included; one more: all of them
	whole   bool  // every card shown was counted
}

// countedMsg brings a background count back to the update loop.
type countedMsg struct {
	job  *atomic.Bool
	ids  []int
	got  []measure
	stop bool // cancelled: what it holds is not the whole of its cards
}

// maxCountedCards is the most cards whose rows are counted for the
// percentage: counting lays every card out, which for a session of 750,000
// cards took minutes of a core and hundreds of megabytes in the background.
const maxCountedCards = 100_000

// countCard counts a card's rows; a test replaces it with one that blocks.
var countCard = cards.CountRows

// layoutNow is the layout the cards are drawn in.
func (v *Viewer) layoutNow() layout {
	return layout{gen: v.resets, width: v.cardWidth(), theme: v.th, cwd: v.cwd, nowrap: v.nowrap, limits: v.limits, pictures: v.pics.draw != nil}
}

// rowsKnown is the counts of the current layout: those of another are
// dropped, and its count stopped.
func (v *Viewer) rowsKnown() *rowCounts {
	rc := &v.counts
	if at := v.layoutNow(); rc.known == nil || at != rc.at {
		if rc.job != nil {
			rc.job.Store(true)
			rc.job = nil
		}
		rc.at, rc.known = at, map[int]measure{}
		rc.changes++
	}
	return rc
}

// measureOf is a card's measure when it is of the card as it is now.
func (rc *rowCounts) measureOf(it item, expanded, nowrap bool) (measure, bool) {
	m, ok := rc.known[it.id]
	return m, ok && m.rev == it.rev && m.expanded == expanded && (!nowrap || m.widest >= 0)
}

// measureCard counts a card's rows and, with wrap off, measures its widest
// row uncut (one row a line either way). stop cuts it short.
func measureCard(it item, o cards.Options, stop func() bool) measure {
	m := measure{rev: it.rev, expanded: o.Expanded, widest: -1}
	o.Scroll = 0
	count := func(string) int { return 1 }
	if o.NoWrap {
		o.Uncut, m.widest = true, 0
		count = func(row string) int {
			m.widest = max(m.widest, cards.Width(row))
			return 1
		}
	}
	m.rows = countCard(it.e, o, count, stop)
	return m
}

// countRows keeps the index over the cards shown up to date, and starts
// counting in the background the cards it lacks, when no count runs.
func (v *Viewer) countRows() tea.Cmd {
	rc := v.rowsKnown()
	if rc.fresh(v) || v.reading.Loading || len(v.items) > maxCountedCards {
		// while a log is first read no percentage is shown (counting every
		// card at each change was quadratic), nor for a session too long to
		// count: the status bar says which card of how many is on screen
		return nil
	}
	rc.gen, rc.expand, rc.allOpen, rc.edits = v.itemsGen, maps.Clone(v.expand), v.allOpen, rc.changes
	rc.above = append(rc.above[:0], 0)
	rc.whole = true
	var (
		todo []item
		opts []cards.Options
	)
	v.entries() // what is counted is counted off the loop: clones
	for _, it := range v.items {
		o := v.options(it)
		m, ok := rc.measureOf(it, o.Expanded, o.NoWrap)
		lazy := !ok && it.huge && cards.NewLazy(it.e, o) != nil
		if lazy {
			m, ok = v.lazyMeasure(it, o) // never counted: that would lay it all out
		}
		if !ok {
			rc.whole = false
			if !lazy {
				todo, opts = append(todo, it), append(opts, o)
			}
		}
		rc.above = append(rc.above, rc.above[len(rc.above)-1]+m.rows+1)
	}
	if len(todo) == 0 || rc.job != nil {
		return nil // a count that runs brings its cards, then the rest is counted
	}
	job := new(atomic.Bool)
	rc.job = job
	return func() tea.Msg {
		msg := countedMsg{job: job}
		for i, it := range todo {
			m := measureCard(it, opts[i], job.Load)
			if job.Load() {
				return countedMsg{job: job, stop: true}
			}
			msg.ids, msg.got = append(msg.ids, it.id), append(msg.got, m)
		}
		return msg
	}
}

// counted takes a background count's cards, unless another layout stopped
// it.
func (v *Viewer) counted(msg countedMsg) {
	rc := v.rowsKnown()
	if msg.job != rc.job {
		return
	}
	rc.job = nil
	if msg.stop {
		return
	}
	for i, id := range msg.ids {
		rc.known[id] = msg.got[i]
	}
	rc.changes++
	v.clampScrolls()
}

// fresh says the index was built from the cards as they are shown now.
func (rc *rowCounts) fresh(v *Viewer) bool {
	return rc.gen == v.itemsGen && rc.edits == rc.changes && rc.allOpen == v.allOpen && maps.Equal(rc.expand, v.expand) && rc.at == v.layoutNow()
}

// percent is how far down the view is: the rows down to the screen's foot
// over all rows, 100% once they are all above it; "" until every card is
// counted (but at the bottom), or while the log is first read.
func (v *Viewer) percent() string {
	rc := &v.counts
	switch {
	case len(v.items) == 0 || v.reading.Loading:
		return ""
	case v.drawnToTheEnd():
		return "100%"
	case !rc.whole || !rc.fresh(v):
		return ""
	}
	top, total := rc.above[v.top.idx+1]-rc.above[v.top.idx], rc.above[len(v.items)]
	shown := rc.above[v.top.idx] + min(v.top.row, top) + v.contentHeight()
	return fmt.Sprintf("%d%%", min(shown, total)*100/total)
}

// drawnToTheEnd says the screen shows the end of the transcript as its
// cards are drawn: then it is at 100% whatever the cards above it count. A
// placeholder's one row, or a huge text's first screens, may stand for a
// card on screen, which is then not at its end.
func (v *Viewer) drawnToTheEnd() bool {
	if !v.atBottom() {
		return false
	}
	for _, it := range v.items[v.top.idx:] {
		c, ok := v.cache.get(v.keyOf(it, v.options(it)))
		if !ok || it.huge && !c.full {
			return false
		}
	}
	return true
}

// lazyMeasure is a huge reply's measure once the viewer has laid it out
// whole (the end of the transcript reached); until then it is not known,
// and there is no percentage. Counting it in the background would lay the
// whole text out at once, which laying it out lazily is there to avoid: a
// 10 MB reply's first frame held three times the memory.
func (v *Viewer) lazyMeasure(it item, o cards.Options) (measure, bool) {
	c, ok := v.cache.get(v.keyOf(it, o))
	if !ok || c.partial {
		return measure{}, false
	}
	m := measure{rev: it.rev, expanded: o.Expanded, rows: len(c.rows), widest: -1}
	if o.NoWrap {
		m.widest = 0
		for _, r := range c.rows {
			m.widest = max(m.widest, cards.Width(r))
		}
	}
	return m, true
}
