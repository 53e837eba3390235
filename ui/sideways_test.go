package ui

import (
	"regexp"
	"strings"
	"testing"
	"time"

	uv "github.com/charmbracelet/ultraviolet"
)

// With wrap off, a card scrolled sideways says where it is: the status bar
// names the first column in view, and each row cut on the left starts with
// a ‹ as each row cut on the right ends with a ›.
func TestSidewaysScrollSaysWhereItIs(t *testing.T) {
	x := start(t, Options{Demo: true}, 80, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "]", "w") // the grep card, its long line cut
	s := x.waitFor("✓ Grep healthz", "Store: st, St›")
	if row := rowWith(s, "18 │ "); !strings.HasSuffix(row, "›") || strings.Contains(row, "‹") || strings.Contains(s, "← col") {
		t.Errorf("unscrolled, the long row reads %q", row)
	}
	x.keys("right", "right")
	s = x.waitFor("← col 17")
	if row := rowWith(s, "18 │ "); !strings.Contains(row, `18 │ ‹healthz", &Health{`) {
		t.Errorf("scrolled 16 cells, the row reads %q:\n%s", row, s)
	}
	x.keys("left", "left")
	x.waitUntil("the card back at its first column", func(s string) bool {
		return !strings.Contains(s, "← col") && !strings.Contains(s, "‹")
	})
	x.quit()
}

// rowWith is the first row of the screen that holds text.
func rowWith(screen, text string) string {
	for _, row := range strings.Split(screen, "\n") {
		if strings.Contains(row, text) {
			return row
		}
	}
	return ""
}

// With wrap off, n to a match past the right edge of its row scrolls the
// card sideways to show it, drawn as the current match; a match that fits
// unscrolled is shown unscrolled.
func TestNextMatchPastTheRightEdgeScrollsToIt(t *testing.T) {
	x := start(t, Options{Demo: true}, 80, 30)
	x.waitFor("card 1 of 29")
	x.keys("w")
	x.search("time.now()")
	x.keys("enter") // the first: past the right edge of the grep card's row 18
	s := x.waitFor("18 │ ‹e: st, Started: time.Now()})", "← col 60")
	deadline := time.Now().Add(5 * time.Second)
	for {
		col, row := findCell(s, "time.Now()", 0)
		if x.cellAt(col, row).Style.Attrs&uv.AttrReverse != 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the match scrolled to is not drawn as the current one:\n%s", s)
		}
		time.Sleep(20 * time.Millisecond)
		s = x.screen()
	}
	x.waitUntil("the whole count", regexp.MustCompile(`(?m)match 1 of 2( |$)`).MatchString)
	x.keys("n") // the next: past the edge of a written test's row 17
	x.waitFor("17 + ‹re{}, Started: time.Now()}", "← col 85")
	x.keys("N", "esc")
	x.waitFor("18 │ ‹e: st, Started: time.Now()})", "← col 60")
	x.search("healthz")
	x.keys("enter") // the first at the focus: the grep card's title, which fits
	x.waitUntil("the grep card unscrolled", func(s string) bool {
		return strings.Contains(s, `18 │     mux.Handle("/healthz"`) && !strings.Contains(s, "← col")
	})
	x.quit()
}
