package cli

import (
	"io"

	"github.com/charmbracelet/colorprofile"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// earlyCards draws a harness session's cards while its log is read
// (cards.Stream), each turn once the next has begun, into a spool, for deck
// render's terminal formats: the session is let go of as it is drawn, so
// that the collector never marks a million events again and again, and
// the process never holds them (5.3 s and 463 MB for a million small
// events drawn after the reading, 4 s and 385 MB drawn with it). The
// header, which says what the whole session holds, is drawn last and
// written first.
type earlyCards struct {
	enc    *theme.Encoder
	co     cards.Options
	stream *cards.Stream // nil once the log was read again whole
	spool  spool
}

func newEarlyCards(co cards.Options, profile colorprofile.Profile) *earlyCards {
	return &earlyCards{enc: theme.NewEncoder(profile), co: co}
}

// open reads the session at path, drawing it as it goes; read again whole
// when the cards drawn may not be those it shows (readTaking,
// cards.Stream.Fits).
func (e *earlyCards) open(path string) (*session.Session, error) {
	e.stream = cards.NewStream(e.co, func(rows []string) error {
		e.spool.append(func(b []byte) []byte { return e.enc.AppendRows(b, rows) })
		return nil
	})
	s, took, err := readTaking(path, e.stream.Draw, e.stream.Fits)
	if !took {
		e.stream, e.spool = nil, spool{}
	}
	return s, err
}

// takeWhileReading is false only in tests, which read a session both ways.
var takeWhileReading = true

// readTaking reads the session at path, handing use the entries of each
// turn the next has begun while it reads a harness log (source.OpenTaking,
// session.Builder.Take). When it took some but the log is one deck does
// not show, or could not be read whole, or fits says the session read
// does not fit what was done with them, it reads the log again whole and
// took is false.
func readTaking(path string, use func(*session.Session, []session.Entry), fits func(*session.Session) bool) (s *session.Session, took bool, err error) {
	if !takeWhileReading {
		s, err = source.Open(path)
		return s, false, err
	}
	scanned := 0 // how many of the session's entries were looked at for a turn's start
	s, err = source.OpenTaking(path, func(b *session.Builder) {
		if b.Format != session.FormatHarness || b.Header.Unsupported != nil {
			return
		}
		entries := b.Entries
		n := 0
		for i := len(entries) - 1; i >= min(scanned, len(entries)) && i > 0; i-- {
			if _, ok := entries[i].(*session.TurnStart); ok {
				n = i
				break
			}
		}
		if n > 0 {
			use(b.Session, b.Take(n))
			took = true
		}
		scanned = len(b.Entries)
	})
	if took && (err != nil || !fits(s) || s.Header.Unsupported != nil) {
		s, err = source.Open(path)
		return s, false, err
	}
	return s, took, err
}

// drawing reports that cards were drawn while the log was read.
func (e *earlyCards) drawing() bool { return e != nil && e.stream != nil && e.stream.Started() }

// takenNotices is how many notices were among the entries drawn early.
func (e *earlyCards) takenNotices() int {
	if !e.drawing() {
		return 0
	}
	return e.stream.TakenNotices()
}

// write writes the whole session: the header, the cards drawn, the rest
// and the footer, then the stats card.
func (e *earlyCards) write(out io.Writer, s *session.Session) error {
	header, footer, statsCard, err := e.stream.Close(s)
	if err != nil {
		return err
	}
	if _, err := out.Write(e.enc.AppendRows(nil, header)); err != nil {
		return err
	}
	if _, err := e.spool.WriteTo(out); err != nil {
		return err
	}
	_, err = out.Write(e.enc.AppendRows(nil, append(footer, statsCard...)))
	return err
}

// spool holds drawn cards, encoded, in pieces of about a megabyte: text
// the collector need not look into, grown without copying what it holds.
type spool struct{ pieces [][]byte }

const spoolPiece = 1 << 20

// append adds what add appends to the spool's last piece.
func (sp *spool) append(add func([]byte) []byte) {
	if n := len(sp.pieces); n == 0 || len(sp.pieces[n-1]) >= spoolPiece-spoolPiece/4 {
		sp.pieces = append(sp.pieces, make([]byte, 0, spoolPiece))
	}
	last := &sp.pieces[len(sp.pieces)-1]
	*last = add(*last)
}

// WriteTo writes what the spool holds, in order.
func (sp *spool) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, p := range sp.pieces {
		m, err := w.Write(p)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
