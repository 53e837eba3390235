package opencode

import (
	"database/sql"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/readonly"
)

// openDB opens opencode's store at path read-only, never locking it
// (session/internal/readonly says how).
func openDB(path string) (*sql.DB, error) {
	return readonly.Open(path, "opencode", "session", "message", "part")
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
