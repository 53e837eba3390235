package index

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"slices"
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
type writer struct {
	ix   *Index
	done *writes
}

func newWriter(ix *Index) writer { return writer{ix: ix, done: &writes{}} }

// writes is what a writer's commits wrote, for the list this process
// keeps (Index.follow): followed once the update is done, not after each
// batch, whose list of a hundred thousand sessions would be copied and
// sorted hundreds of times in a first build.
type writes struct {
	from, to int64 // meta's gen before the first commit, and after the last
	put      []Session
	gone     []int64
	broken   bool // another deck wrote between two of them
}

// record adds a commit, the write gen, to what was written.
func (d *writes) record(gen int64, put []Session, gone []int64) {
	if d.to == 0 {
		d.from = gen - 1
	} else if gen-1 != d.to {
		d.broken = true
	}
	d.to = gen
	d.put = append(d.put, put...)
	d.gone = append(d.gone, gone...)
}

// follow brings the list this process keeps to what the writer wrote.
func (w writer) follow() {
	if d := w.done; d.to != 0 && !d.broken {
		w.ix.follow(d.from, d.to, d.put, d.gone)
	}
	*w.done = writes{}
}

// write writes docs as they come, a batch at a time, and calls done for
// each once it is committed, with the chunks it wrote.
func (w writer) write(ctx context.Context, docs queue, done func(doc, int)) error {
	for {
		d, ok, err := docs.take(ctx)
		if err != nil || !ok {
			docs.drain()
			return err
		}
		// a batch is filled, not cut at what is ready: readers slower than
		// the writer would make a batch of a session or two, and each batch
		// is a segment of the full-text table to sort, write and merge
		batch, size := []doc{d}, d.bytes
		for len(batch) < batchDocs && size < batchBytes {
			d, ok, err := docs.take(ctx)
			if err != nil {
				docs.drain()
				return err
			}
			if !ok {
				break
			}
			batch = append(batch, d)
			size += d.bytes
		}
		rows, err := w.commit(ctx, batch)
		if err != nil {
			docs.drain()
			return err
		}
		for i, d := range batch {
			done(d, rows[i])
		}
	}
}

// FTS5 merges the segments a table's writes make as it goes (its
// automerge: four of a size make one of the next, a little at each write;
// its crisismerge: any sixteen of a size at once), so a row is written
// again at each size its segment grows through: on a first build of
// thousands of sessions, in segments a batch each, most of the table's
// work. A first build merges nothing; once it is done, the table merges as
// it goes again, the build's segments with the rest, a little at each
// later write (work in proportion to what the write wrote). Its crisis is
// put off to 64 of a size, which no build of a home reaches: at sixteen,
// the first write after a build would merge the build's whole table at
// once, seconds for the session appended to.
var merges = map[bool][2]int{ // automerge, crisismerge
	true:  {4, 64},
	false: {0, 1000},
}

// merging has the table merge as it goes, or not.
func (w writer) merging(ctx context.Context, on bool) error {
	want := merges[on]
	var auto, crisis sql.NullInt64 // what the table was told last; not there: FTS5's default
	err := w.ix.conn().QueryRowContext(ctx, `SELECT (SELECT v FROM grams_config WHERE k = 'automerge'), (SELECT v FROM grams_config WHERE k = 'crisismerge')`).Scan(&auto, &crisis)
	if err != nil {
		return err
	}
	now := [2]int{4, 16} // FTS5's own
	if auto.Valid && crisis.Valid {
		now = [2]int{int(auto.Int64), int(crisis.Int64)}
	}
	if now == want {
		return nil
	}
	_, err = w.ix.conn().ExecContext(ctx, `INSERT INTO grams (grams, rank) VALUES ('automerge', ?), ('crisismerge', ?)`, want[0], want[1])
	return err
}

// statements are the writes of one transaction, prepared once. The
// trigram table's writes wait in grams until the rest is written: a write
// that needs a savepoint (a row of sessions, with its unique path) makes
// FTS5 flush the trigrams it holds in memory to a new segment on disk, and
// a segment a session is slow to write and slower to merge.
type statements struct {
	ix                            *Index
	done                          *writes
	tx                            *sql.Tx
	gen                           int64 // the number of this write: meta's gen once it is committed, each row's it wrote
	addGrams, dropGrams, putChunk *sql.Stmt
	grams                         []gramWrite
	written                       []Session // the sessions written, for the cached list (follow)
	gone                          []int64   // the sessions removed
}

