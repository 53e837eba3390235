package viewer

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/follow"
)

// The viewer keeps a clone of each entry, taken under the feed's lock, and
// draws the clones without it while the session goes on changing. A sync
// takes only what changed since the last one (session.TakeChanges): a
// whole pass over every entry on each change made reading a log of a
// million events quadratic, and held the lock the reader waits on. Once
// the session will change no more (follow.State.Final), the items share
// its entries instead of their clones, which are let go.

// syncedFrom is what the items were last taken from.
type syncedFrom struct {
	session *session.Session
	shared  bool // the items hold the session's own entries: it is final
	newest  int  // the highest id taken (the last item's, unless an entry was put before others)
}

// sync takes the session's changes: a clone of each entry added or changed
// since the last sync, and the session's title and counts.
func (v *Viewer) sync() {
	reread, whole := false, true
	v.src.with(func(st follow.State) {
		s := st.Session
		reread = st.Resets != v.resets // entry ids started over: only seqs name entries
		v.resets = st.Resets
		v.reading = st
		v.reading.Session = nil // read under the lock only
		ids, all := st.TakeChanges()
		whole = all || reread || s != v.synced.session || s.Header.Unsupported != nil
		if whole {
			v.takeAll(s, reread)
		} else {
			v.takeChanged(s, ids)
		}
		v.synced.session = s
		if st.Final && s.Header.Unsupported == nil && !v.synced.shared {
			v.share(s)
		}
		if v.title == "" && v.live != nil {
			v.title = v.live.title // the host's title, before its session/title event
		}
		if v.cwd == "" && v.live != nil {
			v.cwd = v.live.cwd // titles name paths relative to it, as a log's do
		}
	})
	v.itemsGen++
	if !whole && v.filter == showAll && v.mode != compact {
		v.items = v.all // the cards kept their places: top and focus stay
		return
	}
	focus, top := v.anchor(v.focus), v.anchor(v.top.idx)
	if reread { // what is kept by id named the old reading's entries
		focus.id, top.id = -1, -1
		v.expand, v.scroll = map[int]bool{}, map[int]int{}
	}
	v.items = v.shown()
	// keep the place: the card at the top and the focused card stay
	// themselves (found by id, or, when the session was read again and its
	// ids started over, by event seq)
	v.top.idx, v.focus = top.find(v.items), focus.find(v.items)
}

// takeAll takes every entry afresh, keeping the clones of those that did
// not change (none when the session was read again).
func (v *Viewer) takeAll(s *session.Session, reread bool) {
	old := map[int]item{} // the clones to keep, by id
	if !reread {
		for _, it := range v.all {
			old[it.id] = it
		}
	}
	items := make([]item, 0, len(s.Entries))
	entries, shown := s.Entries, s
	var whyNot string
	if why := s.Header.Unsupported; why != nil {
		// not shown as understood or current: the header card and why,
		// as deck render prints them, after the reading's own words (a
		// migration), and nothing of the body, not even in the title
		shown, whyNot = s.HeaderOnly(), why.Error()
		entries = append([]session.Entry{headerEntry(shown)}, shown.Entries...)
		entries = append(entries, &session.Notice{EntryBase: session.EntryBase{ID: -1, Seq: -1}, Text: whyNot, Info: true})
	}
	v.tools, v.failures, v.notices, v.nestedTools, v.nestedFailures = 0, 0, 0, 0, 0
	newest := 0
	for i, e := range entries {
		b := session.Base(e)
		it, ok := old[b.ID]
		if !ok || it.rev != b.Rev || it.e == nil && shown != s {
			it = describe(session.Clone(e))
		}
		if shown == s {
			it.at = i // where a clone not taken yet is found (entries.go)
		}
		if b.ID == headerID {
			it.header = shown
		}
		items = append(items, it)
		v.tally(it, 1)
		newest = max(newest, it.id)
	}
	v.all, v.synced.shared, v.synced.newest = items, false, newest
	v.takeFacts(shown, whyNot)
}

// takeChanged takes the entries added since the last sync, which follow
// the ones taken, and those that changed, which are where they were: no
// entry was removed or moved since (TakeChanges would have said so). A
// changed entry is looked for from the end, where changes happen.
func (v *Viewer) takeChanged(s *session.Session, ids []int) {
	taken := len(v.all)
	for _, id := range ids {
		if id > v.synced.newest { // ids grow as entries are added: one past the newest taken is new
			continue // added since: taken below
		}
		for i := min(taken, len(s.Entries)) - 1; i >= 0; i-- {
			if v.all[i].id != id {
				continue
			}
			if e := s.Entries[i]; session.Base(e).Rev != v.all[i].rev {
				v.tally(v.all[i], -1)
				v.all[i] = describeLazily(e, i)
				v.tally(v.all[i], 1)
			}
			break
		}
	}
	for i, e := range s.Entries[min(taken, len(s.Entries)):] {
		it := describeLazily(e, taken+i)
		v.all = append(v.all, it)
		v.tally(it, 1)
		v.synced.newest = max(v.synced.newest, it.id)
	}
	v.takeFacts(s, "")
}

// share points the items at the session's own entries, which will change
// no more, and lets their clones go: a session of a million entries is
// then held once, not twice.
func (v *Viewer) share(s *session.Session) {
	if len(s.Entries) != len(v.all) {
		return
	}
	for i, e := range s.Entries {
		if b := session.Base(e); b.ID != v.all[i].id || b.Rev != v.all[i].rev {
			return // not what was taken: kept as they are
		}
	}
	for i, e := range s.Entries {
		v.all[i].e = e
	}
	v.synced.shared = true
}

// tally counts an item in (by 1) or out of (by -1) the status bar's counts.
func (v *Viewer) tally(it item, by int) {
	if it.tool {
		v.tools += by
	}
	if it.failed {
		v.failures += by
	}
	for _, n := range it.nested {
		if n.tool {
			v.nestedTools += by
		}
		if n.failed {
			v.nestedFailures += by
		}
	}
	if it.kind == kindNotice {
		v.notices += by
	}
}

// takeFacts takes the session's title and the facts of its status bar.
func (v *Viewer) takeFacts(shown *session.Session, whyNot string) {
	v.title, v.cwd, v.model, v.usage, v.notShown = shown.Title, shown.Header.Cwd, shown.Model, shown.Usage, whyNot
	v.fork, v.children = forkFormat(shown.Header), shown.Subagents
	v.where = shown.WorkingDir() // the cards' paths stay from the header's: each call says where it was
}
