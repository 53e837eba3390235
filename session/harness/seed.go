package harness

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// endSeed is a session/end-seed marker. A forked session's log begins with
// its parent's history, inherited; the marker at the end of that history
// gets a line, so the inherited turns do not pass for this session's own.
// Which marker: from v2 the last one with data.inherited, in a session
// whose header says isSeeded (a fork of a fork inherits its parent's
// marker too, and the cut is the last: a later one moves the line); in
// v0/v1 the first one at the header's seedLength, the number of inherited
// events (the harness appends the marker after them, unless the inherited
// history already ended with one). Every other marker is an ordinary
// restore boundary (a resumed session), bookkeeping.
func (d *Decoder) endSeed(r *record) (session.Outcome, error) {
	var m struct {
		Inherited bool `json:"inherited"`
	}
	if len(r.Data) > 0 {
		if err := decode(r, &m); err != nil {
			return 0, err
		}
	}
	seq, _ := jsonline.Int(r.Seq)
	atCut := d.seedLength > 0 && !d.seedShown && seq >= d.seedLength-1
	if !(m.Inherited && !d.notSeeded) && !atCut {
		return session.AsBookkeeping, nil
	}
	d.seedShown = true
	if d.seedLine != nil {
		d.s.Remove(d.seedLine) // the cut is further on: this marker was inherited too
	}
	summary := "forked: the conversation above is inherited from the session this one was forked from"
	if p := d.s.Header.ParentSession; p != "" {
		summary = "forked from session " + p + ": the conversation above is inherited from it"
	}
	d.seedLine = &session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: summary}
	d.s.Add(d.seedLine)
	return session.AsEntry, nil
}
