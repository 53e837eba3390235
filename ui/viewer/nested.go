package viewer

import (
	"fmt"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// A subagent's work is drawn inside the call that started it (Claude
// Code's Task). ] and [, e and E step into it: the call's card is focused
// and opened, and the view goes to the nested card's rows (cards.NestedStarts
// says where they are); the status bar says which nested entry it is.

// nestedFocus is the nested entry the focus is on: entry k (of the focused
// card's item.nested) of the card with entry id. It names nothing once the
// focus moves by other means (Update).
type nestedFocus struct {
	id, k int
	set   bool
}

// nestedItems are the entries nested in a call as items, each followed by
// those nested in it (depth first, as the card draws them); only what
// stepping needs of them is described.
func nestedItems(entries []session.Entry) []item {
	var out []item
	for _, e := range entries {
		it := item{e: e}
		it.tool, it.failed = kindOf(e)
		out = append(out, it)
		if c, ok := e.(*session.ToolCall); ok {
			out = append(out, nestedItems(c.Nested)...)
		}
	}
	return out
}

// nestedAt is the nested entry the focus is on, -1 for the focused card
// itself.
func (v *Viewer) nestedAt() int {
	n := v.nested
	if !n.set || v.focus >= len(v.items) || v.items[v.focus].id != n.id || n.k >= len(v.items[v.focus].nested) {
		return -1
	}
	return n.k
}

// focusID is the focused card's entry id; -1 with no card.
func (v *Viewer) focusID() int {
	if v.focus >= len(v.items) {
		return -1
	}
	return v.items[v.focus].id
}

// keepNestedFocus lets go of the nested entry the focus was on when the
// focus moved to another card by other means than stepping into one: a card
// stepped back to later is the card, not the entry once stepped to in it.
func (v *Viewer) keepNestedFocus(was nestedFocus, id int) {
	if v.nested == was && v.focusID() != id {
		v.nested = nestedFocus{}
	}
}

// nextStop is the stop after (or, dir < 0, before) card i's nested entry k
// (k < 0: the card itself): its nested entries come after a card when into
// says to step into them.
func (v *Viewer) nextStop(i, k, dir int, into bool) (int, int) {
	if dir > 0 {
		if into && k+1 < len(v.items[i].nested) {
			return i, k + 1
		}
		return i + 1, -1
	}
	if k >= 0 {
		return i, k - 1
	}
	if i--; i >= 0 && into {
		return i, len(v.items[i].nested) - 1
	}
	return i, -1
}

// stepInto focuses card i, opens it and brings its nested entry k's rows on
// screen; false when the card does not draw that entry (past its display
// cap).
func (v *Viewer) stepInto(i, k int) bool {
	c, ok := v.entry(i).(*session.ToolCall)
	it := v.items[i]
	if !ok {
		return false
	}
	o := v.options(it)
	o.Expanded = true
	starts := v.nestedRows(it, c, o)
	if k >= len(starts) || starts[k] < 0 {
		return false
	}
	v.expand[it.id] = true
	v.focus, v.nested = i, nestedFocus{id: it.id, k: k, set: true}
	v.revealAt(pos{i, starts[k]})
	return true
}

// nestedStart is the row the nested entry the focus is on starts at in its
// card, in the layout now; false when the card does not draw it.
func (v *Viewer) nestedStart() (int, bool) {
	k := v.nestedAt()
	if k < 0 || !v.expanded(v.items[v.focus]) {
		return 0, false
	}
	c, ok := v.entry(v.focus).(*session.ToolCall)
	it := v.items[v.focus]
	if !ok {
		return 0, false
	}
	o := v.options(it)
	rows := v.nestedRows(it, c, o)
	if rows[k] < 0 {
		return 0, false
	}
	return rows[k], true
}

// nestedHeaderRow is the screen row of the header of the nested card the
// focus is on, when it is on screen; s is the focused card's spot.
func (v *Viewer) nestedHeaderRow(s spot) (int, bool) {
	start, ok := v.nestedStart()
	if !ok || s.at.idx != v.focus {
		return 0, false
	}
	y := s.y + start - s.at.row
	return y, y >= 0 && y < v.contentHeight()
}

// nestedRows are where a call's nested entries start in its card, kept for
// the card and layout last asked about: stepping through a subagent's work
// asks of one card again and again.
func (v *Viewer) nestedRows(it item, c *session.ToolCall, o cards.Options) []int {
	key := startsKey{id: it.id, rev: it.rev, at: v.layoutNow()}
	if v.starts.key != key || v.starts.rows == nil {
		v.starts = nestedStarts{key: key, rows: cards.NestedStarts(c, o)}
	}
	return v.starts.rows
}

// nestedStarts are the rows of the last card nestedRows was asked about.
type nestedStarts struct {
	key  startsKey
	rows []int
}

type startsKey struct {
	id, rev int
	at      layout
}

// nestedFact says which nested entry the focus is on, for the status bar.
func (v *Viewer) nestedFact() string {
	k := v.nestedAt()
	if k < 0 {
		return ""
	}
	return fmt.Sprintf("nested %d of %d", k+1, len(v.items[v.focus].nested))
}

// nestedHolding is the focus on the entry nested in card i whose rows
// hold row (of the card as the search draws it); none when the row is
// the card's own.
func (v *Viewer) nestedHolding(i, row int) nestedFocus {
	c, ok := v.entry(i).(*session.ToolCall)
	if !ok || len(c.Nested) == 0 {
		return nestedFocus{}
	}
	in := nestedFocus{}
	for k, start := range cards.NestedStarts(c, v.search.opts) {
		if start >= 0 && start <= row {
			in = nestedFocus{id: v.items[i].id, k: k, set: true}
		}
	}
	return in
}
