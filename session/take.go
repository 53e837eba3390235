package session

import "slices"

// A reader that draws a session's cards while its log is still read (deck
// render) takes the entries it has drawn out of the session as it goes
// (Take), so that the collector need not mark them again and again and a
// million events never sit in memory at once. What the reading does later
// may concern an entry already taken: a change to it, its removal, an
// entry put before it, a result for its call, a look back over the whole
// session. Each is noted (Conflicted), and that reader then reads the log
// again whole: what it drew early is right only if nothing came back to it.

// takenCall stands in the index of calls for a call that was taken.
var takenCall = &ToolCall{}

// taking is what the Builder knows of the entries it handed over.
type taking struct {
	entries int  // taken in all
	logged  bool // one of them was no notice: the input is a log
	lastID  int  // the highest id taken
	open    bool // a call taken was still waiting for its result
}

// Take hands the first n entries over for good: the session holds them no
// more, and its index of calls knows only that they were taken.
func (b *Builder) Take(n int) []Entry {
	s := b.Session
	n = min(n, len(s.Entries))
	out := slices.Clone(s.Entries[:n])
	clear(s.Entries[:n]) // the array's head is not kept alive by the slice past it
	s.Entries = s.Entries[n:]
	t := &b.taken
	t.entries += n
	for _, e := range out {
		t.lastID = max(t.lastID, e.base().ID)
		if _, ok := e.(*Notice); !ok {
			t.logged = true
		}
		if c, ok := e.(*ToolCall); ok {
			if c.CallID != "" && s.calls[c.CallID] == c {
				s.calls[c.CallID] = takenCall
			}
			t.open = t.open || waiting(c)
		}
	}
	if n > 0 {
		s.Rev++
	}
	return out
}

// waiting reports a call, or one nested in it, still waiting for its
// result: the log's end will mark it unfinished (EndCalls).
func waiting(c *ToolCall) bool {
	if c.Result == nil && !c.Unfinished {
		return true
	}
	for _, e := range c.Nested {
		if n, ok := e.(*ToolCall); ok && n.Result == nil && !n.Unfinished {
			return true
		}
	}
	return false
}

// Conflicted reports that the reading came back to an entry already taken
// (Take): the session and what was drawn of it are not what a whole read
// makes.
func (s *Session) Conflicted() bool { return s.conflicted }

// TookLog reports that an entry taken was no notice: the input was a log.
func (b *Builder) TookLog() bool { return b.taken.logged }

// tookEntry notes a conflict when e may be an entry already taken. Ids
// grow as entries are added, but an entry put before another (AddBefore)
// has a higher id than those after it: such an entry counts as taken.
func (b *Builder) tookEntry(e Entry) {
	if b.taken.entries > 0 && e.base().ID <= b.taken.lastID {
		b.conflicted = true
	}
}

// tookAny notes a conflict when any entry was taken: a look over the whole
// session missed them.
func (b *Builder) tookAny() {
	if b.taken.entries > 0 {
		b.conflicted = true
	}
}
