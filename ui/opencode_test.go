package ui

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists opencode's sessions from its store, titled, and opens
// one in the viewer with its cards.
func TestPickerOpensOpenCodeSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.CopyFile(t, testdata+"/opencode/stunning-memory-opencode.db", filepath.Join(home, ".local/share/opencode/opencode.db"), 0)
	x := start(t, Options{}, 120, 30)
	x.waitFor("opencode ", "Read SPEC.md and improve it", "/workspace")
	x.typeText("improve it")
	x.waitFor("1 of 4")
	x.keys("enter")
	x.waitFor("card 1 of", "Glob **/SPEC.md")
	x.quit()
}
