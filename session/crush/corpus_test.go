package crush_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/crush"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// corpusDB is a real Crush store (golden/testdata/crush/README.md).
var corpusDB = filepath.Join(sessiontest.Testdata, "crush", "calcman-crush.db")

const (
	calculator = "5893253f-6351-4f2c-998d-2bae794714f9"
	guidelines = "f1c755dc-c4a5-41c1-812a-497901900cc2"
)

// The corpus store's two sessions read with no notice, every call whose
// input the model finished with its result; the newest is the store's,
// the other by its id; each with Crush's title and model. The newest ends
// as the store was copied: the model writing a call's input, its turn
// still open.
func TestCorpusStoreReadsWithoutNotice(t *testing.T) {
	for _, c := range []struct {
		id, title string
		calls     int
		open      bool
	}{{"", "Nuxt Calculator App with UI and Keyboard Support", 56, true}, {guidelines, "Create Development Guidelines for Repository", 15, false}} {
		s := load(t, corpusDB, c.id)
		if n := s.Notices(); len(n) > 0 {
			t.Fatalf("%s: notices: %v", c.title, n[0].Text)
		}
		if s.Title != c.title || s.Format != session.FormatCrush || s.Model != "openrouter/horizon-alpha" || s.Provider != "openrouter" {
			t.Errorf("%s: titled %q, %q, %q", c.id, s.Title, s.Format, s.Model)
		}
		calls, streaming := 0, 0
		for _, e := range s.Entries {
			if call, ok := e.(*session.ToolCall); ok {
				calls++
				switch {
				case call.Streaming:
					streaming++
				case call.Result == nil || call.View == nil:
					t.Errorf("%s: call %s (%s) has no result", c.title, call.CallID, call.Name)
				}
			}
		}
		_, lastIsEnd := s.Entries[len(s.Entries)-1].(*session.TurnEnd)
		if calls != c.calls || (streaming == 1) != c.open || lastIsEnd == c.open {
			t.Errorf("%s: %d calls, %d streaming, ends with a turn's end %v", c.title, calls, streaming, lastIsEnd)
		}
	}
}

// Each tool the corpus calls is drawn as the card of its kind; a read
// numbers the file's own lines, and an edit's diff starts at the line it
// changed (from the whole file Crush keeps in the edit's metadata).
func TestCorpusToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{"ls": "search", "view": "read", "glob": "search", "write": "diff", "edit": "diff", "multiedit": "diff", "bash": "terminal", "fetch": "web"}
	seen := map[string]bool{}
	for _, id := range []string{calculator, guidelines} {
		for _, e := range load(t, corpusDB, id).Entries {
			c, ok := e.(*session.ToolCall)
			if !ok || c.View == nil || c.Status() != session.CallDone && c.Name != "bash" {
				continue
			}
			if card := want[c.Name]; c.View.Card() != card {
				t.Errorf("%s drawn as %s, want %s", c.Name, c.View.Card(), card)
			}
			seen[c.Name] = true
		}
	}
	if len(seen) != len(want) {
		t.Errorf("calls of %v, want each of %v", seen, want)
	}
	s := load(t, corpusDB, guidelines)
	var gitignore *session.ToolCall
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok && c.Name == "edit" {
			gitignore = c
		}
	}
	d := gitignore.View.(session.DiffResultView)
	if len(d.Diffs) != 1 || !slices.Equal(gitignore.DiffStarts, []int{17}) || !strings.HasPrefix(*d.Diffs[0].OldText, ".DS_Store\n.fleet\n.idea\n") {
		t.Errorf(".gitignore's edit: starts %v, %+v", gitignore.DiffStarts, d.Diffs)
	}
}

