package stats

import "github.com/deck-tui/deck/session"

// Counter counts a session's entries given in order, as Totals does: for a
// reader that lets each entry go once it has drawn it, while the log is
// still read (deck render), and counts them as they go.
type Counter struct {
	format       session.Format
	each         func(Turn) bool // given each turn's figures as the turn closes
	all, outside *tally          // outside: the calls before any turn
	sums         turnSums
	turn, spare  *tally // spare: a closed turn's tally, for the next when no one holds its figures
	turnStart    int64
	stopped      bool   // each said to stop: what is counted is of no use
	keep         int    // how many turns' figures to keep (Kept)
	kept         []Turn // the first turns' figures
}

// NewCounter counts the entries of a session of format, keeping the
// figures of its first keep turns (Kept).
func NewCounter(format session.Format, keep int) *Counter {
	c := newCounter(format, nil)
	c.keep = keep
	return c
}

// newCounter counts the entries of a session of format, handing each
// turn's figures to each (when not nil) as the turn closes; once each
// returns false it counts no more.
func newCounter(format session.Format, each func(Turn) bool) *Counter {
	return &Counter{format: format, each: each, all: newTally(), outside: newTally()}
}

// Rest counts the entries s holds, after those counted before (taken out
// of it as it was read), and returns Of's figures of the whole: every
// turn's among them when the Counter keeps them all.
func (c *Counter) Rest(s *session.Session) Stats {
	for _, e := range s.Entries {
		c.Add(e)
	}
	st := c.Stats(s)
	st.PerTurn = c.kept
	if st.PerTurn == nil {
		st.PerTurn = []Turn{}
	}
	return st
}

// Kept is the figures of the first turns counted, as many as NewCounter
// was asked to keep: what Turns yields first.
func (c *Counter) Kept() []Turn { return c.kept }

// Add counts the entry after those counted.
func (c *Counter) Add(e session.Entry) {
	if c.stopped {
		return
	}
	switch e := e.(type) {
	case *session.TurnStart:
		c.closeTurn(nil)
		c.turn, c.turnStart = c.spare.reused(), e.Time
		c.spare = nil
		c.turn.number, c.turn.usage, c.turn.start, c.turn.steps = e.Turn, e.Usage, e.Time, e.Steps
	case *session.TurnEnd:
		if e.Reason == "error" {
			c.all.errors++
			if c.turn != nil {
				c.turn.errors++
			}
		}
		c.closeTurn(e)
	default:
		c.all.add(e)
		if c.turn != nil {
			c.turn.add(e)
		} else {
			c.outside.add(e)
		}
	}
}

// Stats closes the last turn and returns the figures of s, whose entries
// have all been counted.
func (c *Counter) Stats(s *session.Session) Stats {
	st := Stats{Format: string(s.Format), Agent: s.Agent, ID: s.Header.ID, Title: s.Title, Model: s.Model}
	if c.stopped {
		return st
	}
	c.closeTurn(nil)
	st.Turns, st.closed = c.sums.count(), c.sums.turns
	st.Figures = sessionFigures(s, c.all, c.outside, &c.sums)
	return st
}

// closeTurn hands the open turn's figures on, ended by end (nil when the
// next turn's start or the session's end closes it).
func (c *Counter) closeTurn(end *session.TurnEnd) {
	if c.turn == nil || c.stopped {
		return
	}
	t := Turn{Turn: c.turn.number, Figures: c.turn.figures(c.format, end, c.turnStart), steps: c.turn.steps, trusted: !c.turn.clockBack}
	if end != nil {
		t.Reason = end.Reason
	}
	c.sums.add(t)
	switch {
	case len(c.kept) < c.keep:
		c.kept = append(c.kept, t)
	case c.each != nil:
		if !c.each(t) {
			c.stopped = true
		}
	default: // its figures (their maps) went nowhere but into the sums
		c.spare = c.turn
	}
	c.turn = nil
}
