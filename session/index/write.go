package index

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// A batch of sessions is written in one transaction: one per session
// would cost a commit each on a first build of thousands, and one for all
// would hold the write lock (and every text) until the end.
const (
	batchBytes = 16 << 20
	batchDocs  = 256
)

// writer writes what the readers read, on one goroutine: SQLite takes one
// writer at a time anyway.
type writer struct{ ix *Index }

// write writes docs as they come, a batch of what is ready at a time, and
// calls done for each once it is committed, with the text rows it wrote.
func (w writer) write(ctx context.Context, docs <-chan doc, done func(doc, int)) error {
	for {
		var d doc
		var ok bool
		select {
		case d, ok = <-docs:
		case <-ctx.Done():
			drain(docs)
			return ctx.Err()
		}
		if !ok {
			return nil
		}
		batch, size := []doc{d}, d.bytes
	more:
		for len(batch) < batchDocs && size < batchBytes {
			select {
			case d, ok := <-docs:
				if !ok {
					break more
				}
				batch = append(batch, d)
				size += d.bytes
			default:
				break more
			}
		}
		rows, err := w.commit(ctx, batch)
		if err != nil {
			drain(docs)
			return err
		}
		for i, d := range batch {
			done(d, rows[i])
		}
	}
}

// statements are the writes of one transaction, prepared once. The
// trigram table's writes wait in grams until the rest is written: a write
// that needs a savepoint (a row of sessions, with its unique path) makes
// FTS5 flush the trigrams it holds in memory to a new segment on disk, and
// a segment a session is slow to write and slower to merge.
type statements struct {
	tx                          *sql.Tx
	addGrams, dropGrams, putTxt *sql.Stmt
	grams                       []gramWrite
}

// gramWrite is a write of the trigram table: a text's, or its removal.
type gramWrite struct {
	id   int64
	text string
	drop bool
}

func (w writer) begin(ctx context.Context) (*statements, error) {
	tx, err := w.ix.conn().BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	st := &statements{tx: tx}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&st.addGrams, `INSERT INTO grams (rowid, text) VALUES (?, ?)`},
		{&st.dropGrams, `DELETE FROM grams WHERE rowid = ?`},
		{&st.putTxt, `INSERT OR REPLACE INTO texts (id, turn, seq, hash, text) VALUES (?, ?, ?, ?, ?)`},
	} {
		if *p.stmt, err = tx.PrepareContext(ctx, p.sql); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	return st, nil
}

// flushGrams writes the trigram table's writes.
func (st *statements) flushGrams(ctx context.Context) error {
	for _, g := range st.grams {
		var err error
		if g.drop {
			_, err = st.dropGrams.ExecContext(ctx, g.id)
		} else {
			_, err = st.addGrams.ExecContext(ctx, g.id, g.text)
		}
		if err != nil {
			return err
		}
	}
	st.grams = nil
	return nil
}

