package ui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session/catalog"
)

// A person picks a session from the list, filtering by typing, and opens it.
func TestPickAndOpenASession(t *testing.T) {
	dir := sessionsHome(t, map[string]string{
		"s-edit": testdata + "/harness/fs-edit/session.jsonl",
		"s-bash": testdata + "/harness/bash-tool-turn/session.jsonl",
		"s-live": testdata + "/harness/live/session-logs/plain/session.jsonl.zstd",
	})
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}}, 100, 24)
	s := x.waitFor("First use the read tool", "Use the bash tool to", "Scripted probe session", "3 of 3")
	golden.RequireEqual(t, strings.ReplaceAll(s, dir, "$SESSIONS"))
	x.typeText("bash")
	x.waitFor("1 of 3")
	x.keys("enter")
	x.waitFor("$ echo TERMINAL_OK", "exit 0")
	x.quit()
}

// With no sessions on disk, deck opens its demo.
func TestNoSessionsOpensTheDemo(t *testing.T) {
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: t.TempDir()}}}, 120, 30)
	x.waitFor("demo · Fix /healthz 500 without config.yaml")
	x.quit()
}

// A demo opened because there are no sessions says so.
func TestTheDemoOfNoSessionsIsLabelled(t *testing.T) {
	x := start(t, Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: t.TempDir()}}}, 100, 30)
	x.waitFor("demo · Fix /healthz")
	x.quit()
}
