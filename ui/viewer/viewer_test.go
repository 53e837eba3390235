package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/vt"
)

// Paging, jumping between tool cards and errors, expanding, searching,
// wrapping and resizing, as a person would.
func TestMovingThroughASession(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.toTheDemosRead() // todo, grep, glob, read
	// the percentage says every card is counted
	s := x.waitFor("✓ Read server/health.go", "… 31 more lines · enter to expand", "card 11 of 29 · 31%")
	golden.RequireEqual(t, s)

	x.keys("enter")
	x.waitUntil("the read card expanded", func(s string) bool {
		return strings.Contains(s, "24 │ type healthReport struct {") && !strings.Contains(s, "31 more lines")
	})

	x.keys("e") // the next error: the failing test run, focused at the top
	x.waitFor("▌✗ $ go test ./...", "card 15 of 29")
	x.keys("e")
	x.waitFor("▌✗ Read server/health_test.go", "FS_NOT_FOUND", "card 18 of 29")
	x.keys("E", "E") // back to the test run; before it there is no error
	x.waitFor("▌✗ $ go test ./...", "card 15 of 29", "no more errors above")

	x.keys("G")
	x.waitFor("turn 1 done · 12 steps", "100%")
	x.keys("g")
	x.waitFor("card 1 of 29", "turn 1 · 10:14:03")
	x.keys("space")
	x.waitUntil("a page down", func(s string) bool { return !strings.Contains(s, "turn 1 · 10:14:03") })

	x.keys("/")
	x.typeText("healthz")
	x.waitFor("/healthz")
	x.keys("enter") // the first match at or after the focused card
	first, total := x.match()
	if total < 10 {
		t.Fatalf("%d matches of healthz in the demo", total)
	}
	x.keys("n")
	x.waitFor(fmt.Sprintf("match %d of %d", first%total+1, total))
	x.keys("N", "N")
	x.waitFor(fmt.Sprintf("match %d of %d", (first-2+total)%total+1, total))
	x.keys("esc")
	x.waitUntil("the search cleared", func(s string) bool { return !strings.Contains(s, "match ") })

	x.keys("g", "]", "]") // the grep card: its long line wraps, and is cut when not wrapping
	x.waitFor("    mux.Handle(\"/healthz\", &Health{ConfigPath: cfgPath, Store: st, Started:")
	x.keys("w")
	x.waitFor("›")
	x.keys("right")
	x.waitFor("ConfigPath: cfgPath")

	x.tm.Send(tea.WindowSizeMsg{Width: 60, Height: 20})
	x.Emulator(func(emu *vt.Emulator) { emu.Resize(60, 20) })
	x.waitFor("✓ Grep healthz")
	x.quit()
}

// The help overlay lists the keys and any key closes it.
func TestHelpOverlay(t *testing.T) {
	x := start(t, Options{Demo: true}, 120, 30)
	x.waitFor("card 1 of 29")
	x.keys("?")
	s := x.waitFor("deck — keys", "next tool call", "copy card text", "follow the log", "card 1 of 29 · 12%")
	golden.RequireEqual(t, s)
	x.keys("j")
	x.waitFor("card 1 of 29")
	x.quit()
}

// A click on a card's header expands it; the wheel scrolls.
func TestMouse(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.toTheDemosRead()
	x.waitFor("… 31 more lines · enter to expand")
	x.tm.Send(tea.MouseClickMsg{X: 3, Y: 0, Button: tea.MouseLeft})
	x.waitUntil("the click expanded the card", func(s string) bool { return !strings.Contains(s, "31 more lines") })
	x.tm.Send(tea.MouseWheelMsg{X: 3, Y: 5, Button: tea.MouseWheelDown})
	x.waitUntil("the wheel scrolled", func(s string) bool { return !strings.Contains(s, "✓ Read server/health.go") })
	x.quit()
}

var matchRE = regexp.MustCompile(`(?m)card \d+ of \d+ .*match (\d+) of (\d+)(?: |$)`)

// match reads "match N of M" off the status bar (not the search prompt,
// which shows the count as it is typed), once the count is whole (no "…").
func (x *term) match() (n, of int) {
	x.t.Helper()
	s := x.waitUntil("a match in the status bar", matchRE.MatchString)
	m := matchRE.FindStringSubmatch(s)
	n, _ = strconv.Atoi(m[1])
	of, _ = strconv.Atoi(m[2])
	return n, of
}

// y copies the focused card's text (not its decoration) with OSC 52; o opens
// its file in $EDITOR at its line and comes back.
func TestCopyAndOpen(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "editor-args")
	editor := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\necho \"$@\" > "+record+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", editor)
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "]", "]", "]", "y")
	x.waitFor("sent to the clipboard: 43 lines")
	x.keys("o")
	deadline := time.Now().Add(5 * time.Second)
	for {
		got, _ := os.ReadFile(record)
		if strings.TrimSpace(string(got)) == "+1 /home/dev/src/tinyhttp/server/health.go" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the editor got %q", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	x.waitFor("✓ Read server/health.go")
	x.quit()
}
