package crush

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/readonly"
)

// openDB opens Crush's store at path read-only, never locking it
// (session/internal/readonly says how).
func openDB(path string) (*sql.DB, error) {
	return readonly.Open(path, "Crush", "sessions", "messages")
}

// NewestMigration is the last of Crush's schema migrations deck knows
// (internal/db/migrations, 20260127000000_add_read_files_table): a store
// migrated past it is from a newer Crush, and says so.
const NewestMigration = 20260127000000

// Info is a session's row: what a list of sessions shows.
type Info struct {
	ID, ParentID, Title string
	// Created is when the session began; Updated when it or a message of
	// its changed last (Crush dates a message's change on the message
	// alone): epoch ms.
	Created, Updated int64
	// Size is how many bytes its messages' parts hold: it grows as a
	// message does, within a second Updated does not tell apart.
	Size int64
	// SummaryID is the message that summarised the session's start, when
	// Crush summarised it: the model sees the session from there.
	SummaryID string
	// FirstPrompt is the text of the first text part of its first user
	// message, for a session Crush has not titled: its row's title.
	FirstPrompt string
	// Cwd is the project's folder, when the store is where Crush keeps it
	// (<project>/.crush/crush.db): the store does not say it.
	Cwd string
	// Migration is the store's last schema migration (0: not recorded).
	Migration int64
}

