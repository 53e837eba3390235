package index

import "github.com/deck-tui/deck/session/cardtext"

// A text's id says where it is: its session's id, the entry's place in
// session.Entries and the kind, as session<<32 | entry<<3 | kind. A chunk's
// id is its first text's: so the full-text table's candidates name their
// session without a look into another table, a session's chunks are one
// range of ids, and its chunks' ids are in the order of their texts.
const (
	kindBits  = 3
	entryBits = 29
	maxEntry  = 1<<entryBits - 1
)

func rowID(session int64, entry int, kind cardtext.Kind) int64 {
	return session<<(entryBits+kindBits) | int64(entry)<<kindBits | int64(kind)
}

// sessionRows is the range of ids session's rows have, both ends in.
func sessionRows(session int64) (first, last int64) {
	return session << (entryBits + kindBits), (session+1)<<(entryBits+kindBits) - 1
}

func sessionOf(id int64) int64 { return id >> (entryBits + kindBits) }
