package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists every agent's sessions, each row naming its agent, and
// opens a Claude Code session from it.
func TestPickerListsEveryAgent(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	x := start(t, Options{}, 120, 24)
	s := x.waitFor("Codex ", "Claude Code ", "deepseek-harness ", "3 of 3", "Use the bash tool", "/init", "finish up the users work")
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
		{"/corpus/claude-code/Brads3290_cclogviewer__example.jsonl", "✓ List ."},
		{"/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl", "✓ Read LM Studio configuration.md"},
	} {
		t.Run(filepath.Base(filepath.Dir(c.path)), func(t *testing.T) {
			x := start(t, Options{Path: testdata + c.path, Follow: new(false)}, 120, 40)
			x.waitFor(c.want)
			x.quit()
		})
	}
}
