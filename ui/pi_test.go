package ui

import (
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// The picker lists pi's sessions, titled, and opens one in the viewer
// with its cards: the branch active last, the others marked.
func TestPickerOpensPiSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	catalogtest.PiHome(t, home)
	x := start(t, Options{}, 120, 30)
	x.waitFor("pi ", "Retry fetchJSON with backoff", "/work/app")
	x.typeText("backoff")
	x.waitFor("1 of 7")
	x.keys("enter")
	x.waitFor("card 1 of", "another branch forks")
	x.quit()
}
