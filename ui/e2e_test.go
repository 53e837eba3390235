//go:build e2e

package ui

import (
	"testing"

	"github.com/deck-tui/deck/golden/e2e"
	"github.com/deck-tui/deck/session/live"
)

// deck drives a real harness host (make e2e) through a whole turn as a
// person would: a new session, a prompt, a read, a shell command that needs
// approval (allowed), a question (answered), the answer; then a slow turn,
// cancelled.
func TestE2EDriveARealHost(t *testing.T) {
	c, err := live.New(e2e.StartHost(t), live.Options{})
	if err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Host: c}, 120, 40)
	x.waitFor("the host has no sessions yet: n starts one")
	x.keys("n")
	x.waitFor("new session in: /")
	x.keys("enter")
	x.waitFor("● live", "enter send")
	x.typeText(e2e.TurnPrompt)
	x.keys("enter")
	x.waitFor("✓ Read ", e2e.WorkspaceFile, "bash asks for approval", "a allow once · r reject")
	x.keys("a")
	x.waitFor("hello-from-bash", "· allowed once", "? Mode · Which path?")
	x.keys("enter")
	x.waitFor("• Which path? Safe", e2e.FinalText, "turn 1 done")

	x.typeText(e2e.SlowPrompt)
	x.keys("enter")
	x.waitFor("working", "streaming")
	x.keys("esc")
	x.waitFor("turn 2 cancelled by user")
	quitLive(x)
}
