package catalog_test

import (
	"database/sql"
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/source"
	_ "modernc.org/sqlite"
)

func crushRows(t *testing.T) []catalog.Item {
	t.Helper()
	var found []catalog.Item
	for _, it := range catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) {
		if it.Agent == catalog.AgentCrush {
			found = append(found, it)
		}
	}
	return found
}

// Crush's projects are found through projects.json, each project's store
// read: a row a session, titled by Crush, in the project's folder, dated
// by the store, newest first; the row opens that session, in its folder.
func TestFindCrushSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	store, project := catalogtest.CrushHome(t, home)
	found := crushRows(t)
	want := []struct {
		id, title      string
		started, moved int64
	}{
		{"5893253f-6351-4f2c-998d-2bae794714f9", "Nuxt Calculator App with UI and Keyboard Support", 1754105118000, 1754106544000},
		{"f1c755dc-c4a5-41c1-812a-497901900cc2", "Create Development Guidelines for Repository", 1754104814000, 1754104855000},
	}
	if len(found) != len(want) {
		t.Fatalf("found %d Crush sessions: %+v", len(found), found)
	}
	for i, w := range want {
		it := found[i]
		if it.Path != store+"#"+w.id || it.Title != w.title || it.Cwd != project || it.Started.UnixMilli() != w.started || it.Mod.UnixMilli() != w.moved || it.Size == 0 {
			t.Errorf("row %d: %+v", i, it)
		}
		s, err := source.Open(it.Opens())
		if err != nil || s.Header.ID != w.id || s.Title != w.title || s.Header.Cwd != project {
			t.Errorf("opened %q titled %q in %q: %v", s.Header.ID, s.Title, s.Header.Cwd, err)
		}
	}
}

// A session Crush has not named yet is titled by its first prompt; the
// sessions Crush runs for a subagent or to name a session are part of
// their parent, not rows of their own.
func TestCrushRowsOfUntitledAndChildSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	store, _ := catalogtest.CrushHome(t, home)
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE sessions SET title = 'New Session' WHERE id = '5893253f-6351-4f2c-998d-2bae794714f9'`,
		`INSERT INTO sessions (id, parent_session_id, title, updated_at, created_at) VALUES
			('title-5893253f-6351-4f2c-998d-2bae794714f9', '5893253f-6351-4f2c-998d-2bae794714f9', 'Generate a title', 1, 1),
			('m1$$call_1', '5893253f-6351-4f2c-998d-2bae794714f9', 'New Agent Session', 1, 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	found := crushRows(t)
	if len(found) != 2 || found[0].Title != "In this nuxt 4 project with nuxt ui and tailwind css 4, please build out a calucaltor app just like the desktop calc apps included in operationin systems make it have a modern design and make sure three are buttons and aslso add support for using the keyboard to type in numbers and oprtands" {
		t.Errorf("rows %+v", found)
	}
}

// CRUSH_GLOBAL_DATA names Crush's data folder; a projects.json that is no
// regular file or no JSON, and a project whose store is gone or no
// store, list nothing and stop nothing.
func TestCrushProjectsFromEnvironment(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.CrushHome(t, home)
	data := filepath.Join(home, ".local", "share", "crush")
	moved := filepath.Join(home, "crushdata")
	if err := os.Rename(data, moved); err != nil {
		t.Fatal(err)
	}
	if n := len(crushRows(t)); n != 0 {
		t.Errorf("%d sessions with no projects.json", n)
	}
	t.Setenv("CRUSH_GLOBAL_DATA", moved)
	if n := len(crushRows(t)); n != 2 {
		t.Errorf("%d sessions in $CRUSH_GLOBAL_DATA", n)
	}
	for _, bad := range []string{"not json", `{"projects":[{"path":"/nowhere","data_dir":"/nowhere/.crush"},{"path":"` + home + `","data_dir":"` + home + `"}]}`} {
		catalogtest.CopyBytes(t, []byte(bad), filepath.Join(moved, "projects.json"), 0)
		if n := len(crushRows(t)); n != 0 {
			t.Errorf("%q: %d sessions", bad, n)
		}
	}
}
