package index

import (
	"unicode/utf8"

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
	// Nests are where the text of each entry nested in the card (a
	// subagent's work) starts in Text, in order; only those with text of
	// this kind. Before the first is the card's own.
	Nests    []Nest
	NestedOf int // how many entries are nested in the card; 0 with no Nests
}

// Nest is where the text of one entry nested in a card starts.
type Nest struct {
	At       int    // the byte of Text it starts at
	Place    int    // its place among the card's nested entries, from 1, depth first: the viewer's "nested k of n"
	Subagent string // the subagent's name as its call's card heads it; untrusted
}

// nestAt is the nest that holds byte at of t's text; false for the
// card's own text.
func (t Text) nestAt(at int) (Nest, bool) {
	var in Nest
	for _, n := range t.Nests {
		if n.At > at {
			break
		}
		in = n
	}
	return in, in.Place > 0
}

// Texts lists a session's texts in entry order, each entry's by kind. A
// subagent's work nested in a call is its call's: a hit in it opens its
// card, and says which nested entry holds it.
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
				t := Text{Entry: i, Turn: turn, Seq: session.Base(e).Seq, Kind: cardtext.Kind(k), Text: cardtext.Join(pieces)}
				if nested := g.Nested(); len(nested) > 0 {
					t.Nests, t.NestedOf = nests(pieces, nested, k), len(nested)
				}
				out = append(out, t)
			}
		}
	}
	return out
}

// nests are where the nested entries that hold pieces of kind k start in
// the pieces' joined text (cardtext.Join: a byte that is not UTF-8 is
// U+FFFD, so a piece's length is its length made valid).
func nests(pieces []string, nested []cardtext.Nest, k int) []Nest {
	var out []Nest
	at, done := 0, 0 // the byte pieces[done] starts at
	for i, n := range nested {
		first, end := n.Pieces[k], len(pieces)
		if i+1 < len(nested) {
			end = nested[i+1].Pieces[k]
		}
		if first == end {
			continue // none of its text is of this kind
		}
		for ; done < first; done++ {
			at += joinedLen(pieces[done]) + 1
		}
		out = append(out, Nest{At: at, Place: i + 1, Subagent: subagentName(n.Call)})
	}
	return out
}

// joinedLen is a piece's length in its joined text.
func joinedLen(p string) int {
	if utf8.ValidString(p) {
		return len(p)
	}
	return len(cardtext.Join([]string{p}))
}

// subagentName is a subagent's name as the card of the call that started
// it heads it: the call's title, else its tool's name.
func subagentName(c *session.ToolCall) string {
	if t := c.Title(); t != "" {
		return t
	}
	return c.Name
}
