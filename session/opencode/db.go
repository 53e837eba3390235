package opencode

import (
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"

	_ "modernc.org/sqlite" // the index's pure-Go driver: one SQLite dependency
)

// opencode writes its store while deck reads it, in WAL mode. deck opens it
// read-only (mode=ro): it never writes, takes no write lock, and sees the
// last committed transaction. A read-only open of a WAL database needs its
// -wal and -shm files, and SQLite makes them when they are missing: so a
// store with no -wal beside it (no opencode has it open; a copy) is opened
// immutable, which reads the main file alone, makes nothing and takes no
// lock. When a read-only open fails (the -shm missing in a folder deck may
// not write), deck opens it immutable too, and may then miss what the WAL
// holds that is not yet checkpointed (docs/format.md says so).

// openDB opens the store at path read-only, immutable when it must.
func openDB(path string) (*sql.DB, error) {
	modes := []string{"mode=ro", "mode=ro&immutable=1"}
	if _, err := os.Stat(path + "-wal"); err != nil {
		modes = modes[1:]
	}
	var firstErr error
	for _, mode := range modes {
		db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+mode+"&_pragma=query_only(1)&_pragma=busy_timeout(2000)")
		if err == nil {
			err = looksLikeStore(db)
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

// NotAStoreError says a SQLite database has not the tables of opencode's
// store.
type NotAStoreError struct{ Missing string }

func (e *NotAStoreError) Error() string {
	return "this is a SQLite database, but not opencode's (it has no " + e.Missing + " table)"
}

// looksLikeStore checks the tables deck reads are there.
func looksLikeStore(db *sql.DB) error {
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
	for _, t := range []string{"session", "message", "part"} {
		if !have[t] {
			return &NotAStoreError{Missing: t}
		}
	}
	return nil
}

// Info is a session's row: what a list of sessions shows.
type Info struct {
	ID, ParentID, Title, Directory, Version string
	Created, Updated                        int64 // epoch ms
	// FirstPrompt is the text of the first text part of its first message of
	// a person's, for a session opencode has not titled: its row's title.
	FirstPrompt string
}

// Sessions lists the store's sessions, newest first; subagents' sessions
// (with a parent) too, marked by ParentID.
func Sessions(path string) ([]Info, error) {
	db, err := openDB(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return sessions(db, "")
}

func sessions(db *sql.DB, id string) ([]Info, error) {
	q := `SELECT id, coalesce(parent_id, ''), title, directory, version, time_created, time_updated,
		coalesce((SELECT p.data FROM message m JOIN part p ON p.message_id = m.id
			WHERE m.session_id = session.id
				AND CASE WHEN json_valid(m.data) THEN json_extract(m.data, '$.role') END = 'user'
				AND CASE WHEN json_valid(p.data) THEN json_extract(p.data, '$.type') END = 'text'
			ORDER BY m.id, p.id LIMIT 1), '')
		FROM session`
	var args []any
	if id != "" {
		q += ` WHERE id = ?`
		args = append(args, id)
	}
	rows, err := db.Query(q+` ORDER BY time_updated DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading opencode's sessions: %w", err)
	}
	defer rows.Close()
	var out []Info
	for rows.Next() {
		var in Info
		var first string
		if err := rows.Scan(&in.ID, &in.ParentID, &in.Title, &in.Directory, &in.Version, &in.Created, &in.Updated, &first); err != nil {
			return nil, err
		}
		var p part
		if jsonline.Unmarshal([]byte(first), &p) == nil {
			in.FirstPrompt = p.Text
		}
		out = append(out, in)
	}
	return out, rows.Err()
}

// Record is a message as the store keeps it: its JSON and its parts'.
type Record struct {
	ID    string
	Data  []byte
	Parts [][]byte
}

// records reads a session's messages, each with its parts, in order (the
// ids opencode gives grow with time).
func records(db *sql.DB, id string) ([]Record, error) {
	rows, err := db.Query(`SELECT m.id, m.data, p.data FROM message m LEFT JOIN part p ON p.message_id = m.id WHERE m.session_id = ? ORDER BY m.id, p.id`, id)
	if err != nil {
		return nil, fmt.Errorf("reading opencode's messages: %w", err)
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var mid, mdata string
		var pdata sql.NullString
		if err := rows.Scan(&mid, &mdata, &pdata); err != nil {
			return nil, err
		}
		if len(out) == 0 || out[len(out)-1].ID != mid {
			out = append(out, Record{ID: mid, Data: []byte(mdata)})
		}
		if pdata.Valid {
			r := &out[len(out)-1]
			r.Parts = append(r.Parts, []byte(pdata.String))
		}
	}
	return out, rows.Err()
}

// SplitRef parts a path naming one session of a store, "opencode.db#ses_…",
// into the file and the session's id ("" when it names none).
func SplitRef(path string) (file, id string) {
	i := strings.LastIndex(path, "#")
	if i < 0 || !strings.HasPrefix(path[i+1:], "ses_") {
		return path, ""
	}
	return path[:i], path[i+1:]
}
