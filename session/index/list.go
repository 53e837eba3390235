package index

import (
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"time"
)

// The list of sessions is kept twice: a row each in sessions (what an
// update reads and writes) and, as one value, in list: the rows as they
// were at a write (its gen), encoded and packed. A deck starting up reads
// the value and the few rows written since (each row knows the write that
// wrote it, gone the sessions removed since), not ten thousand rows a
// column at a time: that was most of `deck ls`. The value is written
// again at the end of an update once many rows changed since
// (staleList), so that a session appended to now and then costs no more
// than its own row.

// staleList is how many rows written or removed since the list was
// written make an update write it again: a sixteenth of the sessions, and
// at least 64.
func staleList(sessions int) int { return max(64, sessions/16) }

// readList reads the list: the value and the rows since, or the whole
// table where there is no value; in one read transaction, so that no write
// comes between. gen is the writes so far.
func readList(ctx context.Context, db *sql.DB) (list []Session, gen int64, scanned, damaged bool, err error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return nil, 0, false, false, err
	}
	defer tx.Rollback()
	if err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM meta WHERE key = 'gen'), 0)`).Scan(&gen); err != nil {
		return nil, 0, false, false, err
	}
	var at int64
	var packed []byte
	err = tx.QueryRowContext(ctx, `SELECT gen, data FROM list`).Scan(&at, &packed)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return nil, 0, false, false, err
	}
	var base []Session
	if err == nil {
		base, err = unpackList(packed)
	}
	if err != nil { // none, or a value damaged on disk (keepList writes it again)
		damaged = packed != nil
		list, err = readSessions(ctx, tx, `SELECT `+sessionColumns+` FROM sessions`)
		return list, gen, true, damaged, err
	}
	since, err := readSessions(ctx, tx, `SELECT `+sessionColumns+` FROM sessions WHERE gen > ?`, at)
	if err != nil {
		return nil, 0, false, false, err
	}
	gone, err := ids(ctx, tx, `SELECT id FROM gone WHERE gen > ?`, at)
	if err != nil {
		return nil, 0, false, false, err
	}
	return merged(base, since, gone), gen, false, false, nil
}

// merged is a list with the sessions of put written in it and those of
// gone out of it, newest first; a new list, for callers hold the old one.
// The list is in that order already and put is a few rows: they are
// merged in as the list is copied, not all ten thousand sorted again.
func merged(list, put []Session, gone []int64) []Session {
	if len(put) == 0 && len(gone) == 0 {
		return list
	}
	changed := make(map[int64]bool, len(put)+len(gone))
	// a session written twice in one update (read while the listing went
	// on, then again) is its last write; one written, then not listed, is
	// gone (ids are never given twice)
	last := make(map[int64]int, len(put))
	for i, s := range put {
		changed[s.ID] = true
		last[s.ID] = i
	}
	for _, id := range gone {
		changed[id] = true
		last[id] = -1
	}
	var latest []Session
	for i, s := range put {
		if last[s.ID] == i {
			latest = append(latest, s)
		}
	}
	put = latest
	sortSessions(put)
	out := make([]Session, 0, len(list)+len(put))
	for i := range list {
		s := &list[i]
		if changed[s.ID] {
			continue
		}
		for len(put) > 0 && newestFirst(&put[0], s) < 0 {
			out, put = append(out, put[0]), put[1:]
		}
		out = append(out, *s)
	}
	out = append(out, put...)
	for i := 1; i < len(out); i++ {
		if newestFirst(&out[i-1], &out[i]) > 0 { // a list not in order (damaged on disk) is sorted whole
			sortSessions(out)
			break
		}
	}
	return out
}

// ids are the ids a query gives.
func ids(ctx context.Context, tx *sql.Tx, query string, args ...any) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// keepList writes the list again when many rows changed since it was
// last written, or when it could not be read, after an update (the list
// this process holds, when it is the index's as it stands; else read in
// the transaction).
func (w writer) keepList(ctx context.Context) error {
	tx, err := w.ix.conn().BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var gen, at, rows, changed, gone int64
	err = tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM meta WHERE key = 'gen'), 0), coalesce((SELECT gen FROM list), -1),
		(SELECT count(*) FROM sessions), (SELECT count(*) FROM sessions WHERE gen > coalesce((SELECT gen FROM list), -1)),
		(SELECT count(*) FROM gone WHERE gen > coalesce((SELECT gen FROM list), -1))`).Scan(&gen, &at, &rows, &changed, &gone)
	if err != nil {
		return err
	}
	w.ix.mu.Lock()
	c, damaged := *w.ix.known, w.ix.listDamaged
	w.ix.mu.Unlock()
	if at >= 0 && changed+gone < int64(staleList(int(rows))) && !damaged {
		return nil
	}
	list := c.list
	if !c.ok || c.gen != gen {
		if list, err = readSessions(ctx, tx, `SELECT `+sessionColumns+` FROM sessions`); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT OR REPLACE INTO list (id, gen, data) VALUES (1, ?, ?)`, gen, pack(encodeList(list))); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM gone WHERE gen <= ?`, gen); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	w.ix.mu.Lock()
	w.ix.listDamaged = false
	w.ix.mu.Unlock()
	return nil
}