// Reading a store changes nothing beside it: a copy with no -wal (no Crush
// has it open) gains no -wal or -shm, and its bytes stay.
func TestReadingMakesNoFiles(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(corpusDB)
	if err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "crush.db")
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	load(t, db, "")
	if _, err := crush.Sessions(db); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"crush.db"}) {
		t.Errorf("the folder holds %v after reading", names)
	}
	if after, _ := os.ReadFile(db); string(after) != string(data) {
		t.Error("the store's bytes changed")
	}
}

// A session named by its id is read; an id the store lacks is an error
// that names it; a reference names a store's session by its UUID (a
// subagent's too), and nothing else.
func TestSessionByID(t *testing.T) {
	if s := load(t, corpusDB, guidelines); s.Header.ID != guidelines {
		t.Errorf("read %q", s.Header.ID)
	}
	err := crush.Load(session.NewBuilder(), corpusDB, "nope")
	if err == nil || !strings.Contains(err.Error(), `"nope"`) {
		t.Errorf("error %v", err)
	}
	for path, want := range map[string][2]string{
		"/p/.crush/crush.db#" + guidelines:                 {"/p/.crush/crush.db", guidelines},
		"/p/crush.db#" + guidelines + "$$call_01:x":        {"/p/crush.db", guidelines + "$$call_01:x"},
		"/p/crush.db#ses_04ca851f7ffevKrKMHW3RsPK1U":       {"/p/crush.db#ses_04ca851f7ffevKrKMHW3RsPK1U", ""},
		"/p/notes#1.jsonl":                                 {"/p/notes#1.jsonl", ""},
		"/p/crush.db#" + strings.ToUpper(guidelines) + "x": {"/p/crush.db#" + strings.ToUpper(guidelines) + "x", ""},
	} {
		if f, id := crush.SplitRef(path); f != want[0] || id != want[1] {
			t.Errorf("SplitRef(%q) = %q %q", path, f, id)
		}
	}
}

// The folder of a store kept where Crush keeps it, <project>/.crush/,
// is its sessions' folder; a store elsewhere says none.
func TestProjectFolder(t *testing.T) {
	project := t.TempDir()
	data, _ := os.ReadFile(corpusDB)
	db := filepath.Join(project, ".crush", "crush.db")
	os.MkdirAll(filepath.Dir(db), 0o755)
	if err := os.WriteFile(db, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if s := load(t, db, ""); s.Header.Cwd != project {
		t.Errorf("cwd %q, want %q", s.Header.Cwd, project)
	}
	if s := load(t, corpusDB, ""); s.Header.Cwd != "" {
		t.Errorf("cwd %q of a store elsewhere", s.Header.Cwd)
	}
}

// While Crush has its store open in WAL mode and is writing it (a write
// transaction open, what it committed still in the WAL), deck reads what
// was committed, without waiting for the writer and without taking a
// lock the writer then waits on.
func TestReadsWhileCrushWrites(t *testing.T) {
	path := store(t, [][3]string{{main, "", "first"}}, []msg{{main, "u1", "user", parts(text("go")), 1}})
	w, err := sql.Open("sqlite", path+"?_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	w.SetMaxOpenConns(1)
	ctx := context.Background()
	conn, err := w.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	second := "0b0d2e6a-2222-4a4a-8b8b-0123456789ab"
	if _, err := conn.ExecContext(ctx, `INSERT INTO sessions (id, title, updated_at, created_at) VALUES (?, 'committed', 1754200000, 1754200000)`, second); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, `INSERT INTO sessions (id, title, updated_at, created_at) VALUES ('0b0d2e6a-3333-4a4a-8b8b-0123456789ab', 'uncommitted', 1754300000, 1754300000)`); err != nil {
		t.Fatal(err)
	}
	infos, err := crush.Sessions(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != 2 || infos[0].ID != second {
		t.Errorf("read %+v, want the committed two", infos)
	}
	if s := load(t, path, main); s.Title != "first" {
		t.Errorf("read %q", s.Title)
	}
	if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
		t.Errorf("the writer could not commit after deck read: %v", err)
	}
}
