package index

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/cardtext"
)

// Text is one entry's searchable text of one kind, as cardtext gathers it:
// its pieces a line apart, in UTF-8 (a byte that is not is U+FFFD, in
// SQLite's text as in a snippet).
type Text struct {
	Entry int   // the entry's place in session.Entries: the card a hit opens at
	Turn  int   // the turn it is in; 0 before the first
	Seq   int64 // the entry's event seq; -1 if none
	Kind  cardtext.Kind
	Text  string
}

// Texts lists a session's texts in entry order, each entry's by kind. A
// subagent's work nested in a call is its call's: a hit in it opens its
// card.
func Texts(s *session.Session) []Text {
	var out []Text
	turn := 0
	var g cardtext.Gatherer
	for i, e := range s.Entries {
		if i > maxEntry {
			break // past what a row's id can name; no log holds half a billion entries
		}
		if t, ok := e.(*session.TurnStart); ok {
			turn = t.Turn
		}
		for k, pieces := range g.Of(e) {
			if len(pieces) > 0 {
				out = append(out, Text{Entry: i, Turn: turn, Seq: session.Base(e).Seq, Kind: cardtext.Kind(k), Text: cardtext.Join(pieces)})
			}
		}
	}
	return out
}
