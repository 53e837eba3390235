package catalog_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// Copilot CLI's sessions are found under ~/.copilot/session-state, newest
// first: each folder's events.jsonl and the older flat <id>.jsonl, a flat
// log whose session has a folder now listed once, as the folder's. Each
// is titled by its own name (its workspace.yaml's), else its first prompt, in the folder its session started in, at
// the time it started.
func TestFindCopilotSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	want := catalogtest.CopilotHome(t, home)
	found := scannedOf(catalog.AgentCopilot)
	if len(found) != len(want) {
		t.Fatalf("found %d Copilot CLI sessions, want %d: %+v", len(found), len(want), found)
	}
	for i, w := range want {
		it := found[i]
		if it.Path != w.Path || it.Title != w.Title || it.Cwd != w.Cwd || !it.Started.Equal(w.Started) {
			t.Errorf("session %d: %q %s in %q at %v; want %q %s in %q at %v", i, it.Title, it.Path, it.Cwd, it.Started, w.Title, w.Path, w.Cwd, w.Started)
		}
	}
}

// $COPILOT_HOME stands for ~/.copilot, as Copilot CLI reads it.
func TestCopilotHomeComesFromTheEnvironment(t *testing.T) {
	t.Setenv("COPILOT_HOME", "/elsewhere/copilot")
	for _, r := range catalog.DefaultRoots() {
		if r.Agent == catalog.AgentCopilot {
			if r.Dir != filepath.FromSlash("/elsewhere/copilot/session-state") {
				t.Errorf("Copilot CLI's folder: %s", r.Dir)
			}
			return
		}
	}
	t.Error("no Copilot CLI folder")
}

// Copilot CLI's folder holds nothing deck opens but regular files: a named
// pipe, a socket, a link to a terminal or to /dev/zero, a dangling link or
// a folder at a session's log is not listed, and nothing blocks.
func TestCopilotFoldersOpenOnlyFiles(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			state := filepath.Join(home, ".copilot", "session-state")
			k.Make(t, filepath.Join(state, "x-"+k.String(), "events.jsonl"))
			k.Make(t, filepath.Join(state, "y-"+k.String()+".jsonl"))
			want := catalogtest.CopilotHome(t, home)
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
			if n := len(agentOf(found, catalog.AgentCopilot)); n != len(want) {
				t.Errorf("listed %d Copilot CLI sessions, want %d", n, len(want))
			}
		})
	}
}
