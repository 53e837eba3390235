// Package readonly opens an agent's SQLite store (opencode's opencode.db,
// Crush's crush.db) for reading while the agent may be writing it: never
// a write, never a lock the agent waits on, never a file made beside it.
package readonly

import (
	"database/sql"
	"errors"
	"net/url"
	"os"

	_ "modernc.org/sqlite" // the index's pure-Go driver: one SQLite dependency
)

// The agents write their stores in WAL mode. deck opens a store read-only
// (mode=ro): it never writes, takes no write lock, and sees the last
// committed transaction. A read-only open of a WAL database needs its -wal
// and -shm files, and SQLite makes them when they are missing: so a store
// with no -wal beside it (no agent has it open; a copy) is opened
// immutable, which reads the main file alone, makes nothing and takes no
// lock. When a read-only open fails (the -shm missing in a folder deck may
// not write), deck opens it immutable too, and may then miss what the WAL
// holds that is not yet checkpointed (docs/format.md says so).

// Open opens the store at path read-only, immutable when it must, once it
// has the tables named: else a *NotAStoreError naming the agent.
func Open(path, agent string, tables ...string) (*sql.DB, error) {
	modes := []string{"mode=ro", "mode=ro&immutable=1"}
	if _, err := os.Stat(path + "-wal"); err != nil {
		modes = modes[1:]
	}
	var firstErr error
	for _, mode := range modes {
		db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+mode+"&_pragma=query_only(1)&_pragma=busy_timeout(2000)")
		if err == nil {
			err = hasTables(db, agent, tables)
			if err == nil {
				return db, nil
			}
			db.Close()
		}
		if firstErr == nil {
			firstErr = err
		}
		var notStore *NotAStoreError
		if errors.As(err, &notStore) {
			return nil, err
		}
	}
	return nil, firstErr
}

// NotAStoreError says a SQLite database has not the tables of an agent's
// store.
type NotAStoreError struct{ Agent, Missing string }

func (e *NotAStoreError) Error() string {
	return "this is a SQLite database, but not " + e.Agent + "'s (it has no " + e.Missing + " table)"
}

// hasTables checks the tables deck reads are there.
func hasTables(db *sql.DB, agent string, tables []string) error {
	rows, err := db.Query(`SELECT name FROM sqlite_schema WHERE type = 'table'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return err
		}
		have[n] = true
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, t := range tables {
		if !have[t] {
			return &NotAStoreError{Agent: agent, Missing: t}
		}
	}
	return nil
}
