// Package index keeps every session deck lists in a cache: one row per
// session (what `deck ls` shows, its figures, what its file was when read)
// and the searchable text of every card, so that listing is a look at the
// files' sizes and times and a search is a query, not a read of every log.
// It is a cache: deleting it loses nothing, and whatever goes wrong with it
// (an older schema, a damaged file, a folder deck may not write) is rebuilt
// or done without, never an error of deck's. docs/index.md has the rules.
package index

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/deck-tui/deck/session/internal/regular"
)

// FileName is the database's name in its folder; SQLite keeps its
// write-ahead log and shared memory beside it (-wal, -shm).
const FileName = "index.db"

// Index is the cache, open. It is safe for use by several goroutines, and
// by several deck processes on one file: SQLite's write-ahead log lets
// readers read while one writes, and a writer waits for another.
type Index struct {
	db   *sql.DB
	dir  string
	path string

	mu        sync.Mutex
	notes     []string // what opening did that the user should hear of
	known     *sessionCache
	listReads int // of the list, for a test
	listScans int // of the list from the sessions table, row by row

	listDamaged bool // the list's value could not be read: the next update writes it again
}

// Dir is where deck keeps its index: $XDG_CACHE_HOME/deck, else
// ~/.cache/deck.
func Dir() (string, error) {
	if d := os.Getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "deck"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no cache folder: $XDG_CACHE_HOME is not set and %w", err)
	}
	return filepath.Join(home, ".cache", "deck"), nil
}

// Open opens the index in dir, making the folder (private to the user:
// 0700) and the database (0600) when they are not there: they hold the
// sessions' contents, which may hold secrets. An index of another schema,
// or a file that is no database or is damaged, is made again, and Notes
// says so. An error means deck must do without the index: the folder
// cannot be made or written, or the database cannot be opened.
func Open(dir string) (*Index, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o700); err != nil { // made by someone else, or before: it holds contents now
		return nil, err
	}
	ix := &Index{dir: dir, path: filepath.Join(dir, FileName), known: &sessionCache{}}
	err := ix.open()
	if damaged(err) {
		ix.note("the index at %s could not be read (%v); it is made again", ix.path, err)
		if err = ix.remove(); err == nil {
			err = ix.open()
		}
	}
	if err != nil {
		return nil, err
	}
	return ix, nil
}

// open opens the database file, private, and sets up its schema.
func (ix *Index) open() error {
	if info, err := os.Lstat(ix.path); err == nil && !info.Mode().IsRegular() {
		return regular.NotAFile(ix.path, info) // a link or a pipe in deck's own folder: not deck's to follow
	}
	f, err := os.OpenFile(ix.path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	if err := ix.private(); err != nil {
		return err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)") // another deck writing: wait for it
	q.Add("_pragma", "synchronous(normal)") // a cache: a crash may lose the last writes, never the file
	q.Add("_pragma", "cache_size(-8000)")   // 8 MB: 16 took 40 MB more at the peak of a build, and built no faster
	q.Add("_txlock", "immediate")           // a writer takes the lock first, so two never deadlock upgrading
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: ix.path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return err
	}
	db.SetMaxOpenConns(4)
	ix.db = db
	if err := ix.setUp(); err != nil {
		db.Close()
		ix.db = nil
		return err
	}
	return ix.private() // the -wal and -shm SQLite made take the database's mode; make sure
}

// journal has a new database made with pages of 16 KiB, not 4 (a read of
// the list, or of a long run of trigram rows, takes a fourth of the pages,
// each a read and an allocation), and puts it in write-ahead-log mode. The
// page size must be set before the mode, which writes the file's first
// page: modernc runs a DSN's pragmas in the order of their names, the
// mode's first. On a database made already, both change nothing (the
// mode is kept in the file, so each connection finds it).
func journal(ctx context.Context, c *sql.Conn) error {
	if _, err := c.ExecContext(ctx, `PRAGMA page_size = 16384`); err != nil {
		return err
	}
	_, err := c.ExecContext(ctx, `PRAGMA journal_mode = wal`)
	return err
}

// private makes the database and its companions readable by the user
// alone.
func (ix *Index) private() error {
	for _, p := range ix.files() {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

func (ix *Index) files() []string {
	return []string{ix.path, ix.path + "-wal", ix.path + "-shm"}
}

// remove deletes the database and its companions.
func (ix *Index) remove() error {
	if ix.db != nil {
		ix.db.Close()
		ix.db = nil
	}
	for _, p := range ix.files() {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Close closes the database.
func (ix *Index) Close() error {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if ix.db == nil {
		return nil
	}
	return ix.db.Close()
}

// conn is the database as it is now: remake replaces it.
func (ix *Index) conn() *sql.DB {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	return ix.db
}

// remake makes the index again when err says its file is damaged (a disk
// error, a crash of the machine mid-write), with a notice; it reports
// whether it did. What else was using the index meanwhile fails once.
func (ix *Index) remake(err error) bool {
	if !damaged(err) {
		return false
	}
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.notes = append(ix.notes, fmt.Sprintf("the index at %s is damaged (%v); it is made again", ix.path, err))
	*ix.known = sessionCache{}
	if ix.remove() != nil || ix.open() != nil {
		return false
	}
	return true
}

// Path is the database's file.
func (ix *Index) Path() string { return ix.path }

// Notes are what the index did that its user should be told of once: it
// was made again, and why.
func (ix *Index) Notes() []string {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	out := ix.notes
	ix.notes = nil
	return out
}

// note adds a note; not under ix.mu (Open's own, or remake's).
func (ix *Index) note(format string, a ...any) {
	ix.notes = append(ix.notes, fmt.Sprintf(format, a...))
}

// damaged reports an error that says the file is no database, or a
// damaged one: it is made again.
func damaged(err error) bool {
	var e *sqlite.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		return true
	}
	return false
}