// end commits, the write counted in meta's gen so that a cached list of
// sessions (this process's or another's) knows it is old.
func (st *statements) end(ctx context.Context) error {
	if err := st.flushGrams(ctx); err != nil {
		st.tx.Rollback()
		return err
	}
	_, err := st.tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('gen', 1), ('updated', ?)
		ON CONFLICT (key) DO UPDATE SET value = CASE key WHEN 'gen' THEN value + 1 ELSE excluded.value END`, time.Now().UnixMilli())
	if err != nil {
		st.tx.Rollback()
		return err
	}
	return st.tx.Commit()
}

// commit writes a batch in one transaction, and says how many text rows
// each session's took.
func (w writer) commit(ctx context.Context, batch []doc) ([]int, error) {
	st, err := w.begin(ctx)
	if err != nil {
		return nil, err
	}
	rows := make([]int, len(batch))
	for i, d := range batch {
		if rows[i], err = st.put(ctx, d); err != nil {
			st.tx.Rollback()
			return nil, err
		}
	}
	return rows, st.end(ctx)
}

// remove drops the sessions no longer on disk.
func (w writer) remove(ctx context.Context, gone []Session) error {
	if len(gone) == 0 {
		return nil
	}
	st, err := w.begin(ctx)
	if err != nil {
		return err
	}
	for _, s := range gone {
		err := st.dropRows(ctx, s.ID)
		if err == nil {
			_, err = st.tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, s.ID)
		}
		if err != nil {
			st.tx.Rollback()
			return err
		}
	}
	return st.end(ctx)
}

// put writes one session: its row, and those of its texts that are new or
// changed; texts it no longer has go. A rewritten log's rows are replaced
// whole.
func (st *statements) put(ctx context.Context, d doc) (written int, err error) {
	s := d.s
	var id int64
	var was fileState
	err = st.tx.QueryRowContext(ctx, `SELECT id, size, mtime, inode, head, head_len, closed FROM sessions WHERE path = ?`, s.Path).
		Scan(&id, &was.size, &was.mtime, &was.inode, &was.head, &was.headLen, &was.closed)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		err = st.tx.QueryRowContext(ctx, `INSERT INTO sessions (`+sessionColumns[len("id, "):]+`)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, s.values()...).Scan(&id)
		d.rewrite = true
	case err != nil:
	case was.same(s.file):
		return 0, nil // another deck wrote what this one read, meanwhile
	default:
		_, err = st.tx.ExecContext(ctx, `UPDATE sessions SET (`+sessionColumns[len("id, "):]+`)
			= (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ?`, append(s.values(), id)...)
	}
	if err != nil {
		return written, err
	}
	old := map[int64]int64{} // the rows the index holds, by id: their hashes
	if d.rewrite {
		err = st.dropRows(ctx, id)
	} else {
		old, err = st.hashes(ctx, id)
	}
	if err != nil {
		return written, err
	}
	for i, t := range d.texts {
		rid := rowID(id, t.Entry, t.Kind)
		if h, ok := old[rid]; ok {
			delete(old, rid)
			if h == d.hashes[i] {
				continue // unchanged: the append left it as it was
			}
			st.grams = append(st.grams, gramWrite{id: rid, drop: true})
		}
		st.grams = append(st.grams, gramWrite{id: rid, text: t.Text})
		if _, err := st.putTxt.ExecContext(ctx, rid, t.Turn, t.Seq, d.hashes[i], d.packed[i]); err != nil {
			return written, err
		}
		written++
	}
	for rid := range old { // an entry it no longer has (a notice of a line then half written)
		st.grams = append(st.grams, gramWrite{id: rid, drop: true})
		if _, err := st.tx.ExecContext(ctx, `DELETE FROM texts WHERE id = ?`, rid); err != nil {
			return written, err
		}
	}
	return written, nil
}

// values are a session's columns but its id, in sessionColumns' order.
func (s Session) values() []any {
	f := s.file
	head := f.head
	if head == nil {
		head = []byte{}
	}
	return []any{s.Path, s.Agent, s.SessionID, s.Title, s.Cwd, unixMillis(s.Started), unixMillis(s.Ended),
		f.size, f.mtime, f.inode, head, f.headLen, f.closed, s.Turns, s.Calls, s.Errors, s.Tokens, s.NotShown, s.Unreadable}
}

// hashes are the hashes of a session's rows, by id.
func (st *statements) hashes(ctx context.Context, session int64) (map[int64]int64, error) {
	first, last := sessionRows(session)
	rows, err := st.tx.QueryContext(ctx, `SELECT id, hash FROM texts WHERE id BETWEEN ? AND ?`, first, last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]int64{}
	for rows.Next() {
		var id, h int64
		if err := rows.Scan(&id, &h); err != nil {
			return nil, err
		}
		out[id] = h
	}
	return out, rows.Err()
}

// dropRows deletes every text of a session.
func (st *statements) dropRows(ctx context.Context, session int64) error {
	old, err := st.hashes(ctx, session)
	if err != nil {
		return err
	}
	for rid := range old {
		st.grams = append(st.grams, gramWrite{id: rid, drop: true})
	}
	first, last := sessionRows(session)
	_, err = st.tx.ExecContext(ctx, `DELETE FROM texts WHERE id BETWEEN ? AND ?`, first, last)
	return err
}
