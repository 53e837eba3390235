package harness

import "github.com/deck-tui/deck/session/present"

// recentArgs are the parsed arguments of the calls presented last, for
// presenting them again: a call's tool/call event and its result come a
// few lines after the model's message that made it, and each is applied
// on the one core that applies the lines in order, where parsing its
// arguments again was a tenth of that core's time over a million small
// events (and the tool/call's parse, where its line was prepared, a
// twelfth of all that reading allocated). A call presented again past
// the calls kept has its arguments parsed again, as before. The parsed
// arguments are only read, never changed, so a call's views may share
// them.
type recentArgs struct {
	kept [16]parsedArgs
	next int // where the next one goes, the oldest
}

// keep remembers p, in place of the oldest.
func (r *recentArgs) keep(p parsedArgs) {
	r.kept[r.next] = p
	r.next = (r.next + 1) % len(r.kept)
}

// parsed is what present.ParseArgs(raw) returns: kept, else parsed now
// and kept (no arguments at all are never looked for among the slots not
// filled).
func (r *recentArgs) parsed(raw string) (present.Args, bool) {
	for _, p := range r.kept {
		if raw != "" && p.raw == raw {
			return p.a, p.ok
		}
	}
	a, ok := present.ParseArgs(raw)
	r.keep(parsedArgs{raw, a, ok})
	return a, ok
}
