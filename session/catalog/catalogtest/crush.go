package catalogtest

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// CrushHome lays out Crush's sessions under home as Crush does: the
// corpus store in its project, <home>/work/calcman/.crush/crush.db, and
// ~/.local/share/crush/projects.json naming the project and its data
// folder (projects.Register). It returns the store and the project.
func CrushHome(t *testing.T, home string) (store, project string) {
	t.Helper()
	project = filepath.Join(home, "work", "calcman")
	store = filepath.Join(project, ".crush", "crush.db")
	CopyFile(t, sessiontest.Testdata+"/crush/calcman-crush.db", store, 0)
	list, err := json.Marshal(map[string]any{"projects": []map[string]string{
		{"path": project, "data_dir": filepath.Join(project, ".crush"), "last_accessed": "2025-08-02T03:49:04Z"},
	}}, jsontext.WithIndent("  "))
	if err != nil {
		t.Fatal(err)
	}
	CopyBytes(t, list, filepath.Join(home, ".local", "share", "crush", "projects.json"), 0)
	return store, project
}
