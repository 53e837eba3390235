package catalog_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// The picker's row and the viewer's title of one session are the same:
// one rule, the session's. A Claude Code session with no title record is
// titled by its first prompt in both.
func TestPickerAndViewerTitlesAgree(t *testing.T) {
	logs, _ := filepath.Glob(sessiontest.Testdata + "/corpus/*/*.json*")
	if len(logs) < 10 {
		t.Fatalf("corpus incomplete: %d logs", len(logs))
	}
	for _, path := range logs {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		viewer, _ := source.ReadAll(f)
		f.Close()
		row := catalog.Scan(catalog.Item{Path: path})
		if row.Title != viewer.Title {
			t.Errorf("%s: picker %q, viewer %q", filepath.Base(path), row.Title, viewer.Title)
		}
	}
	row := catalog.Scan(catalog.Item{Path: sessiontest.Testdata + "/corpus/claude-code/Brads3290_cclogviewer__example.jsonl"})
	if want := "Create a task to list the files in the current directory and summarise them for you"; row.Title != want {
		t.Errorf("title %q, want %q", row.Title, want)
	}
}
