package session

import "maps"

// Builder is a Session while a reader fills it: the only way to change one.
// Readers hold a Builder; everyone else sees the Session.
type Builder struct {
	*Session
	turn  *TurnStart  // the turn started last: the model's usage is counted in it
	named []namedCall // calls given an id since the last NamedSince
	notes *journal    // what changed since a viewer last looked (TrackChanges)
	taken taking      // the entries handed over while the log is read (Take)
}

// namedCall is a call as it was given an id.
type namedCall struct {
	id string
	c  *ToolCall
}

// NewBuilder starts an empty session; its reader names the format.
func NewBuilder() *Builder {
	return &Builder{Session: &Session{Hidden: map[string]int{}, calls: map[string]*ToolCall{}}}
}

// Outcome is where a line went, for the session's accounting.
type Outcome int

const (
	AsEntry       Outcome = iota // an entry of its own
	AsMerge                      // merged into an entry already there
	AsBookkeeping                // counted by kind, not drawn
)

// Add appends an entry, giving it an id.
func (b *Builder) Add(e Entry) {
	if t, ok := e.(*TurnEnd); ok && t.Produced == nil {
		t.Produced = b.producedSince()
	}
	s := b.Session
	base := e.base()
	s.nextID++
	base.ID = s.nextID
	base.Rev = 1
	s.Entries = append(s.Entries, e)
	s.Rev++
	b.noteChange(base.ID)
	if c, ok := e.(*ToolCall); ok && c.CallID != "" {
		b.name(c, c.CallID)
	}
	if t, ok := e.(*TurnStart); ok {
		b.turn = t
	}
	b.titleFromPrompt(e)
}

// AddBefore puts an entry just before another already added (a turn's
// start, once a reader learns that the message it saw was a prompt), giving
// it an id as Add does; at the end when before is not there.
func (b *Builder) AddBefore(e, before Entry) {
	b.Add(e)
	s := b.Session
	n := len(s.Entries) - 1
	for i := n - 1; i >= 0; i-- {
		if s.Entries[i] == before {
			copy(s.Entries[i+1:], s.Entries[i:n])
			s.Entries[i] = e
			b.noteReshape()
			return
		}
	}
	b.tookAny() // before may have been taken
}

// CountUsage counts tokens the model reported: in the session's usage, and
// in the turn started last, if one was (usage before any turn is the
// session's only).
func (b *Builder) CountUsage(u TokenUsage) {
	b.Usage.Add(u)
	if b.turn != nil && u != (TokenUsage{}) {
		b.turn.Usage.Add(u)
		b.Touch(b.turn) // its card and the outline show its tokens
	}
}

// CountStep counts a step's times in the turn started last: the harness
// starts a turn before its steps. A step outside any turn counts nowhere.
func (b *Builder) CountStep(t StepTimes) {
	if b.turn == nil {
		return
	}
	was := b.turn.Steps
	b.turn.Steps.Add(t)
	if b.turn.Steps != was {
		b.Touch(b.turn)
	}
}

// SetUsage takes the session's usage so far from a log that reports running
// totals: what it adds to the last total is the turn's, as CountUsage counts.
// A count lower than the last adds nothing: a turn never counts less than 0.
func (b *Builder) SetUsage(total TokenUsage) {
	was := b.Usage
	added := func(now, before int64) int64 { return max(now-before, 0) }
	b.CountUsage(TokenUsage{Input: added(total.Input, was.Input), Output: added(total.Output, was.Output),
		CacheRead: added(total.CacheRead, was.CacheRead), CacheWrite: added(total.CacheWrite, was.CacheWrite),
		Reasoning: added(total.Reasoning, was.Reasoning), Recorded: total.Recorded})
	b.Usage = total
}

// ResetUsage forgets the usage counted so far, the session's and every
// turn's: the log's later reports replace it.
func (b *Builder) ResetUsage() {
	b.Usage = TokenUsage{}
	b.tookAny() // the turns taken may have counted some
	for _, e := range b.Entries {
		if t, ok := e.(*TurnStart); ok && t.Usage != (TokenUsage{}) {
			t.Usage = TokenUsage{}
			b.Touch(t)
		}
	}
}

// Touch records that an entry changed.
func (b *Builder) Touch(e Entry) {
	b.tookEntry(e)
	e.base().Rev++
	b.Rev++
	b.noteChange(e.base().ID)
	b.titleFromPrompt(e) // a message a reader learns was typed after all
}

// Remove drops an entry (a streamed block its committed message replaced).
// It looks from the end: what a reader removes is mostly what it added
// last, and a log that removes its last entries again and again must not
// cost a walk over the whole session each time.
func (b *Builder) Remove(e Entry) {
	s := b.Session
	for i := len(s.Entries) - 1; i >= 0; i-- {
		if s.Entries[i] == e {
			s.Entries = append(s.Entries[:i], s.Entries[i+1:]...)
			s.Rev++
			b.noteReshape()
			return
		}
	}
	b.tookAny() // e may have been taken
}

// SetCallID gives a call its id (known only once its stream names it) and
// makes it findable by that id.
func (b *Builder) SetCallID(c *ToolCall, id string) {
	c.CallID = id
	b.name(c, id)
}

func (b *Builder) name(c *ToolCall, id string) {
	b.calls[id] = c
	b.named = append(b.named, namedCall{id, c})
}

// Calls yields every call that has an id, in no order.
func (b *Builder) Calls() func(yield func(*ToolCall) bool) {
	return func(yield func(*ToolCall) bool) {
		for c := range maps.Values(b.calls) {
			if c == takenCall {
				b.conflicted = true
				continue
			}
			if !yield(c) {
				return
			}
		}
	}
}

// NamedSince yields the calls given an id since the last NamedSince (or
// the start) that are still found by it, a call once for each such id: of
// the calls Calls yields, those that can have come since. A reader that
// looks at every call at each turn's end looks at these alone.
func (b *Builder) NamedSince() func(yield func(*ToolCall) bool) {
	named := b.named
	b.named = nil
	return func(yield func(*ToolCall) bool) {
		for _, n := range named {
			c := b.calls[n.id]
			if c == takenCall {
				b.conflicted = true
			}
			if c == n.c && !yield(n.c) {
				return
			}
		}
	}
}

// EndCalls marks every call still pending as one that will get no result
// (ToolCall.Unfinished), as a turn's end does: the log ended, or its turn
// did, before the result came.
func (b *Builder) EndCalls() {
	if b.taken.open {
		b.conflicted = true
	}
	for _, e := range b.Entries {
		if c, ok := e.(*ToolCall); ok {
			b.endCall(c)
		}
	}
}

// endCall marks one call, and the calls of a subagent's work inside it.
func (b *Builder) endCall(c *ToolCall) {
	if c.Result == nil && !c.Unfinished {
		c.Unfinished = true
		b.Touch(c)
	}
	for _, e := range c.Nested {
		if n, ok := e.(*ToolCall); ok && n.Result == nil && !n.Unfinished {
			n.Unfinished = true
			b.Touch(c)
		}
	}
}

// Tally records where a line of kind went (bookkeeping is counted by kind).
func (b *Builder) Tally(out Outcome, kind string) {
	switch out {
	case AsEntry:
		b.Account.Entries++
	case AsMerge:
		b.Account.Merged++
	case AsBookkeeping:
		b.Hidden[kind]++
		b.Account.Bookkeeping++
	}
}
