package ui

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// Run inside a project Aider worked in, the picker lists its chat history,
// titled, among the other agents' sessions, and opens it in the viewer:
// its edit blocks as diffs.
func TestPickerOpensAiderHistory(t *testing.T) {
	fixture, err := filepath.Abs(testdata + "/aider/demo/.aider.chat.history.md")
	if err != nil {
		t.Fatal(err)
	}
	home, _ := catalogtest.AgentsHome(t)
	_, inside := catalogtest.AiderProject(t, filepath.Join(home, "code"))
	t.Chdir(inside)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Aider ", "give me a quick summarized overview", "4 of 4")
	x.typeText("overview")
	x.waitFor("1 of 4")
	x.keys("enter")
	x.waitFor("card 1 of", "aider chat started at 2025-05-04 17:02:36")
	x.quit()

	v := start(t, Options{Path: fixture, Follow: new(false)}, 120, 80)
	v.waitFor("✓ Edit retry.py", "■ Create tests/test_jitter.py", "Skipping edits to tests/test_jitter.py")
	v.quit()
}
