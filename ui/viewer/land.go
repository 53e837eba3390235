package viewer

import tea "charm.land/bubbletea/v2"

// landing is where a viewer opened on a content search's hit goes once
// the log is read that far: the hit's card, with the search set.
type landing struct {
	entry int // the card's place in session.Entries
	query string
}

// Land makes the viewer open at the card of entry (its place in
// session.Entries, as the index names a hit) with the search set to
// query, as if / had found it there: the match in that card is current,
// and n goes on from it. Call it before the viewer starts.
func (v *Viewer) Land(entry int, query string) {
	v.landing = &landing{entry, query}
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
	if at < 0 && v.reading.Loading && v.reading.Err == nil {
		return nil // not read yet
	}
	v.landing = nil
	if at >= 0 {
		v.goToCard(at)
	} else {
		v.flash = "the hit is not in the log now"
	}
	s := &v.search
	s.input.SetValue(l.query)
	s.remember(l.query)
	s.query = l.query
	s.current = -1
	cmd := v.startSearch()
	s.jump = true // the first match at or after the card is current when it comes
	return cmd
}
