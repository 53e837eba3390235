package ui

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/ui/internal/uitest"
)

// startSearching runs the picker over a harness home of logs, with an
// index of its own, and stops what the content search runs in the
// background before the index is closed.
func startSearching(t *testing.T, logs map[string]string, w, h int) *term {
	t.Helper()
	ix, err := index.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	o := Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: sessionsHome(t, logs)}}, Follow: new(false), Theme: "dark", Index: ix}
	m, err := newApp(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.(*app).stop)
	x := uitest.Start(t, m, w, h, colorprofile.TrueColor)
	return &term{Term: x, t: t, tm: x.TM}
}

// matchOf is the viewer's status bar's "match k of n".
var matchOf = regexp.MustCompile(`match (\d+) of (\d+)`)

// ctrl+s in the picker searches inside every session as one types: the
// hits come grouped under their session, only the sessions holding the
// query; enter opens the chosen hit's session focused on its card with the
// viewer's search set to the query (n goes on from there); esc goes back
// to the hits as they were, and esc again to the titles.
func TestContentSearchOpensTheHitAtItsCard(t *testing.T) {
	x := startSearching(t, map[string]string{
		"a-edit": testdata + "/harness/fs-edit/session.jsonl",
		"b-bash": testdata + "/harness/bash-tool-turn/session.jsonl",
	}, 100, 30)
	x.waitFor("2 of 2", "ctrl+s search inside")
	x.keys("ctrl+s")
	x.waitFor("search inside every session")
	x.typeText("TERMINAL_OK")
	s := x.waitFor("in the index of every session", "Use the bash tool", "turn 1", "prompt", "call", "output", "4 hits in 1 session ·")
	if strings.Count(s, "deepseek-harness ·") != 1 {
		t.Fatalf("the hits are not under the one session holding the query:\n%s", s)
	}
	lines := strings.Split(s, "\n")
	head := -1
	for i, l := range lines {
		if strings.Contains(l, "deepseek-harness ·") {
			head = i
			break
		}
	}
	if head < 0 || !strings.HasPrefix(strings.TrimSpace(lines[head+1]), "▌ turn 1") || !strings.Contains(lines[head+1], "prompt") {
		t.Fatalf("the first hit, the prompt, is not chosen under its session's line:\n%s", s)
	}
	// the hit of the bash call: its card, not the prompt's, is opened
	call := -1
	for i, l := range lines[head+1:] {
		if strings.Contains(l, " call ") {
			call = i
			break
		}
	}
	if call < 0 {
		t.Fatalf("no hit in the call:\n%s", s)
	}
	for range call {
		x.keys("down")
	}
	x.waitUntil("the call's hit chosen", func(s string) bool {
		l := strings.Split(s, "\n")[head+1+call]
		return strings.Contains(l, "▌") && strings.Contains(l, " call ")
	})
	x.tm.Send(keyMsg("enter"))
	x.tm.Send(keyMsg("n")) // typed before the viewer is up: not the query's
	s = x.waitUntil("the viewer at the call's card with the search set", func(s string) bool {
		return matchOf.MatchString(s) && focusedOn(s, "echo TERMINAL_OK")
	})
	first := matchOf.FindStringSubmatch(s)
	if first[1] == "1" {
		t.Fatalf("the search's current match is the session's first, not the hit's card's:\n%s", s)
	}
	x.keys("n")
	x.waitUntil("n going on from the hit", func(s string) bool {
		m := matchOf.FindStringSubmatch(s)
		return m != nil && m[1] != first[1] && m[2] == first[2]
	})
	x.keys("esc")
	s = x.waitFor("search inside every session", "search: TERMINAL_OK")
	if strings.Contains(s, "TERMINAL_OKn") {
		t.Fatalf("the n typed as the viewer opened went into the query:\n%s", s)
	}
	if l := strings.Split(s, "\n")[head+1+call]; !strings.Contains(l, "▌") {
		t.Fatalf("back from the viewer, the hit opened is not chosen:\n%s", s)
	}
	x.typeText("!") // the query takes keys again
	x.waitFor("search: TERMINAL_OK!", "no session holds it")
	x.keys("esc")
	x.waitFor("2 of 2", "filter:")
	x.keys("ctrl+c") // q is typed into the filter
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// focusedOn reports a screen whose focused card (the rows the gutter's ▌
// marks) shows text.
func focusedOn(s, text string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "▌") && strings.Contains(l, text) {
			return true
		}
	}
	return false
}

