package viewer

import (
	"strings"
	"testing"
)

// longCSI is the 47-byte shape that panicked x/ansi v0.11.9's parser (33
// parameters), as the program's tests (ui's contain_test.go) write it.
var longCSI = "\x1b[" + strings.Repeat("1;", 32) + "1m"

// What the status bar says besides the title (an error naming a file, a
// message) goes through the sanitiser too.
func TestTheStatusBarsMessagesAreSanitised(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.tm.Send(editedMsg{text: "the editor said \u202e\x1b[2J" + longCSI + "no"})
	x.waitFor("the editor said ⟨RLO⟩no")
	x.quit()
}
