package catalog_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
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
