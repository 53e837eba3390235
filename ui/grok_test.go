package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists Grok Build's sessions, titled by their summaries (a
// subagent's session not on its own), and opens one; a session opens in
// the viewer with its cards, its subagent's work in its task call.
func TestPickerAndViewerOpenGrokSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.GrokHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Grok Build ", "Raise the retry limit to 5", "Read hello.py and summarize what it", "/work/demo", "5 of 5")
	x.typeText("retry limit")
	x.waitFor("1 of 5")
	x.keys("enter")
	x.waitFor("card 1 of", "Raise the retry limit in config.py to 5")
	x.quit()

	v := start(t, Options{Path: testdata + "/grok-build/.grok/sessions/%2Fwork%2Fdemo/019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b", Follow: new(false)}, 120, 200)
	v.waitFor("✓ Agent explore: Survey backoff settings", "subagent: 5 entries, 2 tool calls", "turn 3 cancelled (Esc or Ctrl+C)")
	v.quit()
}
