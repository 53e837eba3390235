package source_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
	_ "modernc.org/sqlite"
)

// An agent's SQLite store is told by its tables, whatever its name:
// Crush's (sessions, messages) and opencode's (session, message, part),
// the store itself (its newest session) or one of its sessions by
// reference; a SQLite database that is neither says what it lacks.
func TestStoresAreToldByTheirTables(t *testing.T) {
	dir := t.TempDir()
	copyTo := func(src, name string) string {
		data := sessiontest.ReadFile(t, sessiontest.Testdata+src)
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	crush := copyTo("/crush/calcman-crush.db", "store.bin")
	opencode := copyTo("/opencode/stunning-memory-opencode.db", "other.bin")
	other := filepath.Join(dir, "notes.db")
	db, err := sql.Open("sqlite", other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE sessions (id TEXT); CREATE TABLE notes (id TEXT)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	for _, c := range []struct {
		path   string
		format session.Format
		id     string
	}{
		{crush, session.FormatCrush, "5893253f-6351-4f2c-998d-2bae794714f9"},
		{crush + "#f1c755dc-c4a5-41c1-812a-497901900cc2", session.FormatCrush, "f1c755dc-c4a5-41c1-812a-497901900cc2"},
		{opencode, session.FormatOpenCode, "ses_04ca851f7ffevKrKMHW3RsPK1U"},
	} {
		resolved, err := source.Resolve(c.path)
		if err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		s, err := source.Open(resolved)
		if err != nil || s.Format != c.format || s.Header.ID != c.id || s.NoticeCount() != 0 {
			t.Errorf("%s: read as %q, %q, %d notices: %v", c.path, s.Format, s.Header.ID, s.NoticeCount(), err)
		}
	}
	s, _ := source.Open(other)
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || !strings.Contains(n[0], "neither opencode's tables (session) nor Crush's (messages)") {
		t.Errorf("a database of no agent: %q", n)
	}
}