// Without the index (--no-index, a cache folder deck may not write), the
// content search says so and reads the logs themselves: the same hits.
func TestContentSearchWithoutTheIndexSaysSoAndReadsTheLogs(t *testing.T) {
	dir := sessionsHome(t, map[string]string{
		"a-edit": testdata + "/harness/fs-edit/session.jsonl",
		"b-bash": testdata + "/harness/bash-tool-turn/session.jsonl",
	})
	o := Options{Roots: []catalog.Root{{Agent: catalog.AgentHarness, Dir: dir}}, Follow: new(false), NoIndex: "--no-index"}
	x := start(t, o, 100, 30)
	x.waitFor("2 of 2")
	x.keys("ctrl+s")
	x.typeText("TERMINAL_OK")
	s := x.waitFor("without the index (--no-index): reading every log", "Use the bash tool", "prompt", "call")
	if strings.Count(s, "deepseek-harness ·") != 1 {
		t.Fatalf("the hits are not under the one session holding the query:\n%s", s)
	}
	x.keys("ctrl+c")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// Keys typed right after ctrl+s are the query's, none left in the
// picker's filter: the switch to the content search is made on the key,
// not after a message comes back.
func TestKeysTypedRightAfterCtrlSAreTheQuerys(t *testing.T) {
	x := startSearching(t, map[string]string{"b-bash": testdata + "/harness/bash-tool-turn/session.jsonl"}, 100, 30)
	x.waitFor("1 of 1")
	x.tm.Send(keyMsg("ctrl+s"))
	for _, r := range "TERMINAL_OK" { // as fast as a paste
		x.tm.Send(keyMsg(string(r)))
	}
	x.waitFor("search: TERMINAL_OK", "Use the bash tool", "prompt")
	x.keys("esc")
	s := x.waitFor("1 of 1")
	if !strings.Contains(s, "filter: type to filter") {
		t.Fatalf("keys typed after ctrl+s landed in the filter:\n%s", s)
	}
	x.keys("ctrl+c")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// A hit in a subagent's work (a Claude Code Task's nested transcript) is
// its Task's: enter opens the session at the Task's card, opened to the
// hit, the focus on the subagent's entry that holds it, the search set.
func TestContentSearchOpensASubagentsHitInItsTask(t *testing.T) {
	x := startSearchingSubagents(t)
	x.keys("ctrl+s")
	x.typeText("safe-array-concat") // only in two Tasks' subagents' output
	x.waitFor("in the index of every session", "2 hits in 1 session")
	x.keys("enter")
	// the first Task holding it, "Implement state management": its third nested entry, a find
	x.waitFor("card 14 of 22", "nested 3 of 41", "match 1 of 4", "safe-array-concat")
	x.keys("n")
	x.waitFor("match 2 of 4")
	x.keys("ctrl+c")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}

// startSearchingSubagents runs the picker over a Claude Code home of one
// session whose Tasks' subagents did much of the work, with an index of
// its own.
func startSearchingSubagents(t *testing.T) *term {
	t.Helper()
	projects := filepath.Join(t.TempDir(), "projects")
	catalogtest.CopyFile(t, testdata+"/corpus/claude-code/d-kimuson_claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl",
		filepath.Join(projects, "-work-demo", "fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"), 1)
	ix, err := index.Open(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	m, err := newApp(Options{Roots: []catalog.Root{{Agent: catalog.AgentClaude, Dir: projects}}, Follow: new(false), Theme: "dark", Index: ix})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(m.(*app).stop)
	u := uitest.Start(t, m, 120, 40, colorprofile.TrueColor)
	x := &term{Term: u, t: t, tm: u.TM}
	x.waitFor("1 of 1")
	return x
}

// A hit names the nested entry that holds it, and enter opens the session
// focused on that entry, not on the first of the card's entries that
// holds the query: in the session's 15th card, a Task, useState is in
// its 14th nested entry's call and its 17th's file, two hits.
func TestContentSearchOpensTheNestedEntryTheHitNames(t *testing.T) {
	x := startSearchingSubagents(t)
	x.keys("ctrl+s")
	x.typeText("useState")
	s := x.waitFor("in the index of every session", "nested 14 of 83", "nested 17 of 83")
	row := -1
	for i, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "nested 17 of 83") {
			row = i
			break
		}
	}
	for range 100 {
		if l := strings.Split(x.screen(), "\n")[row]; strings.Contains(l, "▌") {
			break
		}
		x.keys("down")
	}
	x.waitUntil("the hit in the 17th nested entry chosen", func(s string) bool {
		return strings.Contains(strings.Split(s, "\n")[row], "▌")
	})
	x.keys("enter")
	x.waitFor("card 15 of 22", "nested 17 of 83", "match ", "useState")
	x.keys("ctrl+c")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}
