package harness

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

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
//
// The view each was presented with is kept beside it, with its call: a
// call is presented as its message is applied and again, the same, as its
// tool/call event is (picking its presenter, checking the declared
// schemas and making the view a fifth of that core's time). Only the same
// call is given it again: a view is the call's own, never shared.
type recentArgs struct {
	kept  [16]parsedArgs
	views [16]presentedCall // the view of the call kept at the same place, once presented
	next  int               // where the next one goes, the oldest
}

// presentedCall is a call's view, as it was presented for its tool's name.
type presentedCall struct {
	call *session.ToolCall
	name string
	view session.CallView
}

// keep remembers p, in place of the oldest.
func (r *recentArgs) keep(p parsedArgs) {
	r.kept[r.next], r.views[r.next] = p, presentedCall{}
	r.next = (r.next + 1) % len(r.kept)
}

// view is the view c was presented with last, with the name and
// arguments it has now, if it is kept.
func (r *recentArgs) view(c *session.ToolCall) (session.CallView, bool) {
	for i, p := range r.kept {
		if v := r.views[i]; v.call == c && v.name == c.Name && c.Arguments != "" && p.raw == c.Arguments {
			return v.view, true
		}
	}
	return nil, false
}

// presented keeps the view c is presented with, beside its arguments,
// which are kept (keep, parsed).
func (r *recentArgs) presented(c *session.ToolCall, v session.CallView) {
	for i, p := range r.kept {
		if c.Arguments != "" && p.raw == c.Arguments {
			r.views[i] = presentedCall{c, c.Name, v}
			return
		}
	}
}

// forgetViews drops the views kept: the tools' schemas changed, which a
// view depends on.
func (r *recentArgs) forgetViews() { clear(r.views[:]) }

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
