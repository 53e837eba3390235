package viewer

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// stop is a place ] or e stops at: card idx, or its nested entry k (-1:
// the card itself).
type stop struct{ idx, k int }

// at is where the viewer's focus is.
func at(v *Viewer) stop { return stop{v.focus, v.nestedAt()} }

// failedNested are the failed entries nested in the cards, at any depth,
// in the order their cards draw them.
func failedNested(v *Viewer) []stop {
	var out []stop
	for i, it := range v.items {
		c, ok := it.e.(*session.ToolCall)
		if !ok {
			continue
		}
		k := 0
		var walk func([]session.Entry)
		walk = func(es []session.Entry) {
			for _, e := range es {
				if n, ok := e.(*session.ToolCall); ok {
					if n.Status() == session.CallFailed {
						out = append(out, stop{i, k})
					}
					k++
					walk(n.Nested)
					continue
				}
				k++
			}
		}
		walk(c.Nested)
	}
	return out
}

// The status bar counts a subagent's calls and errors as nested, apart
// from the session's own: this Claude Code log's five Task cards hold 140
// calls, 23 of them failed, and the session's own 8 calls none.
func TestTheStatusBarCountsNestedCalls(t *testing.T) {
	v := readViewer(t, longClaude)
	if got := ansi.Strip(v.statusBar()); !strings.Contains(got, "· 8 calls (+140 nested) · 0 errors (+23 nested)") {
		t.Errorf("status bar: %q", got)
	}
}

// The outline counts a turn's nested calls and errors as the status bar
// does.
func TestTheOutlineCountsNestedCalls(t *testing.T) {
	v := readViewer(t, longClaude)
	turns := v.turns()
	if len(turns) != 2 {
		t.Fatalf("%d turns", len(turns))
	}
	o := v.options(v.items[0])
	for i, want := range []string{"7 calls (+140 nested) · 0 errors (+23 nested)", "1 call   "} {
		if got := ansi.Strip(turns[i].row(o, outlineColumns(turns))); !strings.Contains(got, want) {
			t.Errorf("turn %d: %q, want %q in it", i+1, got, want)
		}
	}
}

// e steps into a subagent's work: each failed call nested in a Task card
// in turn, its card focused and opened, the nested card's header on screen
// and the status bar saying which nested entry it is; E steps back. tab
// leaves the nested card, and the card come back to (by shift+tab, or G
// and 9G) is the card, not the nested entry once stepped to.
func TestErrorsStepIntoNestedCards(t *testing.T) {
	v := readViewer(t, longClaude)
	want := failedNested(v)
	if len(want) != 23 {
		t.Fatalf("%d failed nested calls, want the log's 23", len(want))
	}
	for n, w := range want {
		press(v, "e")
		if at(v) != w {
			t.Fatalf("e #%d: at %+v, want %+v", n+1, at(v), w)
		}
		if !v.expanded(v.items[w.idx]) {
			t.Fatalf("e #%d: the Task card is not opened", n+1)
		}
		starts := v.starts.rows
		shown := false
		for _, p := range v.screen {
			shown = shown || p == pos{w.idx, starts[w.k]}
		}
		if row := ansi.Strip(v.rows(w.idx)[starts[w.k]]); !shown || !strings.Contains(row, "│ ✗ ") {
			t.Fatalf("e #%d: the nested card's header (on screen: %v) is %q", n+1, shown, row)
		}
		if st := ansi.Strip(v.statusBar()); !strings.Contains(st, "nested ") {
			t.Fatalf("e #%d: the status bar does not say the nested entry: %q", n+1, st)
		}
	}
	press(v, "e")
	if !strings.Contains(v.flash, "no more errors below") || at(v) != want[len(want)-1] {
		t.Fatalf("past the last error: %q, at %+v", v.flash, at(v))
	}
	press(v, "E")
	if at(v) != want[len(want)-2] {
		t.Fatalf("E: at %+v, want %+v", at(v), want[len(want)-2])
	}
	card := v.focus
	press(v, "tab")
	if v.nestedAt() != -1 || v.focus != card+1 {
		t.Fatalf("tab from a nested card: at %+v", at(v))
	}
	press(v, "shift+tab")
	if at(v) != (stop{card, -1}) {
		t.Fatalf("back to the Task card: at %+v, want the card itself", at(v))
	}
	press(v, "e", "G")
	press(v, strings.Split(strconv.Itoa(card+1), "")...)
	press(v, "G")
	if at(v) != (stop{card, -1}) {
		t.Fatalf("G, then %dG: at %+v, want the card itself", card+1, at(v))
	}
}