// Sessions lists the store's sessions, newest first; subagents' and title
// sessions (with a parent) too, marked by ParentID.
func Sessions(path string) ([]Info, error) {
	db, err := openDB(path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return sessions(db, path, "")
}

// DefaultTitle reports a title Crush gives a session before it names it
// ("New Session", "Untitled Session"): the first prompt says more.
func DefaultTitle(t string) bool {
	return t == "" || t == "New Session" || t == "Untitled Session"
}

func sessions(db *sql.DB, path, id string) ([]Info, error) {
	cols, err := columns(db, "sessions")
	if err != nil {
		return nil, err
	}
	summary := "NULL"
	if cols["summary_message_id"] {
		summary = "summary_message_id"
	}
	q := `SELECT id, coalesce(parent_session_id, ''), title, created_at,
		max(updated_at, coalesce((SELECT max(m.updated_at) FROM messages m WHERE m.session_id = sessions.id), 0)),
		coalesce((SELECT sum(length(m.parts)) FROM messages m WHERE m.session_id = sessions.id), 0),
		coalesce(` + summary + `, ''),
		coalesce((SELECT m.parts FROM messages m WHERE m.session_id = sessions.id AND m.role = 'user'
			ORDER BY m.created_at, m.rowid LIMIT 1), '')
		FROM sessions`
	var args []any
	if id != "" {
		q += ` WHERE id = ?`
		args = append(args, id)
	}
	rows, err := db.Query(q+` ORDER BY 5 DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("reading Crush's sessions: %w", err)
	}
	defer rows.Close()
	cwd := projectOf(path)
	migration := lastMigration(db)
	var out []Info
	for rows.Next() {
		var in Info
		var first string
		if err := rows.Scan(&in.ID, &in.ParentID, &in.Title, &in.Created, &in.Updated, &in.Size, &in.SummaryID, &first); err != nil {
			return nil, err
		}
		in.Created, in.Updated = millis(in.Created), millis(in.Updated)
		in.FirstPrompt = firstText([]byte(first))
		in.Cwd, in.Migration = cwd, migration
		out = append(out, in)
	}
	return out, rows.Err()
}

// firstText is the text of the first text part of a message's parts.
func firstText(parts []byte) string {
	var ps []struct {
		Type string `json:"type"`
		Data struct {
			Text string `json:"text"`
		} `json:"data"`
	}
	if jsonline.Unmarshal(parts, &ps) != nil {
		return ""
	}
	for _, p := range ps {
		if p.Type == "text" {
			return p.Data.Text
		}
	}
	return ""
}

// millis reads a time Crush stored. Its schema says milliseconds, but its
// triggers and its code write seconds (strftime('%s'), Unix()): a number
// below 10^11 (the year 5138 in seconds, 1973 in milliseconds) is seconds.
func millis(t int64) int64 {
	if t > 0 && t < 1e11 {
		return t * 1000
	}
	return t
}

// projectOf is the project a store kept where Crush keeps it belongs to:
// <project>/.crush/crush.db; "" for a store elsewhere.
func projectOf(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	dir := filepath.Dir(abs)
	if filepath.Base(dir) != ".crush" {
		return ""
	}
	return filepath.Dir(dir)
}

// lastMigration is the newest schema migration goose applied to the
// store; 0 when it kept none.
func lastMigration(db *sql.DB) int64 {
	var v sql.NullInt64
	if db.QueryRow(`SELECT max(version_id) FROM goose_db_version WHERE is_applied`).Scan(&v) != nil {
		return 0
	}
	return v.Int64
}

// columns are a table's columns: a store's schema grows with Crush's
// migrations, and an older store lacks the later ones.
func columns(db *sql.DB, table string) (map[string]bool, error) {
	rows, err := db.Query(`SELECT name FROM pragma_table_info(?)`, table)
	if err != nil {
		return nil, fmt.Errorf("reading Crush's %s table: %w", table, err)
	}
	defer rows.Close()
	have := map[string]bool{}
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, err
		}
		have[n] = true
	}
	return have, rows.Err()
}

// Record is a message as the store keeps it: its row, and its parts as
// the JSON array Crush wrote.
type Record struct {
	ID, Role        string
	Parts           []byte
	Model, Provider string
	Created         int64 // epoch ms
	Finished        int64 // epoch ms; 0 while the model was still answering
	Summary         bool  // the summary of the session so far (is_summary_message)
}

// records reads a session's messages in the order Crush wrote them (its
// times are seconds: rows of one second keep the order they were added).
func records(db *sql.DB, id string) ([]Record, error) {
	cols, err := columns(db, "messages")
	if err != nil {
		return nil, err
	}
	col := func(name, none string) string {
		if cols[name] {
			return name
		}
		return none
	}
	rows, err := db.Query(`SELECT id, role, parts, coalesce(model, ''), coalesce(`+col("provider", "NULL")+`, ''), created_at,
		coalesce(finished_at, 0), coalesce(`+col("is_summary_message", "0")+`, 0)
		FROM messages WHERE session_id = ? ORDER BY created_at, rowid`, id)
	if err != nil {
		return nil, fmt.Errorf("reading Crush's messages: %w", err)
	}
	defer rows.Close()
	var out []Record
	for rows.Next() {
		var r Record
		var parts string
		var summary int64
		if err := rows.Scan(&r.ID, &r.Role, &parts, &r.Model, &r.Provider, &r.Created, &r.Finished, &summary); err != nil {
			return nil, err
		}
		r.Parts, r.Summary = []byte(parts), summary != 0
		r.Created, r.Finished = millis(r.Created), millis(r.Finished)
		out = append(out, r)
	}
	return out, rows.Err()
}

// children are the sessions a session's subagents ran, by id: Crush names
// one "<message id>$$<tool call id>" (earlier releases, the call's id).
func children(db *sql.DB, parent string) (map[string]string, error) {
	rows, err := db.Query(`SELECT id FROM sessions WHERE parent_session_id = ?`, parent)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		call := id
		if _, c, ok := strings.Cut(id, "$$"); ok {
			call = c
		}
		out[call] = id
	}
	return out, rows.Err()
}

// sessionID is the shape of a session's id Crush gives: a UUID, and for a
// subagent's session the id of the call that ran it after "$$".
var sessionID = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\$\$[A-Za-z0-9_:.-]+)?$`)

// SplitRef parts a path naming one session of a store, "crush.db#<uuid>",
// into the file and the session's id ("" when it names none).
func SplitRef(path string) (file, id string) {
	i := strings.LastIndex(path, "#")
	if i < 0 || !sessionID.MatchString(path[i+1:]) {
		return path, ""
	}
	return path[:i], path[i+1:]
}
