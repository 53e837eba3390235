package viewer

import (
	"container/list"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// cacheKey names one drawing of a card: a change to any part of it (the
// entry's revision, the width, the theme, expansion, wrapping, the sideways
// scroll) is another drawing. Gen is the log's reading: entry ids start over
// when a log is read again, so an id names another entry in each.
type cacheKey struct {
	gen, id, rev, width int
	theme               *theme.Theme // a theme in a profile is another: its diff's colours differ
	expanded            bool
	nowrap              bool
	scroll              int
	pictures            bool // a gallery's pictures drawn (the terminal said it draws them)
}

type cached struct {
	key     cacheKey
	rows    []string
	full    bool        // highlighted; otherwise the quick rows, laid out the same
	partial bool        // the first rows of a card laid out lazily (lazy.go)
	lazy    *cards.Lazy // what lays out more of a partial card; nil while it is away doing so
	size    int
}

// cacheBytes bounds the drawn cards the viewer keeps: hundreds of screens'
// worth, while memory stays bounded whatever was scrolled through.
const cacheBytes = 32 << 20

// renderCache keeps drawn cards, least recently used first out, bounded by
// the bytes they hold rather than their number.
type renderCache struct {
	max, size int
	m         map[cacheKey]*list.Element
	lru       *list.List
	inflight  map[cacheKey]bool // highlighted drawings being made
}

func newRenderCache(maxBytes int) *renderCache {
	return &renderCache{max: maxBytes, m: map[cacheKey]*list.Element{}, lru: list.New(), inflight: map[cacheKey]bool{}}
}

func (c *renderCache) get(k cacheKey) (*cached, bool) {
	el, ok := c.m[k]
	if !ok {
		return nil, false
	}
	c.lru.MoveToFront(el)
	return el.Value.(*cached), true
}

func (c *renderCache) put(k cacheKey, rows []string, full bool) {
	size := 64
	for _, r := range rows {
		size += len(r) + 16
	}
	if el, ok := c.m[k]; ok {
		old := el.Value.(*cached)
		c.size -= old.size
		old.rows, old.full, old.size = rows, full, size
		c.size += size
		c.lru.MoveToFront(el)
	} else {
		c.m[k] = c.lru.PushFront(&cached{key: k, rows: rows, full: full, size: size})
		c.size += size
	}
	for c.size > c.max && c.lru.Len() > 1 {
		el := c.lru.Back()
		old := el.Value.(*cached)
		c.lru.Remove(el)
		delete(c.m, old.key)
		c.size -= old.size
	}
}

// renderedMsg brings a drawing made off the update loop back to it: a card
// the loop could not wait for, or its highlighted drawing.
type renderedMsg struct {
	key  cacheKey
	rows []string
	full bool
	lazy *cards.Lazy // a lazy card's, which laid out rows
}

// drawBudget is how long one update waits for the cards it needs to be
// drawn. A card not drawn by then (a huge text, slow Markdown) goes on
// being drawn in the background, a placeholder row in its place, so a key
// (q above all) never waits behind a card.
const drawBudget = 40 * time.Millisecond

// drawCard draws a card; a test replaces it with one that blocks.
var drawCard = cards.Render

// lateDraw is a card the update loop stopped waiting for.
type lateDraw struct {
	key  cacheKey
	full bool
	done <-chan []string
	lazy *cards.Lazy
}

// wait brings the late drawing back to the loop when it is done.
func (l lateDraw) wait() tea.Msg { return renderedMsg{l.key, <-l.done, l.full, l.lazy} }

// keyOf names the drawing of an item in the current state.
func (v *Viewer) keyOf(it item, o cards.Options) cacheKey {
	return cacheKey{gen: v.resets, id: it.id, rev: it.rev, width: o.Width, theme: v.th, expanded: o.Expanded, nowrap: o.NoWrap, scroll: o.Scroll, pictures: o.Pictures != nil}
}

// rows returns a card's rows, drawing it now if it must: a card with code
// quickly, without highlighting (highlight draws it highlighted after),
// and a card that takes longer than the update's budget in the background,
// with a placeholder row until it is done (a huge text: its preview).
func (v *Viewer) rows(i int) []string {
	v.entry(i)
	it := v.items[i]
	o := v.options(it)
	k := v.keyOf(it, o)
	if c, ok := v.cache.get(k); ok {
		return c.rows
	}
	if v.cache.inflight[k] {
		return v.placeholder()
	}
	if it.huge {
		if z := cards.NewLazy(it.e, o); z != nil {
			return v.startLazy(k, z, it.e, o)
		}
	}
	o.NoHighlight = it.code
	done := make(chan []string, 1)
	e, draw := it.e, drawCard // a clone: safe to draw off the loop
	if h := it.header; h != nil {
		draw = func(session.Entry, cards.Options) []string { return cards.Header(h, o) }
	}
	if len(it.members) > 0 {
		draw = func(e session.Entry, o cards.Options) []string { return cards.ProcessGroup(e.(*session.Event), o) }
	}
	go func() { done <- draw(e, o) }()
	until := v.drawUntil
	if it.huge { // no wait: the whole card is far slower than a frame
		until = time.Time{}
	}
	budget := time.NewTimer(time.Until(until))
	defer budget.Stop()
	select {
	case rows := <-done:
		v.cache.put(k, rows, !it.code)
		return rows
	case <-budget.C:
	}
	v.cache.inflight[k] = true
	v.late = append(v.late, lateDraw{k, !it.code, done, nil})
	if it.huge { // its first screens, while the whole card is drawn
		rows := v.preview(e, o, 4)
		v.cache.put(k, rows, false)
		return rows
	}
	return v.placeholder()
}

// placeholder stands for a card still being drawn.
func (v *Viewer) placeholder() []string {
	return []string{cards.Truncate(v.th.Muted.Render("  drawing…"), v.cardWidth(), "")}
}

// lateDraws are the commands that bring the cards the loop stopped waiting
// for back to it.
func (v *Viewer) lateDraws() []tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(v.late))
	for _, l := range v.late {
		cmds = append(cmds, l.wait)
	}
	v.late = nil
	return cmds
}

// highlight starts drawing card i highlighted, off the update loop, when
// only its quick drawing is there; once.
func (v *Viewer) highlight(i int) tea.Cmd {
	v.entry(i)
	it := v.items[i]
	o := v.options(it)
	k := v.keyOf(it, o)
	if c, ok := v.cache.get(k); (ok && c.full) || v.cache.inflight[k] {
		return nil
	}
	v.cache.inflight[k] = true
	e, draw := it.e, drawCard // a clone: safe to draw off the loop
	return func() tea.Msg { return renderedMsg{k, draw(e, o), true, nil} }
}

// blockLen is a card's rows and the blank row after it.
func (v *Viewer) blockLen(i int) int { return len(v.rows(i)) + 1 }

// putLazy keeps a lazy card's rows so far and what lays out more (nil
// while it is away doing so); a whole one is a card like any other.
func (c *renderCache) putLazy(k cacheKey, rows []string, z *cards.Lazy, whole bool) {
	c.put(k, rows, true)
	el := c.m[k].Value.(*cached)
	el.partial, el.lazy = !whole, nil
	if !whole {
		el.lazy = z
	}
}
