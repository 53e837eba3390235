package opencode_test

import (
	"database/sql"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	_ "modernc.org/sqlite"
)

// row is a message and its parts, as opencode writes them.
type row struct {
	session, id, data string
	parts             []string
}

// store writes a store with opencode's three tables (the columns deck
// reads), its sessions (id, parent id, title, time) and their messages.
func store(t *testing.T, sessions [][4]string, rows []row) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "opencode.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`CREATE TABLE session (id text PRIMARY KEY, project_id text NOT NULL, parent_id text, slug text NOT NULL, directory text NOT NULL, title text NOT NULL, version text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL)`,
		`CREATE TABLE message (id text PRIMARY KEY, session_id text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL)`,
		`CREATE TABLE part (id text PRIMARY KEY, message_id text NOT NULL, session_id text NOT NULL, time_created integer NOT NULL, time_updated integer NOT NULL, data text NOT NULL)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range sessions {
		var parent any
		if s[1] != "" {
			parent = s[1]
		}
		if _, err := db.Exec(`INSERT INTO session VALUES (?, 'p', ?, 'slug', '/proj', ?, 'v1.2.3', ?, ?)`, s[0], parent, s[2], s[3], s[3]); err != nil {
			t.Fatal(err)
		}
	}
	for i, r := range rows {
		if _, err := db.Exec(`INSERT INTO message VALUES (?, ?, ?, ?, ?)`, r.id, r.session, i, i, r.data); err != nil {
			t.Fatal(err)
		}
		for j, p := range r.parts {
			if _, err := db.Exec(`INSERT INTO part VALUES (?, ?, ?, 0, 0, ?)`, r.id+"_prt_"+string(rune('a'+j)), r.id, r.session, p); err != nil {
				t.Fatal(err)
			}
		}
	}
	return path
}

const (
	userMsg = `{"role":"user","time":{"created":1000}}`
	doneMsg = `{"role":"assistant","time":{"created":1001,"completed":1002},"modelID":"m","providerID":"p"}`
)

// A task call's subagent session (metadata.sessionId, its parent_id the
// main session) is nested in the call's card, and is no session of its
// own when the store is opened.
func TestSubagentNestedInItsTaskCall(t *testing.T) {
	path := store(t, [][4]string{{"ses_main", "", "Fix the build", "10"}, {"ses_child", "ses_main", "look (@explore subagent)", "20"}}, []row{
		{"ses_main", "msg_1", userMsg, []string{`{"type":"text","text":"fix it"}`}},
		{"ses_main", "msg_2", doneMsg, []string{`{"type":"tool","tool":"task","callID":"c1","state":{"status":"completed","input":{"description":"look","prompt":"find the bug","subagent_type":"explore"},"output":"found","metadata":{"sessionId":"ses_child"},"time":{"start":1,"end":2}}}`}},
		{"ses_child", "msg_3", userMsg, []string{`{"type":"text","text":"find the bug"}`}},
		{"ses_child", "msg_4", doneMsg, []string{`{"type":"tool","tool":"grep","callID":"c2","state":{"status":"completed","input":{"pattern":"bug"},"output":"Found 1 matches\n/proj/a.go:\n  Line 3: bug here","metadata":{},"time":{"start":1,"end":2}}}`}},
	})
	s := load(t, path, "")
	if s.Header.ID != "ses_main" || s.Title != "Fix the build" {
		t.Fatalf("opened %q, titled %q", s.Header.ID, s.Title)
	}
	var task *session.ToolCall
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok && c.Name == "task" {
			task = c
		}
	}
	if task == nil {
		t.Fatal("no task call")
	}
	var grep *session.ToolCall
	for _, e := range task.Nested {
		if c, ok := e.(*session.ToolCall); ok {
			grep = c
		}
	}
	if grep == nil || grep.View == nil || grep.View.Card() != "search" {
		t.Fatalf("the subagent's grep is not nested as a search: %+v", grep)
	}
	if v := grep.View.(session.SearchMatchesResultView); len(v.Files) != 1 || v.Files[0].Matches[0].LineNumber != 3 {
		t.Errorf("search %+v", v)
	}
}

// A subagent's session that names its own caller's session as its child
// does not loop: nesting stops at a bound.
func TestSubagentCycleEnds(t *testing.T) {
	task := `{"type":"tool","tool":"task","callID":"c","state":{"status":"completed","input":{},"output":"","metadata":{"sessionId":"ses_a"},"time":{"start":1,"end":2}}}`
	path := store(t, [][4]string{{"ses_a", "", "a", "1"}}, []row{
		{"ses_a", "msg_1", userMsg, []string{`{"type":"text","text":"go"}`}},
		{"ses_a", "msg_2", doneMsg, []string{task}},
	})
	s := load(t, path, "")
	depth := 0
	for entries := s.Entries; ; depth++ {
		var next []session.Entry
		for _, e := range entries {
			if c, ok := e.(*session.ToolCall); ok {
				next = c.Nested
			}
		}
		if next == nil {
			break
		}
		entries = next
	}
	if depth == 0 || depth > 8 {
		t.Errorf("nested %d deep", depth)
	}
}

// A part deck does not know and a part that is not JSON are notices in
// place; the rest of the session reads.
func TestBadPartsAreNotices(t *testing.T) {
	path := store(t, [][4]string{{"ses_a", "", "a", "1"}}, []row{
		{"ses_a", "msg_1", userMsg, []string{`{"type":"text","text":"go"}`}},
		{"ses_a", "msg_2", doneMsg, []string{`{"type":"hologram"}`, `{not json`, `{"type":"text","text":"done"}`}},
	})
	s := load(t, path, "")
	n := s.Notices()
	if len(n) != 2 || !strings.Contains(n[0].Text, "hologram") {
		t.Errorf("notices %v", n)
	}
	if last, ok := s.Entries[len(s.Entries)-2].(*session.AssistantText); !ok || last.Text != "done" {
		t.Errorf("the text after the bad parts: %#v", s.Entries[len(s.Entries)-2])
	}
}

// deck PATH on a store opens its newest session that is no subagent's.
func TestNewestTopLevelSessionOpens(t *testing.T) {
	path := store(t, [][4]string{{"ses_old", "", "old", "1"}, {"ses_new", "", "new", "5"}, {"ses_sub", "ses_new", "sub", "9"}}, nil)
	if s := load(t, path, ""); s.Header.ID != "ses_new" {
		t.Errorf("opened %q", s.Header.ID)
	}
}
