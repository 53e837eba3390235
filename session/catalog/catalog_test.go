package catalog_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// The sessions of all three agents are found from HOME, newest first, each
// with its agent; a subagent transcript is not a session of its own.
func TestFindSessionsOfEveryAgent(t *testing.T) {
	_, logs := catalogtest.AgentsHome(t)
	found := catalog.Find(catalog.DefaultRoots())
	want := []string{catalog.AgentCodex, catalog.AgentClaude, catalog.AgentHarness} // newest first
	if len(found) != len(want) {
		t.Fatalf("found %d sessions, want %d: %+v", len(found), len(want), found)
	}
	for i, agent := range want {
		if found[i].Agent != agent || found[i].Path != logs[agent] {
			t.Errorf("session %d is %s %s, want %s %s", i, found[i].Agent, found[i].Path, agent, logs[agent])
		}
	}
}

// $DSH_HOME, $CLAUDE_CONFIG_DIR and $CODEX_HOME move each agent's folder.
func TestAgentFoldersFollowTheEnvironment(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	elsewhere := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(elsewhere, "dsh"))
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
	t.Setenv("CODEX_HOME", filepath.Join(elsewhere, "codex"))
	roots := catalog.DefaultRoots()
	for i, want := range []string{filepath.Join(elsewhere, "dsh", "sessions"), filepath.Join(home, ".claude", "projects"), filepath.Join(elsewhere, "codex", "sessions")} {
		if roots[i].Dir != want {
			t.Errorf("root %s is %s, want %s", roots[i].Agent, roots[i].Dir, want)
		}
	}
	found := catalog.Find(roots)
	if len(found) != 1 || found[0].Agent != catalog.AgentClaude {
		t.Fatalf("found %+v, want only the Claude Code session", found)
	}
}

// A harness session folder whose mtime is as an earlier listing saw it
// holds the names it held: its log is the one that listing took, looked
// at, not listed again. Once its names change (a new generation), so does
// its mtime, and it is listed again. A folder whose names alone did not
// pick its log (two encodings of one generation) tells no mtime to trust.
func TestAFolderNotChangedIsNotListedAgain(t *testing.T) {
	_, logs := catalogtest.AgentsHome(t)
	roots := catalog.DefaultRoots()[:1]
	first := catalog.Find(roots)
	if len(first) != 1 || first[0].FolderMod == 0 {
		t.Fatalf("first listing: %+v", first)
	}
	folder := filepath.Dir(logs[catalog.AgentHarness])
	elsewhere := filepath.Join(t.TempDir(), "session.jsonl") // what the listing would never take: proof it was not listed
	if err := os.WriteFile(elsewhere, []byte(sessiontest.FirstLine), 0o644); err != nil {
		t.Fatal(err)
	}
	known := func(f string) (string, int64, bool) { return elsewhere, first[0].FolderMod, f == folder }
	if got := catalog.FindKnown(roots, known); len(got) != 1 || got[0].Path != elsewhere {
		t.Errorf("a folder as it was: %+v", got)
	}
	v2 := filepath.Join(folder, "session.v2.jsonl")
	if err := os.WriteFile(v2, []byte(sessiontest.FirstLine), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Unix(0, first[0].FolderMod).Add(time.Second) // whatever the clock's grain
	os.Chtimes(folder, later, later)
	if got := catalog.FindKnown(roots, known); len(got) != 1 || got[0].Path != v2 || got[0].FolderMod != later.UnixNano() {
		t.Errorf("a folder with a new generation: %+v", got)
	}
	if err := os.WriteFile(v2+".zstd", []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := catalog.Find(roots); len(got) != 1 || got[0].FolderMod != 0 {
		t.Errorf("a folder whose times picked its log: %+v", got)
	}
}
