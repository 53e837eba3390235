package viewer

import (
	tea "charm.land/bubbletea/v2"
)

// filter is which cards the viewer shows: all of them, or one kind, or all
// but one kind. v steps through them; the status bar names the one chosen.
type filter int

const (
	showAll filter = iota
	onlyTools
	onlyErrors
	noThinking
	noInjected
	filters // how many there are
)

// String is what the status bar says; "" for all cards.
func (f filter) String() string {
	return [...]string{"", "only tool calls", "only errors", "thinking hidden", "injected context hidden"}[f]
}

func (f filter) next() filter { return (f + 1) % filters }

// keeps says whether a card shows under the filter. Turn headers always
// show, so a filtered view still says which turn a card is in.
func (f filter) keeps(it item) bool {
	if it.kind == kindTurnStart {
		return true
	}
	switch f {
	case onlyTools:
		return it.tool
	case onlyErrors:
		return it.failed
	case noThinking:
		return it.kind != kindReasoning
	case noInjected:
		return it.kind != kindInjected
	}
	return true
}

// apply is the items the filter keeps, in order.
func (f filter) apply(all []item) []item {
	if f == showAll {
		return all
	}
	out := make([]item, 0, len(all))
	for _, it := range all {
		if f.keeps(it) {
			out = append(out, it)
		}
	}
	return out
}

// setFilter shows the cards f keeps, keeping the focused card (or the
// nearest shown one before it) in view.
func (v *Viewer) setFilter(f filter) {
	focusID := -1
	if v.focus < len(v.items) {
		focusID = v.items[v.focus].id
	}
	v.filter = f
	v.items = v.shown()
	v.itemsGen++
	v.focus = v.nearest(focusID)
	v.scrollTo(pos{v.focus, 0})
	if len(v.items) == 0 {
		v.flash = "no cards of this kind"
	}
}

// nearest is the index among the shown items of the entry with the given
// id, or of the last shown one before it in the session.
func (v *Viewer) nearest(id int) int {
	shown := make(map[int]int, len(v.items))
	for i, it := range v.items {
		shown[it.id] = i
		for _, m := range it.members { // a card in a group line is where the line is
			shown[m] = i
		}
	}
	at := 0
	for _, it := range v.all {
		if i, ok := shown[it.id]; ok {
			at = i
		}
		if it.id == id {
			break
		}
	}
	return at
}

// searchAgain searches the cards as they are now shown, when a search is
// on: its matches are of cards and rows that changed.
func (v *Viewer) searchAgain() tea.Cmd {
	if v.search.query == "" {
		return nil
	}
	return v.startSearch()
}