// ] visits every call, the session's own and those nested in its calls,
// in the order they are drawn, and [ comes back the same way.
func TestToolCallsStepThroughNestedCalls(t *testing.T) {
	v := readViewer(t, longClaude)
	var seen []stop
	for range 200 {
		press(v, "]")
		if strings.Contains(v.flash, "no more tool calls below") {
			break
		}
		s := at(v)
		if n := len(seen); n > 0 && (s.idx < seen[n-1].idx || s.idx == seen[n-1].idx && s.k <= seen[n-1].k) {
			t.Fatalf("] went from %+v back to %+v", seen[n-1], s)
		}
		seen = append(seen, s)
	}
	if len(seen) != 8+140 { // the first card is the prompt: every call is after it
		t.Fatalf("] stopped at %d calls, want the session's 8 and the 140 nested", len(seen))
	}
	for _, s := range seen {
		it := v.items[s.idx]
		if s.k >= 0 {
			it = it.nested[s.k]
		}
		if _, ok := it.e.(*session.ToolCall); !ok {
			t.Fatalf("] stopped at %+v, a %T", s, it.e)
		}
	}
	for i := len(seen) - 2; i >= 0; i-- {
		press(v, "[")
		if at(v) != seen[i] {
			t.Fatalf("[ went to %+v, want %+v", at(v), seen[i])
		}
	}
}

// e into a Task card while the cards are slow to draw: the nested card's
// header is brought on screen once its card is drawn, not left where the
// placeholder's one row put the view.
func TestStepIntoANestedCardDrawnLate(t *testing.T) {
	v := readViewer(t, longClaude)
	want := failedNested(v)[0]
	release := drawLate(t)
	_, cmd := v.Update(keyMsg("e"))
	release()
	drain(v, cmd)
	if at(v) != want {
		t.Fatalf("e: at %+v, want %+v", at(v), want)
	}
	target := pos{want.idx, v.starts.rows[want.k]}
	for _, p := range v.screen {
		if p == target {
			return
		}
	}
	t.Fatalf("the nested card's header (%+v) is not on screen: the top is %+v", target, v.top)
}

// nestedHeaderY is the screen row of the header of the nested card the
// focus is on; -1 when it is not on screen.
func nestedHeaderY(v *Viewer) int {
	row, ok := v.nestedStart()
	if !ok {
		return -1
	}
	for y, p := range v.screen {
		if p == (pos{v.focus, row}) {
			return y
		}
	}
	return -1
}

// A resize with the focus on a nested card: that card's header stays on
// its row (on a shorter screen, at the same share of it), not the Task
// card's row being read, which the rows above the nested card, laid out
// again, move it away from.
func TestAResizeKeepsTheNestedCardSteppedTo(t *testing.T) {
	v := readViewer(t, longClaude)
	press(v, "e", "e")
	y0 := nestedHeaderY(v)
	if y0 <= 0 {
		t.Fatalf("the nested card's header at row %d, not mid-screen", y0)
	}
	k := at(v)
	for _, size := range [][2]int{{100, 40}, {60, 20}, {120, 40}} {
		was := v.contentHeight()
		_, cmd := v.Update(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		drain(v, cmd)
		want := y0 * min(v.contentHeight(), was) / was
		if y := nestedHeaderY(v); at(v) != k || y != want {
			t.Fatalf("at %d×%d: at %+v, the nested card's header at row %d; want %+v at row %d", size[0], size[1], at(v), y, k, want)
		}
		y0 = want
	}
}
