package opencode_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/opencode"
)

// corpusDB is a real opencode store (golden/testdata/opencode/README.md).
var corpusDB = filepath.Join(sessiontest.Testdata, "opencode", "stunning-memory-opencode.db")

func load(t *testing.T, path, id string) *session.Session {
	t.Helper()
	b := session.NewBuilder()
	if err := opencode.Load(b, path, id); err != nil {
		t.Fatal(err)
	}
	b.Finish()
	return b.Session
}

// The corpus store reads with no notice, every tool part a call with its
// result, the session's folder, id and tokens from the store.
func TestCorpusStoreReadsWithoutNotice(t *testing.T) {
	s := load(t, corpusDB, "")
	if n := s.Notices(); len(n) > 0 {
		t.Fatalf("notices: %v", n[0].Text)
	}
	calls := 0
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok {
			calls++
			if c.Result == nil || c.View == nil {
				t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
			}
		}
	}
	if calls != 21 {
		t.Errorf("%d calls, want the store's 21 tool parts", calls)
	}
	if s.Header.Cwd != "/workspace" || s.Header.ID != "ses_04ca851f7ffevKrKMHW3RsPK1U" || s.Format != session.FormatOpenCode {
		t.Errorf("header %+v, format %q", s.Header, s.Format)
	}
	if s.Usage.Output != 4814 {
		t.Errorf("output tokens %d, want the session's 4814", s.Usage.Output)
	}
}

// Reading a store changes nothing beside it: a copy with no -wal (no
// opencode has it open) gains no -wal or -shm, and its bytes stay.
func TestReadingMakesNoFiles(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(corpusDB)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "opencode.db")
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	load(t, db, "")
	if _, err := opencode.Sessions(db); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"opencode.db"}) {
		t.Errorf("the folder holds %v after reading", names)
	}
	after, _ := os.ReadFile(db)
	if string(after) != string(data) {
		t.Error("the store's bytes changed")
	}
}

// A session named by its id is read; an id the store lacks is an error
// that names it.
func TestSessionByID(t *testing.T) {
	s := load(t, corpusDB, "ses_04ca851f7ffevKrKMHW3RsPK1U")
	if s.Header.ID != "ses_04ca851f7ffevKrKMHW3RsPK1U" {
		t.Errorf("read %q", s.Header.ID)
	}
	err := opencode.Load(session.NewBuilder(), corpusDB, "ses_nope")
	if err == nil || !strings.Contains(err.Error(), "ses_nope") {
		t.Errorf("error %v", err)
	}
	if f, id := opencode.SplitRef("/a/opencode.db#ses_x"); f != "/a/opencode.db" || id != "ses_x" {
		t.Errorf("SplitRef: %q %q", f, id)
	}
	if f, id := opencode.SplitRef("/a/b#c.jsonl"); f != "/a/b#c.jsonl" || id != "" {
		t.Errorf("SplitRef of a plain name: %q %q", f, id)
	}
}