// unpackList reads the list's value.
func unpackList(packed []byte) ([]Session, error) {
	raw, err := unpack(packed)
	if err != nil {
		return nil, err
	}
	return decodeList(raw)
}

// encodeList encodes a list of sessions, each field in sessionColumns'
// order.
func encodeList(list []Session) []byte {
	var b []byte
	b = binary.AppendUvarint(b, uint64(len(list)))
	str := func(s string) { b = binary.AppendUvarint(b, uint64(len(s))); b = append(b, s...) }
	num := func(n int64) { b = binary.AppendVarint(b, n) }
	for _, s := range list {
		f := s.file
		num(s.ID)
		str(s.Path)
		str(s.Agent)
		str(s.SessionID)
		str(s.Title)
		str(s.Cwd)
		num(unixMillis(s.Started))
		num(unixMillis(s.Ended))
		num(f.size)
		num(f.mtime)
		num(f.inode)
		str(string(f.head))
		num(f.headLen)
		num(boolInt(f.closed))
		num(int64(s.Turns))
		num(int64(s.Calls))
		num(int64(s.Errors))
		num(s.Tokens)
		str(s.NotShown)
		str(s.Unreadable)
		num(f.folderMod)
	}
	return b
}

var errBadList = errors.New("the index's list of sessions is cut short")

// decodeList reads what encodeList wrote; the sessions are as
// scanSession makes them of the rows.
func decodeList(raw string) ([]Session, error) {
	bad := false
	num := func() int64 {
		n, rest, ok := varint(raw)
		bad = bad || !ok
		raw = rest
		return n
	}
	str := func() string {
		n, rest, ok := uvarint(raw)
		if !ok || uint64(len(rest)) < n {
			bad = true
			return ""
		}
		raw = rest[n:]
		return rest[:n]
	}
	n, rest, ok := uvarint(raw)
	if !ok || n > uint64(len(raw)) { // a session takes a byte at least
		return nil, errBadList
	}
	raw = rest
	out := make([]Session, n)
	for i := range out {
		s := &out[i]
		f := &s.file
		s.ID, s.Path, s.Agent, s.SessionID, s.Title, s.Cwd = num(), str(), str(), str(), str(), str()
		started, ended := num(), num()
		f.size, f.mtime, f.inode = num(), num(), num()
		if head := str(); head != "" {
			f.head = []byte(head)
		}
		f.headLen, f.closed = num(), num() != 0
		s.Turns, s.Calls, s.Errors, s.Tokens = int(num()), int(num()), int(num()), num()
		s.NotShown, s.Unreadable, f.folderMod = str(), str(), num()
		if bad {
			return nil, errBadList
		}
		s.Size, s.Started, s.Ended, s.Mod = f.size, millis(started), millis(ended), time.Unix(0, f.mtime)
	}
	return out, nil
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
