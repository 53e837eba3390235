package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists Copilot CLI's sessions, titled by their own name
// (workspace.yaml's) or else their first prompt,
// and opens one in the viewer with its cards, its subagent's work in its
// call.
func TestPickerAndViewerOpenCopilotSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.CopilotHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Copilot CLI ", "Raise the retry limit to 5 ", "/tmp/project", "6 of 6")
	x.typeText("retry limit")
	x.waitFor("1 of 6")
	x.keys("enter")
	x.waitFor("card 1 of", "Raise the retry limit to 5 and check the tests")
	x.quit()

	v := start(t, Options{Path: testdata + "/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl", Follow: new(false)}, 120, 200)
	v.waitFor("✓ Agent general-purpose: Fix the retry test", "subagent: 3 entries, 1 tool call", "✗ $ go test ./...")
	v.quit()
}
