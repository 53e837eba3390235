package viewer

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

// Scrolling sideways stops where the card's widest row ends at the right
// edge, its last column in view, and says so: the status bar's mark ends
// in "end", and → past it says there is nothing more.
func TestSidewaysStopsAtTheWidestRow(t *testing.T) {
	x := start(t, Options{Demo: true}, 80, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "]", "w") // the grep card: its widest row is 97 cells, the card 79
	x.waitFor("✓ Grep healthz", "Store: st, St›")
	x.counted()
	x.keys("right", "right")
	x.waitUntil("16 cells in, not yet the end", func(s string) bool {
		return strings.Contains(statusOf(s), "← col 17 ·") && !strings.Contains(statusOf(s), "end")
	})
	x.keys("right", "right", "right")
	s := x.waitFor("← col 19 · end")
	row := rowWith(s, "18 │ ")
	if !strings.HasSuffix(row, "Started: time.Now()})") || len([]rune(row)) != 80 {
		t.Errorf("at the end, the widest row reads %q (%d cells):\n%s", row, len([]rune(row)), s)
	}
	x.keys("right")
	s = x.waitFor("nothing more on the right", "← col 19 · end")
	if got := rowWith(s, "18 │ "); got != row {
		t.Errorf("→ at the end moved the row from %q to %q", row, got)
	}
	x.keys("left")
	x.waitFor("← col 11 ·")
	x.quit()
}

// → with the focused card uncut scrolls the card on screen that is cut,
// and the status bar names it; only when no card on screen has more does →
// say there is nothing more on the right. ← brings it back.
func TestSidewaysScrollsTheCardOnScreenThatIsCut(t *testing.T) {
	x := start(t, Options{Demo: true}, 80, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "w") // the todo card, uncut; the grep card below it is cut
	x.waitFor("▌✓ Update to-do list", "✓ Grep healthz", "Store: st, St›")
	x.counted()
	x.keys("right")
	s := x.waitFor("card 7 scrolled · ← col 9")
	if row := rowWith(s, "18 │ "); !strings.Contains(row, `18 │ ‹andle("/healthz"`) || !strings.Contains(statusOf(s), "card 6 of 29") {
		t.Errorf("→ did not scroll the grep card, the focus kept on the todo card: row 18 reads %q:\n%s", row, s)
	}
	x.keys("right", "right")
	x.waitFor("card 7 scrolled · ← col 19 · end")
	x.keys("right")
	s = x.waitFor("nothing more on the right")
	if row := rowWith(s, "18 │ "); !strings.HasSuffix(row, "Started: time.Now()})") {
		t.Errorf("→ with nothing more moved row 18 to %q", row)
	}
	x.keys("left")
	x.waitFor("card 7 scrolled · ← col 11")
	x.quit()
}

// counted waits until every card is counted in the layout on screen (the
// status bar shows a percentage), so each card's widest row is known.
func (x *term) counted() {
	x.t.Helper()
	x.waitUntil("every card counted", func(s string) bool { return aPercentage.MatchString(statusOf(s)) })
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
// unscrolled is shown unscrolled. A card scrolls no farther than its widest
// row's end: a match near it shows with the row's end at the right edge.
func TestNextMatchPastTheRightEdgeScrollsToIt(t *testing.T) {
	x := start(t, Options{Demo: true}, 80, 30)
	x.waitFor("card 1 of 29")
	x.keys("w")
	x.waitFor("long lines cut")
	x.counted()
	x.search("time.now()")
	x.keys("enter") // the first: past the right edge of the grep card's row 18
	s := x.waitFor(`18 │ ‹althz", &Health{ConfigPath: cfgPath, Store: st, Started: time.Now()})`, "← col 19 · end")
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
	x.waitFor(`17 + ‹t.TempDir(), "missing.yaml"), Store: okStore{}, Started: time.Now()}`, "← col 43 · end")
	x.keys("N", "esc")
	x.waitFor(`18 │ ‹althz", &Health{ConfigPath: cfgPath, Store: st, Started: time.Now()})`, "← col 19 · end")
	x.search("healthz")
	x.keys("enter") // the first at the focus: the grep card's title, which fits
	x.waitUntil("the grep card unscrolled", func(s string) bool {
		return strings.Contains(s, `18 │     mux.Handle("/healthz"`) && !strings.Contains(s, "← col")
	})
	x.quit()
}