// gramWrite is a write of the trigram table: a chunk's words, or its
// removal.
type gramWrite struct {
	id    int64
	words string
	drop  bool
}

func (w writer) begin(ctx context.Context) (*statements, error) {
	tx, err := w.ix.conn().BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	st := &statements{ix: w.ix, tx: tx, done: w.done}
	// this write's number: under the write lock, no other comes between
	if err := tx.QueryRowContext(ctx, `SELECT coalesce((SELECT value FROM meta WHERE key = 'gen'), 0) + 1`).Scan(&st.gen); err != nil {
		tx.Rollback()
		return nil, err
	}
	for _, p := range []struct {
		stmt **sql.Stmt
		sql  string
	}{
		{&st.addGrams, `INSERT INTO grams (rowid, text) VALUES (?, ?)`},
		{&st.dropGrams, `DELETE FROM grams WHERE rowid = ?`},
		{&st.putChunk, `INSERT OR REPLACE INTO chunks (id, texts, hash, data) VALUES (?, ?, ?, ?)`},
	} {
		if *p.stmt, err = tx.PrepareContext(ctx, p.sql); err != nil {
			tx.Rollback()
			return nil, err
		}
	}
	return st, nil
}

// flushGrams writes the trigram table's writes: the removals, then the
// chunks in the order of their ids. FTS5 holds a transaction's writes in
// memory only while each comes after the one before (a removal, or a
// lower id, makes it write out what it holds as a segment of its own),
// so in this order a batch is one segment, however its sessions came.
func (st *statements) flushGrams(ctx context.Context) error {
	slices.SortStableFunc(st.grams, func(a, b gramWrite) int {
		if a.drop != b.drop {
			if a.drop {
				return -1
			}
			return 1
		}
		return cmp.Compare(a.id, b.id)
	})
	for _, g := range st.grams {
		var err error
		if g.drop {
			_, err = st.dropGrams.ExecContext(ctx, g.id)
		} else {
			_, err = st.addGrams.ExecContext(ctx, g.id, g.words)
		}
		if err != nil {
			return err
		}
	}
	st.grams = nil
	return nil
}

// end commits, the write counted in meta's gen so that a cached list of
// sessions (this process's or another's) knows it is old; this process's
// follows the write.
func (st *statements) end(ctx context.Context) error {
	if err := st.flushGrams(ctx); err != nil {
		st.tx.Rollback()
		return err
	}
	_, err := st.tx.ExecContext(ctx, `INSERT INTO meta (key, value) VALUES ('gen', ?), ('updated', ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value`, st.gen, time.Now().UnixMilli())
	if err != nil {
		st.tx.Rollback()
		return err
	}
	if err := st.tx.Commit(); err != nil {
		return err
	}
	st.done.record(st.gen, st.written, st.gone)
	return nil
}

// commit writes a batch in one transaction, and says how many chunks
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
		err := st.dropChunks(ctx, s.ID, 0)
		if err == nil {
			_, err = st.tx.ExecContext(ctx, `DELETE FROM sessions WHERE id = ?`, s.ID)
		}
		if err == nil {
			_, err = st.tx.ExecContext(ctx, `INSERT INTO gone (id, gen) VALUES (?, ?)`, s.ID, st.gen)
		}
		st.gone = append(st.gone, s.ID)
		if err != nil {
			st.tx.Rollback()
			return err
		}
	}
	return st.end(ctx)
}

// touch records the folder mtimes of sessions whose logs did not change
// but whose folders did (a file beside the log): a listing of the folder
// as it is now picks the same log.
func (w writer) touch(ctx context.Context, touched []Session) error {
	if len(touched) == 0 {
		return nil
	}
	st, err := w.begin(ctx)
	if err != nil {
		return err
	}
	for _, s := range touched {
		if _, err := st.tx.ExecContext(ctx, `UPDATE sessions SET folder_mtime = ?, gen = ? WHERE id = ?`, s.file.folderMod, st.gen, s.ID); err != nil {
			st.tx.Rollback()
			return err
		}
		st.written = append(st.written, s)
	}
	return st.end(ctx)
}

