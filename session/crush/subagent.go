package crush

import "github.com/deck-tui/deck/session"

// nest reads the session an agent call ran (its parent this session, its
// id the call's) into the call's card.
func (d *decoder) nest(c *session.ToolCall) {
	if d.child == nil || d.depth >= maxDepth {
		return
	}
	id, recs := d.child(d.id, c.CallID)
	if len(recs) == 0 {
		return
	}
	b := session.NewBuilder()
	sub := &decoder{s: b, files: d.files.Clone(), child: d.child, id: id, depth: d.depth + 1, plans: map[string]*session.ToolCall{}}
	sub.decode(recs, "")
	sub.endLast(recs)
	b.Finish()
	c.Nested = b.Entries
	d.s.CountUsage(b.Usage)
}
