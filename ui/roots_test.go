package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
)

// agentsHome lays out one session of each agent under a temporary HOME as
// each agent lays them out, plus a Claude Code subagent transcript (which is
// part of its session, not a session of its own), and points HOME there.
func agentsHome(t *testing.T) (home string, logs map[string]string) {
	t.Helper()
	home = t.TempDir()
	t.Setenv("HOME", home)
	for _, env := range []string{"DSH_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"} {
		t.Setenv(env, "")
	}
	logs = map[string]string{
		AgentHarness: filepath.Join(home, ".dsh/sessions/--work-app--/s-bash/session.jsonl"),
		AgentClaude:  filepath.Join(home, ".claude/projects/-work-app/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"),
		AgentCodex:   filepath.Join(home, ".codex/sessions/2025/11/17/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl"),
	}
	copyFile(t, testdata+"/harness/bash-tool-turn/session.jsonl", logs[AgentHarness], 3)
	copyFile(t, testdata+"/corpus/claude-code/d-kimuson_claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl", logs[AgentClaude], 2)
	copyFile(t, testdata+"/corpus/claude-code/marot_spotter__4d5611e5__subagents__agent-a2898e3.jsonl",
		filepath.Join(home, ".claude/projects/-work-app/1af7fc5e-8455-4414-9ccd-011d40f70b2a/subagents/agent-a2898e3.jsonl"), 0)
	copyFile(t, testdata+"/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", logs[AgentCodex], 1)
	return home, logs
}

// copyFile copies src to dst, dated hoursAgo hours back (so the order of
// the list is known and no session counts as live).
func copyFile(t *testing.T, src, dst string, hoursAgo int) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-time.Duration(hoursAgo)*time.Hour - time.Minute)
	os.Chtimes(dst, when, when)
}

// The sessions of all three agents are found from HOME, newest first, each
// with its agent; a subagent transcript is not a session of its own.
func TestFindSessionsOfEveryAgent(t *testing.T) {
	_, logs := agentsHome(t)
	found := FindSessions(DefaultRoots())
	want := []string{AgentCodex, AgentClaude, AgentHarness} // newest first
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
	home, _ := agentsHome(t)
	elsewhere := t.TempDir()
	t.Setenv("DSH_HOME", filepath.Join(elsewhere, "dsh"))
	t.Setenv("CLAUDE_CONFIG_DIR", filepath.Join(home, ".claude"))
	t.Setenv("CODEX_HOME", filepath.Join(elsewhere, "codex"))
	roots := DefaultRoots()
	for i, want := range []string{filepath.Join(elsewhere, "dsh", "sessions"), filepath.Join(home, ".claude", "projects"), filepath.Join(elsewhere, "codex", "sessions")} {
		if roots[i].Dir != want {
			t.Errorf("root %s is %s, want %s", roots[i].Agent, roots[i].Dir, want)
		}
	}
	found := FindSessions(roots)
	if len(found) != 1 || found[0].Agent != AgentClaude {
		t.Fatalf("found %+v, want only the Claude Code session", found)
	}
}

// The picker lists every agent's sessions, each row naming its agent, and
// opens a Claude Code session from it.
func TestPickerListsEveryAgent(t *testing.T) {
	home, _ := agentsHome(t)
	x := start(t, Options{}, 120, 24)
	s := x.waitFor("Codex ·", "Claude Code ·", "deepseek-harness ·", "3 of 3", "Use the bash tool", "/init", "finish up the users work")
	golden.RequireEqual(t, strings.ReplaceAll(s, home, "$HOME"))
	x.typeText("claude")
	x.waitFor("1 of 3")
	x.keys("enter")
	x.waitFor("card 1 of")
	x.quit()
}

// A log of each other agent opens in the viewer with its cards.
func TestOtherAgentsOpenInTheViewer(t *testing.T) {
	for _, c := range []struct{ path, want string }{
		{"/corpus/acp/codex-acp.codecompanion-capture.jsonl", "✓ Read /Users/Oli/Code/Neovim/codecompanion.nvim/hello.txt"},
		{"/corpus/claude-code/Brads3290_cclogviewer__example.jsonl", "✓ List /Users/brad/Desktop"},
		{"/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", "✓ Read LM Studio configuration.md"},
	} {
		t.Run(filepath.Base(filepath.Dir(c.path)), func(t *testing.T) {
			off := false // a fresh checkout's files look live: do not follow to the end
			x := start(t, Options{Path: testdata + c.path, Follow: &off}, 120, 40)
			x.waitFor(c.want)
			x.quit()
		})
	}
}
