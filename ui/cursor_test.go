package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists Cursor CLI's transcripts, titled by their first
// prompt, and opens one in the viewer with its cards, its subagent's work
// in its Task's card.
func TestPickerAndViewerOpenCursorTranscripts(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.CursorHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Cursor CLI ", "Raise the retry limit to 5 and check the", "scan for ble devices", "6 of 6")
	x.typeText("ble devices")
	x.waitFor("1 of 6")
	x.keys("enter")
	x.waitFor("card 1 of", "scan for ble devices")
	x.quit()

	v := start(t, Options{Path: testdata + "/cursor/.cursor/projects/work-demo/agent-transcripts/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f.jsonl", Follow: new(false)}, 120, 200)
	v.waitFor("Agent generalPurpose: Fix the retry test", "subagent: 5 entries, 2 tool calls")
	v.quit()
}
