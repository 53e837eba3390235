package cursor_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/cursor"
)

// A project's name stands for the folder that is on disk, whichever of
// its "-" stood for "/", "-" or "."; none when no such folder is there,
// or the transcript is in no project; and a name of many "-" is given up
// after a bounded number of looks (each "-" three ways would be 3^60).
func TestProjectRoot(t *testing.T) {
	home := t.TempDir()
	project := filepath.Join(home, "my-app.v2", "web")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	slug := strings.NewReplacer("/", "-", ".", "-").Replace(strings.TrimPrefix(project, "/"))
	in := func(slug string) string {
		return filepath.Join(home, ".cursor", "projects", slug, "agent-transcripts", "s", "s.jsonl")
	}
	if got := cursor.ProjectRoot(in(slug)); got != project {
		t.Errorf("%s stands for %q, want %q", slug, got, project)
	}
	if got := cursor.ProjectRoot(in("gone-folder")); got != "" {
		t.Errorf("a folder not there: %q", got)
	}
	if got := cursor.ProjectRoot(filepath.Join(project, "s.jsonl")); got != "" {
		t.Errorf("a transcript in no project: %q", got)
	}
	deep := strings.TrimPrefix(home, "/") + strings.Repeat("-a", 60)
	if got := cursor.ProjectRoot(in(strings.NewReplacer("/", "-").Replace(deep))); got != "" {
		t.Errorf("a name of many parts: %q", got)
	}
}
