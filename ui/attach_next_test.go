package ui

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/live/livetest"
)

// newNextSession starts a session on the 0.1.1-rc.2 host from the picker
// and sends a prompt, as newSessionAndPrompt does on rc.8's.
func newNextSession(x *term, h *livetest.Host, prompt string) {
	x.waitFor("the host has no sessions yet: n starts one")
	x.keys("n")
	x.waitFor("new session in: /srv/dsh-next/work")
	x.keys("enter")
	h.Wait(livetest.AwaitingPrompt)
	x.waitFor("● live", "enter send")
	x.typeText(prompt)
	x.keys("enter")
}

// deck attach works against a 0.1.1-rc.2 host, the newest harness that
// could be built: each recorded run streams in whole, its approvals and its
// question answered as recorded.
func TestAttachToTheNewestBuildableHost(t *testing.T) {
	for _, c := range []struct {
		scenario livetest.Scenario
		prompt   string
		answer   string   // the key that answers its approval or question, if it asks
		shows    []string // on screen once the turn is done
	}{
		{livetest.NextTools, "TOOLS: inspect main.go, note the rounding, remove the tax factor and list go files.", "", []string{"✓ Glob *.go in .", "SANDBOX_UNAVAILABLE", "turn 1 done"}},
		{livetest.NextPlain, "Read the hello file and run a command.", "", []string{"✓ Read hello.txt", "turn 1 done"}},
		{livetest.NextApproval, "ESCALATE: read the hello file and run bash with full access.", "a", []string{"· allowed once", "turn 1 done"}},
		{livetest.NextReject, "ESCALATE: same again, but this one will be rejected.", "r", []string{"· rejected", "turn 1 done"}},
		{livetest.NextQuestion, "ASK: which path should I take?", "enter", []string{"turn 1 done"}},
	} {
		t.Run(c.scenario.String(), func(t *testing.T) {
			x, h := attachTo(t, c.scenario)
			newNextSession(x, h, c.prompt)
			if c.answer != "" {
				if c.scenario == livetest.NextQuestion {
					h.Wait(livetest.AwaitingAnswer)
					x.waitFor("your own answer")
				} else {
					h.Wait(livetest.AwaitingApproval)
					x.waitFor("bash asks for approval")
				}
				x.keys(c.answer)
			}
			h.Wait(livetest.Finished)
			s := x.waitFor(c.shows...)
			for _, row := range strings.Split(s, "\n") {
				if strings.HasPrefix(strings.TrimSpace(row), "! ") {
					t.Errorf("a notice on screen: %s\n%s", row, s)
				}
			}
			quitLive(x)
		})
	}
}
