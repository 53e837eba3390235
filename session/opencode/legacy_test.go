package opencode_test

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/opencode"
	"github.com/deck-tui/deck/session/source"
)

// legacyTree is the older storage tree's sample (README.md beside it).
var legacyTree = filepath.Join(sessiontest.Testdata, "opencode", "handwritten-legacy-storage")

// A session's file of the older tree is told by content, pretty-printed
// as opencode wrote it or on one line, and reads with its messages and
// parts from the folders beside it, with no notice.
func TestLegacySessionReadsFromItsTree(t *testing.T) {
	row, err := os.ReadFile(filepath.Join(legacyTree, "session", "proj1", "ses_test1.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	copyTree(t, legacyTree, dir)
	oneLine := filepath.Join(dir, "session", "proj1", "ses_test1.json")
	if err := os.WriteFile(oneLine, []byte(strings.Join(strings.Fields(string(row)), " ")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Join(legacyTree, "session", "proj1", "ses_test1.json"), oneLine} {
		s, err := source.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		if s.Format != session.FormatOpenCode || s.NoticeCount() != 0 || s.Title != "OpenCode JSON Session" || s.Header.Cwd != "/tmp/test-project" {
			t.Fatalf("%s: %q titled %q in %q, %d notices", p, s.Format, s.Title, s.Header.Cwd, s.NoticeCount())
		}
		var said []string
		for _, e := range s.Entries {
			switch x := e.(type) {
			case *session.UserMessage:
				said = append(said, session.TextOf(x.Content))
			case *session.AssistantText:
				said = append(said, x.Text)
			}
		}
		if len(said) != 2 || said[0] != "Hello, can you help me with Rust?" || !strings.HasPrefix(said[1], "Of course!") {
			t.Errorf("%s: said %q", p, said)
		}
	}
}

// A message whose id would name a folder outside the tree reads no parts
// from there; a session's id that is a path reads no messages.
func TestLegacyIDsNameNoPathOutOfTheTree(t *testing.T) {
	dir := t.TempDir()
	for p, data := range map[string]string{
		"session/p/ses_x.json":       `{"id": "ses_/../../outside", "projectID": "p", "title": "t", "directory": "/d", "time": {"created": 1, "updated": 2}}`,
		"session/p/ses_y.json":       `{"id": "ses_y", "projectID": "p", "title": "t", "directory": "/d", "time": {"created": 1, "updated": 2}}`,
		"message/ses_y/msg_1.json":   `{"id": "../outside", "role": "user", "time": {"created": 1}}`,
		"part/msg_1/prt_1.json":      `{"type": "text", "text": "mine"}`,
		"outside/msg_1.json":         `{"id": "msg_1", "role": "user", "time": {"created": 1}}`,
		"part/../outside/prt_1.json": `{"type": "text", "text": "not mine"}`,
	} {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, _ := source.Open(filepath.Join(dir, "session/p/ses_x.json"))
	if n := len(s.Entries); n != 0 {
		t.Errorf("a session id that is a path read %d entries", n)
	}
	s, _ = source.Open(filepath.Join(dir, "session/p/ses_y.json"))
	for _, e := range s.Entries {
		if u, ok := e.(*session.UserMessage); ok && session.TextOf(u.Content) != "mine" {
			t.Errorf("read %q", session.TextOf(u.Content))
		}
	}
	if got := opencode.LegacySessions(dir); len(got) != 2 {
		t.Errorf("sessions %v", got)
	}
}

func copyTree(t *testing.T, from, to string) {
	t.Helper()
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(from, p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		os.MkdirAll(filepath.Dir(filepath.Join(to, rel)), 0o755)
		return os.WriteFile(filepath.Join(to, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// The older tree holds nothing deck opens but regular files: a named
// pipe, a socket, a link to a terminal or to /dev/zero, a dangling link
// or a folder at a message's or a part's name is skipped, said so,
// and nothing blocks.
func TestLegacyTreeOpensOnlyFiles(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			dir := t.TempDir()
			copyTree(t, legacyTree, dir)
			k.Make(t, filepath.Join(dir, "message", "ses_test1", "msg_test3.json"))
			k.Make(t, filepath.Join(dir, "part", "msg_test1", "part2.json"))
			s, err := source.Open(filepath.Join(dir, "session", "proj1", "ses_test1.json"))
			if err != nil {
				t.Fatal(err)
			}
			if s.NoticeCount() == 0 || len(s.Entries) < 3 {
				t.Errorf("%d notices, %d entries", s.NoticeCount(), len(s.Entries))
			}
		})
	}
}

// A SQLite database that is not opencode's store (nor Crush's) is said to
// be so, and a store read from a stream says to give its file.
func TestNotAStore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE session (id text)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := source.Open(path); err == nil || !strings.Contains(err.Error(), "neither opencode's tables (message) nor Crush's (sessions)") {
		t.Errorf("opened: %v", err)
	}
	data, _ := os.ReadFile(corpusDB)
	if _, err := source.ReadAll(bytes.NewReader(data)); err == nil || !strings.Contains(err.Error(), "from its file, not from a stream") {
		t.Errorf("read from a stream: %v", err)
	}
}
