package viewer

import (
	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// startTyping opens the search prompt, remembering where the view is so
// esc can go back there.
func (v *Viewer) startTyping() tea.Cmd {
	v.search.clear()
	v.search.typing = true
	v.search.origin, v.search.focus = v.top, v.focus
	v.search.recall = len(v.search.history)
	room := cards.Width(v.search.input.Placeholder) + 1 // the placeholder whole, the count beside it
	v.search.input.SetWidth(max(min(room, v.width-2), 1))
	return v.search.input.Focus()
}

// searchKey edits the query as it is typed; every change cancels the
// search before and starts another, whose first match at or after the
// focus is shown as soon as it is found.
func (v *Viewer) searchKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "enter":
		v.search.typing = false
		v.search.input.Blur()
		v.search.remember(v.search.query)
		switch {
		case v.search.current >= 0: // shown while typing
		case v.search.done:
			v.jumpMatch(1)
		default:
			v.search.jump = true
		}
		return nil
	case "esc":
		origin, focus := v.search.origin, v.search.focus
		v.search.clear()
		v.focus = focus
		v.scrollTo(origin)
		return nil
	case "up", "down":
		dir := map[string]int{"up": -1, "down": 1}[msg.String()]
		if !v.search.recallBy(dir) {
			return nil
		}
		return v.queryChanged()
	}
	var cmd tea.Cmd
	v.search.input, cmd = v.search.input.Update(msg)
	return tea.Batch(cmd, v.queryChanged())
}

// queryChanged searches again when the prompt's text changed.
func (v *Viewer) queryChanged() tea.Cmd {
	q := v.search.input.Value()
	if q == v.search.query {
		return nil
	}
	v.search.query = q
	v.search.current, v.search.owed = -1, 0 // a new query: nothing to keep
	return v.startSearch()
}

// startSearch cancels the search before and searches the whole
// transcript for the query, off the loop.
func (v *Viewer) startSearch() tea.Cmd {
	s := &v.search
	s.keep = nil
	if s.current >= 0 && s.current < s.total { // the log grew: the same match stays current
		h, k := s.cardOf(s.current)
		s.keep = &kept{h.id, k}
	}
	s.run.stop()
	s.run = nil
	s.gen++
	s.done, s.hits, s.starts, s.total, s.placed, s.current, s.err, s.holding = false, nil, nil, 0, placement{}, -1, nil, nil
	m, err := newMatcher(s.query)
	s.m = m
	if err != nil || m.empty() {
		s.err, s.done = err, true
		return nil
	}
	entries := v.entries()
	// with wrap off, a line a row as on screen, whole: a match past the
	// right edge is found, and n scrolls to it
	s.opts = cards.Options{Width: v.cardWidth(), Theme: v.th, Cwd: v.cwd, Expanded: true, Plain: true, NoWrap: v.nowrap, Uncut: true, Pictures: v.pictureDrawer()}
	s.run = startRun(s.gen, m, entries, s.opts, v.replies)
	return s.run.next()
}

// searched takes a run's matches as they come: while the query is typed,
// the first at or after the focus is shown at once; after enter, the
// first is gone to when it comes.
func (v *Viewer) searched(msg searchedMsg) tea.Cmd {
	s := &v.search
	if msg.gen != s.gen {
		return nil // a cancelled search's last word
	}
	for _, h := range msg.hits {
		s.add(h)
	}
	s.done = msg.done
	if s.current < 0 && (s.typing || s.jump) && v.firstAfterFocus() {
		s.jump = false
	}
	if s.done && s.jump {
		s.jump = false
		v.jumpMatch(1)
	}
	// the presses owed, once there is a match to go from (the match kept
	// from before the log grew is placed first, when its card comes)
	if s.owed != 0 && (s.done || s.total > 0 && (s.current >= 0 || s.keep == nil)) {
		owed := s.owed
		s.owed = 0
		for ; owed > 0; owed-- {
			v.jumpMatch(1)
		}
		for ; owed < 0; owed++ {
			v.jumpMatch(-1)
		}
	}
	if s.done {
		s.run = nil
		return nil
	}
	return s.run.next()
}

// firstAfterFocus shows the first match at or after the card focused when
// the search began, once one is found; it reports whether it did.
func (v *Viewer) firstAfterFocus() bool {
	from := v.focus
	if v.search.typing {
		from = v.search.focus
	}
	i, ok := v.firstFrom(from)
	if ok {
		v.show(i)
	}
	return ok
}

// firstFrom is the first match at or after card from: in it, at or
// after the nested entry search.from names; false while none has come.
func (v *Viewer) firstFrom(from int) (int, bool) {
	s := &v.search
	row := v.fromRow(from)
	for j, h := range s.hits {
		idx := v.indexOf(h.id)
		if idx < from {
			continue
		}
		if idx > from || row == 0 {
			return s.starts[j], true
		}
		for k := range h.n {
			if m := v.matchAt(s.starts[j] + k); m != nil && m.row >= row {
				return s.starts[j] + k, true
			}
		}
	}
	return 0, false
}

// fromRow is the row of card from (as the search draws it) its first
// match is at or after: where the nested entry search.from names starts;
// 0 for the card's top.
func (v *Viewer) fromRow(from int) int {
	f := v.search.from
	if !f.set || from < 0 || from >= len(v.items) || v.items[from].id != f.id {
		return 0
	}
	c, ok := v.entry(from).(*session.ToolCall)
	if !ok {
		return 0
	}
	starts := cards.NestedStarts(c, v.search.opts)
	if f.k >= len(starts) {
		return 0
	}
	return max(starts[f.k], 0)
}

// jumpMatch goes to the next (or previous) match after the focus, opening
// its card when the match is in a part a collapsed card hides; past the
// last (or first) it goes round, and says so.
func (v *Viewer) jumpMatch(dir int) {
	s := &v.search
	total := s.total
	if total == 0 && !s.done && s.err == nil && s.query != "" {
		s.owed += dir // still searching (or searching the grown log again): the press is taken when a match comes
		return
	}
	if total == 0 {
		v.flash = "no matches"
		if s.err != nil {
			v.flash = s.err.Error()
		}
		return
	}
	next := s.current + dir
	if s.current < 0 { // the first jump: the first match at or after the focus
		next = total - 1
		if dir > 0 {
			next = 0
		}
		if first, ok := v.firstFrom(v.focus); ok {
			next = first
			if dir < 0 {
				next = max(next-1, 0)
			}
		}
	} else if next >= total {
		v.flash = "search wrapped to the first match"
	} else if next < 0 {
		v.flash = "search wrapped to the last match"
	}
	v.show((next + total) % total)
}

// show makes match i the current one and brings it on screen, its card
// opened, and the focus on the subagent's entry that holds it when it is
// in a call's nested work (] and [ go on from there).
func (v *Viewer) show(i int) {
	v.search.current, v.search.from = i, nestedFocus{} // a landing's place is taken once
	m := v.matchAt(i)
	if m == nil {
		return
	}
	idx := v.indexOf(m.id)
	if !v.expanded(v.items[idx]) {
		v.expand[m.id] = true
	}
	v.focus = idx
	v.nested = v.nestedHolding(idx, m.row)
	v.revealSideways(*m)
	v.reachNow(idx, m.row+2*v.contentHeight()) // a lazy card laid out to the match, as placing it drew the card
	top := pos{idx, max(m.row-v.contentHeight()/3, 0)}
	v.scrollTo(top)
	if v.blockLen(idx) <= m.row { // still being drawn (a placeholder stands for it): put right once it is
		v.hold = &spot{at: top, revealed: true}
	}
}
