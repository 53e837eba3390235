package catalog_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// Aider's chat history is found where Aider keeps it, at the root of the
// repository deck runs in (from any folder inside it), titled by the first
// thing typed, placed in its project and dated by its first run; outside
// a repository that has one, no folder of Aider's is named;
// $AIDER_CHAT_HISTORY_FILE names another, as it does for Aider.
func TestFindAiderHistory(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	t.Setenv("AIDER_CHAT_HISTORY_FILE", "")
	history, inside := catalogtest.AiderProject(t, filepath.Join(home, "code"))
	aider := func() []catalog.Item {
		for _, r := range catalog.DefaultRoots() {
			if r.Agent == catalog.AgentAider && r.Dir != history {
				t.Errorf("Aider's root is %s, want %s", r.Dir, history)
			}
		}
		return scannedOf(catalog.AgentAider)
	}
	t.Chdir(home)
	if got := aider(); len(got) != 0 {
		t.Errorf("outside the project: %+v", got)
	}
	t.Chdir(inside)
	got := aider()
	if len(got) != 1 {
		t.Fatalf("found %d Aider histories: %+v", len(got), got)
	}
	it := got[0]
	if it.Path != history || it.Title != "give me a quick summarized overview of this repo" || it.Cwd != filepath.Dir(history) ||
		!it.Started.Equal(time.Date(2025, 5, 4, 17, 2, 36, 0, time.UTC)) {
		t.Errorf("listed %+v", it)
	}
	t.Chdir(home)
	t.Setenv("AIDER_CHAT_HISTORY_FILE", history)
	if got := aider(); len(got) != 1 || got[0].Path != history {
		t.Errorf("named by $AIDER_CHAT_HISTORY_FILE: %+v", got)
	}
}

// Only a regular file is Aider's history: a named pipe, a socket, a link
// to a terminal or to /dev/zero, a dangling link or a folder at its name,
// at the repository's root or where $AIDER_CHAT_HISTORY_FILE points, is
// not listed, and nothing blocks.
func TestAiderHistoryIsOnlyAFile(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			project := filepath.Join(home, "p")
			k.Make(t, filepath.Join(project, ".aider.chat.history.md"))
			k.Make(t, filepath.Join(home, "elsewhere.md"))
			catalogtest.CopyBytes(t, nil, filepath.Join(project, ".git", "HEAD"), 0)
			t.Chdir(project)
			for _, named := range []string{"", filepath.Join(home, "elsewhere.md")} {
				t.Setenv("AIDER_CHAT_HISTORY_FILE", named)
				var found []catalog.Item
				promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
				for _, it := range found {
					if it.Agent == catalog.AgentAider {
						t.Errorf("listed %+v", it)
					}
				}
			}
		})
	}
}
