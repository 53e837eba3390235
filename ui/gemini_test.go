package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists Gemini CLI's chats, titled, and opens one; a chat opens
// in the viewer with its cards, its subagent's work in its call.
func TestPickerAndViewerOpenGeminiChats(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.GeminiHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Gemini CLI ", "Raise the retry limit to 5", "Configure YubiKey for sudo and login", "/work/demo", "8 of 8")
	x.typeText("retry limit")
	x.waitFor("1 of 8")
	x.keys("enter")
	x.waitFor("card 1 of", "Find where the retry limit is set")
	x.quit()

	v := start(t, Options{Path: testdata + "/gemini/.gemini/tmp/deck-demo/chats/session-2026-05-02T10-15-4f1c2a9e.jsonl", Follow: new(false)}, 120, 200)
	v.waitFor("taken back by the rewind at line 20", "✓ Agent codebase_investigator", "subagent: 4 entries, 2 tool calls")
	v.quit()
}
