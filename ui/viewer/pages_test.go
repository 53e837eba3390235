package viewer

import (
	"strings"
	"testing"
)

// c lists the files the session changed, enter shows the picked one's net
// change, esc goes back a page at a time; s shows the session's figures.
func TestChangesAndStatsPages(t *testing.T) {
	x := start(t, Options{Demo: true}, 110, 30)
	x.waitFor("card 1 of 29")
	x.keys("c")
	s := x.waitFor("± changes", "2 files changed", "health.go  +8 −2  2 edits", "health_test.go  +30 −0  1 edit", "enter its net change")
	if !strings.Contains(s, "▌  /home/dev/src/tinyhttp/server/health.go") && !strings.Contains(s, "▌  server/health.go") {
		t.Errorf("the first file is not picked:\n%s", s)
	}
	x.keys("j", "enter")
	x.waitFor("✓ net change", "server/health_test.go  +30 −0", "esc back") // the file named once, in the diff's file row
	x.keys("esc")
	x.waitFor("± changes", "health.go  +8 −2")
	x.keys("k", "enter")
	x.waitFor("✓ net change", "server/health.go  +8 −2")
	x.keys("esc", "esc")
	x.waitUntil("the cards again", func(s string) bool { return strings.Contains(s, "card 1 of 29") && !strings.Contains(s, "± changes") })
	x.keys("s")
	x.waitFor("── stats", "14 tool calls", "turn 1 · completed · 14 tool calls", "    total tokens 48,832 · input 47,632 · output 1,200")
	x.keys("s") // the key that opened it closes it too
	x.waitUntil("the cards again", func(s string) bool { return !strings.Contains(s, "── stats") })
	x.keys("c")
	x.waitFor("± changes")
	x.quit() // q quits from a page
}

// After the log moved the session (working-directory/change), c names a
// file from the folder the session was in when it first changed it, as
// that call's card does: one changed before and after the move from the
// first, one made after it from the folder it moved to, which the row
// says; its net change names it so too.
func TestTheChangesPageNamesFilesFromWhereTheSessionWas(t *testing.T) {
	x := start(t, Options{Path: testdata + "/fixtures/harness-v4-cwd.jsonl"}, 110, 30)
	x.waitFor("card 1 of")
	x.keys("c")
	x.waitFor("± changes", "pkg/api/handler.go  +2 −1  2 edits", "handler_test.go  +9 −0  1 edit · in pkg/api", "/work/app/go.mod")
	x.keys("j", "enter")
	x.waitFor("✓ net change", "  handler_test.go  +9 −0 · new file")
	x.quit()
}