// put writes one session: its row, and its chunks from the first that
// is not as the index holds it; the chunks it holds from there go. A
// rewritten log's chunks are replaced whole; an appended one's, from
// where it changed (its last chunk, grown, and those after).
func (st *statements) put(ctx context.Context, d doc) (written int, err error) {
	s := d.s
	var id int64
	var was fileState
	err = st.tx.QueryRowContext(ctx, `SELECT id, size, mtime, inode, head, head_len, closed, folder_mtime FROM sessions WHERE path = ?`, s.Path).
		Scan(&id, &was.size, &was.mtime, &was.inode, &was.head, &was.headLen, &was.closed, &was.folderMod)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if id, err = st.freeID(ctx, s.ID); err == nil {
			_, err = st.tx.ExecContext(ctx, `INSERT INTO sessions (`+sessionColumns+`, gen)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, append(append([]any{id}, s.values()...), st.gen)...)
		}
		d.rewrite = true
	case err != nil:
	case was.same(s.file):
		s.ID = id
		st.written = append(st.written, s)
		return 0, nil // another deck wrote what this one read, meanwhile
	default:
		_, err = st.tx.ExecContext(ctx, `UPDATE sessions SET (`+sessionColumns[len("id, "):]+`, gen)
			= (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) WHERE id = ?`, append(s.values(), st.gen, id)...)
	}
	if err != nil {
		return written, err
	}
	s.ID = id
	st.written = append(st.written, s)
	keep, from := 0, int64(0) // the chunks kept as they are; the first id of those dropped
	if !d.rewrite {
		old, err := chunkKeys(ctx, st.tx, id, 0)
		if err != nil {
			return written, err
		}
		for keep < len(old) && keep < len(d.chunks) && old[keep] == d.chunkKey(id, keep) {
			keep++
		}
		from = -1 // none
		if keep < len(old) {
			from = old[keep][0]
		}
	}
	if from >= 0 {
		if err := st.dropChunks(ctx, id, from); err != nil {
			return written, err
		}
	}
	for i := keep; i < len(d.chunks); i++ {
		c := d.chunks[i]
		cid := d.chunkID(id, i)
		st.grams = append(st.grams, gramWrite{id: cid, words: c.words})
		if _, err := st.putChunk.ExecContext(ctx, cid, c.n, c.hash, c.data); err != nil {
			return written, err
		}
		written++
	}
	return written, nil
}

// freeID is the id a new session is to have: the one its update gave it
// (Index.number), unless another deck's update has taken it meanwhile.
func (st *statements) freeID(ctx context.Context, want int64) (int64, error) {
	var taken bool
	if err := st.tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sessions WHERE id = ?)`, want).Scan(&taken); err != nil || (want > 0 && !taken) {
		return want, err
	}
	err := st.tx.QueryRowContext(ctx, nextID).Scan(&want)
	return want, err
}

// chunkID is the id of the doc's i'th chunk: its first text's.
func (d doc) chunkID(session int64, i int) int64 {
	c := d.chunks[i]
	return rowID(session, c.entry, c.kind)
}

// chunkKey is what tells a chunk from another: its id and hash.
func (d doc) chunkKey(session int64, i int) [2]int64 {
	return [2]int64{d.chunkID(session, i), d.chunks[i].hash}
}

// values are a session's columns but its id, in sessionColumns' order.
func (s Session) values() []any {
	f := s.file
	head := f.head
	if head == nil {
		head = []byte{}
	}
	return []any{s.Path, s.Agent, s.SessionID, s.Title, s.Cwd, unixMillis(s.Started), unixMillis(s.Ended),
		f.size, f.mtime, f.inode, head, f.headLen, f.closed, s.Turns, s.Calls, s.Errors, s.Tokens, s.NotShown, s.Unreadable, f.folderMod}
}

// chunkKeys are the ids and hashes of a session's chunks from the id
// from on, in order.
func chunkKeys(ctx context.Context, tx *sql.Tx, session, from int64) ([][2]int64, error) {
	first, last := sessionRows(session)
	rows, err := tx.QueryContext(ctx, `SELECT id, hash FROM chunks WHERE id BETWEEN ? AND ? ORDER BY id`, max(first, from), last)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out [][2]int64
	for rows.Next() {
		var k [2]int64
		if err := rows.Scan(&k[0], &k[1]); err != nil {
			return nil, err
		}
		out = append(out, k)
	}
	return out, rows.Err()
}

// dropChunks deletes a session's chunks from the id from on (0: all).
func (st *statements) dropChunks(ctx context.Context, session, from int64) error {
	gone, err := chunkKeys(ctx, st.tx, session, from)
	if err != nil {
		return err
	}
	for _, k := range gone {
		st.grams = append(st.grams, gramWrite{id: k[0], drop: true})
	}
	first, last := sessionRows(session)
	_, err = st.tx.ExecContext(ctx, `DELETE FROM chunks WHERE id BETWEEN ? AND ?`, max(first, from), last)
	return err
}
