package index

import (
	"bytes"
	"cmp"
	"context"
	"database/sql"
	"slices"
	"strings"
	"time"

	"github.com/deck-tui/deck/session/catalog"
)

// Session is one session as the index knows it: what `deck ls` and the
// picker show of it, its figures, and what its file was when it was read.
type Session struct {
	ID         int64 // the index's own number for it, in each of its texts' ids
	Path       string
	Agent      string // catalog's name: catalog.AgentHarness, …
	SessionID  string // the agent's id for it, when its log says
	Title      string
	Cwd        string
	Started    time.Time // zero when unknown
	Ended      time.Time // its last entry's time; zero when unknown
	Size       int64
	Mod        time.Time
	Turns      int
	Calls      int // tool calls, a subagent's included
	Errors     int
	Tokens     int64  // input and output tokens, as far as the log reports them
	NotShown   string // why it is not shown as understood or current (a newer format); "" when it is
	Unreadable string // why its log cannot be read at all (catalog.Item.Unreadable)

	file fileState // what the file was when read
}

// Live reports a log that changed within catalog.LiveWithin: probably
// still being written.
func (s Session) Live() bool { return time.Since(s.Mod) < catalog.LiveWithin }

// Item is the session as catalog lists it, for the rows the picker and
// `deck ls` draw.
func (s Session) Item() catalog.Item {
	return catalog.Item{
		Agent: s.Agent, Path: s.Path, Title: s.Title, Cwd: s.Cwd, Started: s.Started,
		Size: s.Size, Mod: s.Mod, Live: s.Live(), Scanned: true,
		NotShown: s.NotShown, Unreadable: s.Unreadable,
	}
}

// clock is the time now: a test's may be later.
var clock = time.Now

// live reports a log changed (mtime, ns) within catalog.LiveWithin.
func live(mtime int64) bool { return clock().Sub(time.Unix(0, mtime)) < catalog.LiveWithin }

// fileState is what a log file was when it was read: a file is read again
// only when one of these changed. head is a hash of its first headLen
// bytes, which an append leaves as they were and a rewrite does not.
type fileState struct {
	size    int64
	mtime   int64 // ns
	inode   int64
	head    []byte
	headLen int64
	closed  bool // read to its end; false for a log still being written, whose last line may be half
	// folderMod is a harness session folder's mtime when its names alone
	// picked the log (catalog.Item.FolderMod): while it stays so, the
	// folder need not be listed again
	folderMod int64
}

// same reports the state of one reading of the same file: another deck's
// update wrote it already. (One that read an older state and wrote after
// a newer one leaves a row whose state the file no longer has: the next
// update reads the log again.)
func (f fileState) same(o fileState) bool {
	return f.size == o.size && f.mtime == o.mtime && f.inode == o.inode && f.closed == o.closed &&
		f.headLen == o.headLen && bytes.Equal(f.head, o.head) && f.folderMod == o.folderMod
}

// sessionCache is the sessions table as last read, and the write it
// follows (meta's gen), so a search as one types reads it once.
type sessionCache struct {
	gen  int64
	list []Session // newest first
	ok   bool
}

const sessionColumns = `id, path, agent, sid, title, cwd, started, ended, size, mtime, inode, head, head_len, closed, turns, calls, errors, tokens, not_shown, unreadable, folder_mtime`

// Sessions lists the sessions in the index, newest first (the time their
// log last changed, as catalog.Find orders them), without looking at a
// file: the list as the last update left it.
func (ix *Index) Sessions(ctx context.Context) ([]Session, error) {
	return ix.sessions(ctx)
}

// sessions reads the sessions table, or takes it from the cache when no
// write came since.
func (ix *Index) sessions(ctx context.Context) ([]Session, error) {
	gen, err := ix.generation(ctx)
	if err != nil {
		return nil, err
	}
	ix.mu.Lock()
	c := *ix.known
	ix.mu.Unlock()
	if c.ok && c.gen == gen {
		return c.list, nil
	}
	list, gen, scanned, damaged, err := readList(ctx, ix.conn())
	if err != nil {
		return nil, err
	}
	ix.mu.Lock()
	*ix.known = sessionCache{gen: gen, list: list, ok: true}
	ix.listReads++
	if scanned {
		ix.listScans++
	}
	ix.listDamaged = ix.listDamaged || damaged
	ix.mu.Unlock()
	return list, nil
}

// follow brings the cached list to the writes this process just made,
// from gen from to gen to, when the list was the index as it stood before
// them: sessions put are written, those gone removed. Otherwise another
// deck wrote meanwhile, and the list is read again when next asked for.
func (ix *Index) follow(from, to int64, put []Session, gone []int64) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	c := ix.known
	if !c.ok || c.gen != from {
		return
	}
	*c = sessionCache{gen: to, list: merged(c.list, put, gone), ok: true}
}

// generation is the number of writes to the index so far.
func (ix *Index) generation(ctx context.Context) (int64, error) {
	var gen int64
	err := ix.conn().QueryRowContext(ctx, `SELECT value FROM meta WHERE key = 'gen'`).Scan(&gen)
	if err == sql.ErrNoRows {
		return 0, nil
	}
	return gen, err
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// readSessions reads the sessions a query of sessionColumns gives, newest
// first.
func readSessions(ctx context.Context, q querier, query string, args ...any) ([]Session, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		s, err := scanSession(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	sortSessions(out)
	return out, nil
}

// sortSessions sorts a list newest first, as catalog.Find does.
func sortSessions(list []Session) {
	slices.SortFunc(list, func(a, b Session) int { return newestFirst(&a, &b) })
}

// newestFirst orders two sessions as the list does: the log changed last
// first, and of one time by path.
func newestFirst(a, b *Session) int {
	if c := cmp.Compare(b.file.mtime, a.file.mtime); c != 0 {
		return c
	}
	return strings.Compare(a.Path, b.Path)
}

func scanSession(rows *sql.Rows) (Session, error) {
	var s Session
	var started, ended int64
	err := rows.Scan(&s.ID, &s.Path, &s.Agent, &s.SessionID, &s.Title, &s.Cwd, &started, &ended,
		&s.Size, &s.file.mtime, &s.file.inode, &s.file.head, &s.file.headLen, &s.file.closed,
		&s.Turns, &s.Calls, &s.Errors, &s.Tokens, &s.NotShown, &s.Unreadable, &s.file.folderMod)
	s.file.size = s.Size
	if len(s.file.head) == 0 {
		s.file.head = nil // as the list keeps it
	}
	s.Started, s.Ended = millis(started), millis(ended)
	s.Mod = time.Unix(0, s.file.mtime)
	return s, err
}

// millis is a time in Unix ms, zero for 0.
func millis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms)
}

func unixMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}
