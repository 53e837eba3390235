// Package catalogtest lays out the sessions of every agent under a
// temporary home, as each agent lays them out, for the tests of the
// catalog and of the picker.
package catalogtest

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// AgentsHome lays out one session of each agent under a temporary HOME as
// each agent lays them out, plus a Claude Code subagent transcript (which is
// part of its session, not a session of its own), and points HOME there.
func AgentsHome(t *testing.T) (home string, logs map[string]string) {
	t.Helper()
	home = t.TempDir()
	t.Setenv("HOME", home)
	for _, env := range []string{"DSH_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "OPENCODE_DB", "XDG_DATA_HOME", "GROK_HOME", "AIDER_CHAT_HISTORY_FILE", "CRUSH_GLOBAL_DATA", "PI_CODING_AGENT_DIR", "COPILOT_HOME"} {
		t.Setenv(env, "")
	}
	logs = map[string]string{
		catalog.AgentHarness: filepath.Join(home, ".dsh/sessions/--work-app--/s-bash/session.jsonl"),
		catalog.AgentClaude:  filepath.Join(home, ".claude/projects/-work-app/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"),
		catalog.AgentCodex:   filepath.Join(home, ".codex/sessions/2025/11/17/rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl"),
	}
	CopyFile(t, sessiontest.Testdata+"/harness/bash-tool-turn/session.jsonl", logs[catalog.AgentHarness], 3)
	CopyFile(t, sessiontest.Testdata+"/corpus/claude-code/d-kimuson_claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl", logs[catalog.AgentClaude], 2)
	CopyFile(t, sessiontest.Testdata+"/corpus/claude-code/marot_spotter__4d5611e5__subagents__agent-a2898e3.jsonl",
		filepath.Join(home, ".claude/projects/-work-app/1af7fc5e-8455-4414-9ccd-011d40f70b2a/subagents/agent-a2898e3.jsonl"), 0)
	CopyFile(t, sessiontest.Testdata+"/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", logs[catalog.AgentCodex], 1)
	return home, logs
}

// Dated is the time the copies are dated back from: fixed, so that lists
// which show the time are the same on every run.
var Dated = time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)

// CopyFile copies src to dst, dated hoursAgo hours before Dated (so the
// order of the list is known and no session counts as live).
func CopyFile(t *testing.T, src, dst string, hoursAgo int) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	CopyBytes(t, data, dst, hoursAgo)
}

// CopyBytes writes data to dst, dated as CopyFile dates its copies.
func CopyBytes(t testing.TB, data []byte, dst string, hoursAgo int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
	when := Dated.Add(-time.Duration(hoursAgo)*time.Hour - time.Minute)
	os.Chtimes(dst, when, when)
}
