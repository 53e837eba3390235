package catalog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// openCodeHome copies the corpus store where opencode keeps it,
// ~/.local/share/opencode/opencode.db.
func openCodeHome(t *testing.T, home string) string {
	store := filepath.Join(home, ".local", "share", "opencode", "opencode.db")
	catalogtest.CopyFile(t, sessiontest.Testdata+"/opencode/stunning-memory-opencode.db", store, 0)
	return store
}

// opencode's store is found where opencode keeps it, each session a row:
// titled by its first prompt while opencode has not named it, in its
// folder, dated by the store; the row opens that session.
func TestFindOpenCodeSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	store := openCodeHome(t, home)
	var found []catalog.Item
	for _, it := range catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) {
		if it.Agent == catalog.AgentOpenCode {
			found = append(found, it)
		}
	}
	if len(found) != 1 {
		t.Fatalf("found %d opencode sessions: %+v", len(found), found)
	}
	it := found[0]
	want := "Read SPEC.md and improve it for you and other ais to read and understand better"
	if it.Title != want || it.Cwd != "/workspace" || it.Path != store+"#ses_04ca851f7ffevKrKMHW3RsPK1U" || it.Started.UnixMilli() != 1785420295689 || it.Mod.UnixMilli() != 1785420864454 {
		t.Errorf("row %+v", it)
	}
	s, err := source.Open(it.Opens())
	if err != nil || s.Header.ID != "ses_04ca851f7ffevKrKMHW3RsPK1U" || s.Title != it.Title {
		t.Errorf("opened %q titled %q: %v", s.Header.ID, s.Title, err)
	}
}

// OPENCODE_DB names the store, before XDG_DATA_HOME's; a store that is
// not a regular file, or not opencode's, lists nothing.
func TestOpenCodeStoreFromEnvironment(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	store := openCodeHome(t, home)
	moved := filepath.Join(home, "elsewhere.db")
	if err := os.Rename(store, moved); err != nil {
		t.Fatal(err)
	}
	count := func() int { return len(agentOf(catalog.Find(catalog.DefaultRoots()), catalog.AgentOpenCode)) }
	if n := count(); n != 0 {
		t.Errorf("%d sessions with no store", n)
	}
	t.Setenv("OPENCODE_DB", moved)
	if n := count(); n != 1 {
		t.Errorf("%d sessions in $OPENCODE_DB", n)
	}
	t.Setenv("OPENCODE_DB", sessiontest.Testdata+"/harness/bash-tool-turn/session.jsonl")
	if n := count(); n != 0 {
		t.Errorf("%d sessions in a log that is no store", n)
	}
}

// The older storage tree's sessions are listed beside the store's, each
// titled and placed by its own file; a subagent's session is not listed.
func TestFindOpenCodeLegacySessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	storage := filepath.Join(home, ".local", "share", "opencode", "storage")
	tree := sessiontest.Testdata + "/opencode/handwritten-legacy-storage/"
	for _, p := range []string{"session/proj1/ses_test1.json", "message/ses_test1/msg_test1.json", "message/ses_test1/msg_test2.json", "part/msg_test1/part1.json", "part/msg_test2/part1.json"} {
		catalogtest.CopyFile(t, tree+p, filepath.Join(storage, p), 0)
	}
	catalogtest.CopyBytes(t, []byte(`{"id": "ses_sub", "parentID": "ses_test1", "title": "sub", "directory": "/d", "time": {"created": 1, "updated": 2}}`), filepath.Join(storage, "session/proj1/ses_sub.json"), 0)
	var found []catalog.Item
	for _, it := range catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) {
		if it.Agent == catalog.AgentOpenCode {
			found = append(found, it)
		}
	}
	if len(found) != 1 || found[0].Title != "OpenCode JSON Session" || found[0].Cwd != "/tmp/test-project" || found[0].Started.UnixMilli() != 1700000000000 {
		t.Errorf("rows %+v", found)
	}
}
