package cards

import (
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/stats"
)

// Stream draws a session's cards while its log is still read (deck
// render), so that a session of a million events is never in memory
// whole: the entries the reading is done with are taken out of the
// session (session.Builder.Take), drawn on every core and let go, their
// cards handed to emit, which holds them; the header, which says what the
// whole session holds, comes once the log is read (Close). What is emitted
// is what DrawOnce emits after the header, card for card, when the stream
// Fits the session read.
type Stream struct {
	o       Options // as given: the entries' cards are drawn in the session's working directory
	drawn   Options
	emit    func(rows []string) error
	counter *stats.Counter
	footer  footerTally
	cwd     string          // the session's working directory the cards were drawn with
	pending []session.Entry // taken, counted, not yet drawn
	started bool
	err     error
}

// streamBatch is how many entries taken wait to be drawn together: a
// turn of a few entries at a time gave the cores nothing to share.
const streamBatch = 4096

// NewStream draws cards with o for emit.
func NewStream(o Options, emit func(rows []string) error) *Stream {
	return &Stream{o: o, emit: emit}
}

// Draw draws and counts entries taken from s, after those drawn before.
// After an error from emit it draws nothing more; Close returns the error.
func (st *Stream) Draw(s *session.Session, entries []session.Entry) {
	if !st.started {
		st.started = true
		st.cwd = s.Header.Cwd
		st.drawn = st.o
		if st.drawn.Cwd == "" {
			st.drawn.Cwd = st.cwd
		}
		st.counter = stats.NewCounter(s.Format, maxCardRows) // the stats card lists a turn a row at least
	}
	st.count(entries)
	st.pending = append(st.pending, entries...)
	if len(st.pending) >= streamBatch {
		st.drawPending()
	}
}

// count counts entries for the figures and the footer.
func (st *Stream) count(entries []session.Entry) {
	for _, e := range entries {
		st.counter.Add(e)
		st.footer.add(e)
	}
}

// drawPending draws the entries waiting, and lets them go.
func (st *Stream) drawPending() {
	if st.err == nil && len(st.pending) > 0 {
		st.err = drawInOrder(st.pending, st.drawn, true, func(_ session.Entry, rows []string) error { return st.emit(rows) })
	}
	st.pending = st.pending[:0]
}

// Started reports that entries were drawn before the log was read whole.
func (st *Stream) Started() bool { return st.started }

// TakenNotices is how many of the entries drawn were notices.
func (st *Stream) TakenNotices() int { return st.footer.notices }

// Fits reports that the cards drawn are those a whole read of s draws:
// nothing the reading did came back to an entry taken, and the session is
// still in the working directory they were drawn in.
func (st *Stream) Fits(s *session.Session) bool {
	return !s.Conflicted() && (!st.started || s.Header.Cwd == st.cwd)
}

// Close draws the rest of s (the entries it still holds, which it lets go)
// and returns the cards that go around all those emitted: the header
// before them; after them the footer and the stats card, each led by its
// blank row.
func (st *Stream) Close(s *session.Session) (header, footer, statsCard []string, err error) {
	st.Draw(s, nil) // started, for a session with nothing taken
	st.count(s.Entries)
	totals := st.counter.Stats(s)
	o := st.drawn
	header = headerOf(s, totals, o) // before Release: the title's prompt is the session's
	footer = append([]string{""}, contain(o, func() string { return "" }, func() []string { return footerOf(s, st.footer, o) })...)
	statsCard = append([]string{""}, StatsCardOf(totals, slices.Values(st.counter.Kept()), st.o)...)
	st.pending = append(st.pending, s.Release()...)
	st.drawPending()
	return header, footer, statsCard, st.err
}
