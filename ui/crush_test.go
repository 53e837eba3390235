package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists Crush's sessions from its projects' stores, titled,
// and opens one in the viewer with its cards.
func TestPickerOpensCrushSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.CrushHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("Crush ", "Nuxt Calculator App with UI and Keyb", "Create Development Guidelines")
	x.typeText("guidelines")
	x.waitFor("1 of 5")
	x.keys("enter")
	x.waitFor("card 1 of", "List ")
	x.quit()
}
