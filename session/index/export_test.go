package index

import (
	"context"
	"github.com/deck-tui/deck/session/cardtext"
	"strings"
	"time"
)

// Later moves the index's clock on by d, as if that much time had passed,
// until the test's cleanup.
func Later(d time.Duration) (restore func()) {
	clock = func() time.Time { return time.Now().Add(d) }
	return func() { clock = time.Now }
}

// ChunkBytes is how much text closes a chunk.
const ChunkBytes = chunkBytes

// ListReads is how often the index read its sessions table whole.
func ListReads(ix *Index) int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.listReads
}

// ReadAhead has a search read n candidates ahead, until the test's
// cleanup.
func ReadAhead(n int) (restore func()) {
	was := readAhead
	readAhead = n
	return func() { readAhead = was }
}

// Merges is what the full-text table is told of merging: its automerge
// and crisismerge (0 for FTS5's own).
func Merges(ix *Index) (auto, crisis int64) {
	ix.conn().QueryRow(`SELECT coalesce((SELECT v FROM grams_config WHERE k = 'automerge'), 0), coalesce((SELECT v FROM grams_config WHERE k = 'crisismerge'), 0)`).Scan(&auto, &crisis)
	return auto, crisis
}

// ListScans is how often the index read its list from the sessions
// table, row by row.
func ListScans(ix *Index) int {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.listScans
}

// TableSessions are the sessions as the sessions table holds them.
func TableSessions(ix *Index) ([]Session, error) {
	return readSessions(context.Background(), ix.conn(), `SELECT `+sessionColumns+` FROM sessions`)
}

// ListAt is the write the list was written at, and the writes so far.
func ListAt(ix *Index) (at, gen int64) {
	ix.conn().QueryRow(`SELECT coalesce((SELECT gen FROM list), -1), (SELECT value FROM meta WHERE key = 'gen')`).Scan(&at, &gen)
	return at, gen
}

// DamageList puts bytes that are no list in the list's place.
func DamageList(ix *Index) error {
	_, err := ix.conn().Exec(`UPDATE list SET data = x'01ffffff'`)
	return err
}

var planted int64

// Plant makes the index hold one session whose one text is text, in place
// of any planted before: for a fuzz test of the search alone.
func Plant(ix *Index, text string) error {
	d := doc{s: Session{Path: "/planted", Agent: "test"}, texts: []Text{{Entry: 0, Turn: 1, Kind: cardtext.KindPrompt, Text: strings.ToValidUTF8(text, "\uFFFD")}}, rewrite: true}
	planted++
	d.s.file.mtime = planted // a state of its own each time, so it is written
	d.prepare()
	w := newWriter(ix)
	_, err := w.commit(context.Background(), []doc{d})
	w.follow()
	return err
}

// EarlyLooks is how many of the sessions changed last an update looks at
// before its listing is done.
const EarlyLooks = earlyLooks

// AfterEarlyReads has each update tell f how many logs it read and wrote
// while it listed, until the test's cleanup.
func AfterEarlyReads(f func(read int)) (restore func()) {
	earlyDone = f
	return func() { earlyDone = nil }
}
