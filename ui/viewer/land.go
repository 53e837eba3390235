package viewer

import (
	"fmt"

	tea "charm.land/bubbletea/v2"
)

// landing is where a viewer opened on a content search's hit goes once
// the log is read that far: the hit's card, with the search set.
type landing struct {
	entry  int // the card's place in session.Entries
	nested int // the entry nested in it that holds the hit, from 1 ("nested k of n"); 0 for the card's own text
	query  string
}

// Land makes the viewer open at the card of entry (its place in
// session.Entries, as the index names a hit) with the search set to
// query, as if / had found it there: the match in that card is current,
// and n goes on from it. A hit in a subagent's work names the entry
// nested in the card that holds it (nested, from 1, as the status bar
// counts them; 0 for the card's own text): the focus goes to that entry,
// and the match current is the first in it. Call it before the viewer
// starts.
func (v *Viewer) Land(entry, nested int, query string) {
	v.landing = &landing{entry, nested, query}
}

// land goes to the landing's card once it has been read (or the first
// reading is over without it: the log changed since it was indexed, and
// the search starts from the top), and starts the search.
func (v *Viewer) land() tea.Cmd {
	l := v.landing
	at := -1
	for i, it := range v.items {
		if it.at == l.entry {
			at = i
			break
		}
	}
	reading := v.reading.Loading && v.reading.Err == nil
	if at < 0 && reading {
		return nil // not read yet
	}
	if at >= 0 && l.nested > 0 && reading && !v.nestedHolds(at, l) {
		return nil // its nested entries may still be coming (a subagent's transcript is read after its call)
	}
	v.landing = nil
	if at >= 0 {
		v.goToCard(at)
	} else {
		v.flash = "the hit is not in the log now"
	}
	nested := at >= 0 && l.nested > 0 && v.landNested(at, l)
	if at >= 0 && l.nested > 0 && !nested {
		// the log changed since it was indexed: the search finds the card's first match instead, and says so
		v.flash = fmt.Sprintf("nested %d no longer holds the hit: the card's first match", l.nested)
	}
	s := &v.search
	s.input.SetValue(l.query)
	s.remember(l.query)
	s.query = l.query
	s.current = -1
	cmd := v.startSearch()
	s.jump = true // the first match at or after the card is current when it comes
	if nested {
		s.from = v.nested // at or after the nested entry
	}
	return cmd
}

// landNested steps into the entry nested in card at that the landing
// names, when it is there and its text still holds the query; false when
// it is not (the log changed since it was indexed).
func (v *Viewer) landNested(at int, l *landing) bool {
	return v.nestedHolds(at, l) && v.stepInto(at, l.nested-1)
}

// nestedHolds reports whether the entry nested in card at that the
// landing names is there and its text holds the query.
func (v *Viewer) nestedHolds(at int, l *landing) bool {
	nested := v.items[at].nested
	k := l.nested - 1
	if k < 0 || k >= len(nested) {
		return false
	}
	m, err := newMatcher(l.query)
	return err == nil && !m.empty() && m.holds(nested[k].e)
}
