package copilot

import (
	"bytes"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// A subagent's events are in the session's own log, marked with its
// agent's id (the envelope's agentId; before it, the data's
// parentToolCallId, the id of the call that started it). subagent.started
// ties an agent's id to that call. Its events are read into the call's
// card, as entries made exactly like the session's own, by a decoder of
// their own.

// maxDepth bounds subagents in subagents: the work of one deeper is shown
// in the session's own entries.
const maxDepth = 8

// subagent is the work of one subagent, read into the card of its call.
type subagent struct {
	name  string
	call  *session.ToolCall
	owner *subagent // the subagent whose card holds call; nil for the session's
	depth int
	child *Decoder

	srcs, copies []session.Entry // the child's entries and their copies, as last shown
	revs         []int
}

// owner is the subagent an event is of; nil for the session's own and for
// the subagent.* events, which the session reads.
func (d *Decoder) owner(env *envelope) *subagent {
	if strings.HasPrefix(*env.Type, "subagent.") {
		return nil
	}
	key := env.AgentID
	if key == "" && (bytes.Contains(env.Data, []byte(`"agentId"`)) || bytes.Contains(env.Data, []byte(`"parentToolCallId"`))) {
		var o owner
		if env.Data.Kind() == '{' && jsonline.Unmarshal(env.Data, &o) == nil {
			key = firstOf(o.AgentID, o.ParentToolCallID)
		}
	}
	if key == "" {
		return nil
	}
	if sub := d.agents[key]; sub != nil {
		return sub
	}
	return d.adopt(key, key) // before agentId: the key is its call's id
}

// adopt starts reading the work of the subagent that the call callID
// started, found by key from now on; nil when no such call is shown.
func (d *Decoder) adopt(key, callID string) *subagent {
	call, in := d.findCall(callID)
	if call == nil || in != nil && in.depth >= maxDepth {
		return nil
	}
	if sub := d.agents[callID]; sub != nil && sub.call == call {
		d.agents[key] = sub
		return sub
	}
	child := newDecoder(session.NewBuilder())
	child.sub, child.files = true, d.files
	sub := &subagent{name: key, call: call, owner: in, child: child, depth: 1}
	if in != nil {
		sub.depth = in.depth + 1
	}
	d.agents[key], d.agents[callID] = sub, sub
	return sub
}

// findCall is the call with the id, in the session's entries or a
// subagent's (which it names).
func (d *Decoder) findCall(id string) (*session.ToolCall, *subagent) {
	if id == "" {
		return nil, nil
	}
	if c := d.s.Call(id); c != nil {
		return c, nil
	}
	var found *subagent
	for _, sub := range d.agents {
		if c := sub.child.s.Call(id); c != nil && (found == nil || sub.depth < found.depth || sub.depth == found.depth && sub.name < found.name) {
			found = sub
		}
	}
	if found == nil {
		return nil, nil
	}
	return found.child.s.Call(id), found
}

// show notes that a subagent's work changed: its call's card, and the
// cards that hold it, are brought up to it once the reader's Write ends
// (Settle), not once a line, so a long subagent is copied once a Write.
func (d *Decoder) show(sub *subagent) {
	if d.dirty == nil {
		d.dirty = map[*subagent]bool{}
	}
	d.dirty[sub] = true
}

// Settle puts each changed subagent's work, as it is now, in its call's
// card, and the card in the card that holds it, up to the session's: the
// deepest first, so each card holds its subagents' newest work.
func (d *Decoder) Settle() {
	if len(d.dirty) == 0 {
		return
	}
	var subs []*subagent
	seen := map[*subagent]bool{}
	for sub := range d.dirty {
		for s := sub; s != nil && !seen[s]; s = s.owner {
			seen[s] = true
			subs = append(subs, s)
		}
	}
	clear(d.dirty)
	slices.SortFunc(subs, func(a, b *subagent) int { return b.depth - a.depth })
	for _, s := range subs {
		s.call.Nested = s.snapshot()
		b := d.s
		if s.owner != nil {
			b = s.owner.child.s
		}
		b.Touch(s.call)
	}
}

// snapshot copies the child's entries, reusing the copies of those that
// did not change: a viewer reads the copies without the child's lock.
func (s *subagent) snapshot() []session.Entry {
	src := s.child.s.Entries
	out := make([]session.Entry, len(src))
	revs := make([]int, len(src))
	for i, e := range src {
		revs[i] = session.Base(e).Rev
		if i < len(s.srcs) && s.srcs[i] == e && s.revs[i] == revs[i] {
			out[i] = s.copies[i]
			continue
		}
		out[i] = session.Clone(e)
	}
	s.srcs, s.revs, s.copies = slices.Clone(src), revs, out
	return out
}

// subagentEvent reads subagent.started (which ties the agent's id to its
// call), .completed and .failed (a line in the call's card).
func (d *Decoder) subagentEvent(num int, env *envelope) (outcome, error) {
	var data subagentData
	if err := decode(env, &data); err != nil {
		return outcome{}, err
	}
	key := env.AgentID
	sub := d.agents[data.ToolCallID]
	if sub == nil {
		sub = d.adopt(firstOf(key, data.ToolCallID), data.ToolCallID)
	} else if key != "" {
		d.agents[key] = sub
	}
	if sub != nil && sub.name == data.ToolCallID && data.AgentDisplayName != "" {
		sub.name = data.AgentDisplayName
	}
	switch *env.Type {
	case "subagent.completed":
		if sub != nil && data.DurationMs != nil && sub.call.Duration == 0 {
			sub.call.Duration = jsonline.Num(*data.DurationMs)
		}
	case "subagent.failed":
		e := &session.Event{EntryBase: base(num, env.Timestamp), Kind: "subagent", Failed: true,
			Summary: "the subagent " + firstOf(data.AgentDisplayName, data.AgentName) + " failed", Body: data.Error}
		if sub == nil {
			d.s.Add(e)
			return asEntry, nil
		}
		sub.child.s.Add(e)
		d.show(sub)
		return asMerge, nil
	}
	return hidden(*env.Type), nil
}
