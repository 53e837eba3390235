package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/cards"
)

const longClaude = testdata + "/corpus/claude-code/d-kimuson_claude-code-viewer__fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl"

// focusRow is the screen row where the focused card's first row on screen
// is, and that row's text; -1 when none of it is on screen.
func focusRow(screen string) (int, string) {
	for y, r := range strings.Split(screen, "\n") {
		if strings.HasPrefix(r, "▌") {
			return y, r
		}
	}
	return -1, ""
}

// resizeTo gives the program and its emulated terminal a new size.
func (x *term) resizeTo(w, h int) {
	x.Emulator(func(emu *vt.Emulator) { emu.Resize(w, h) })
	x.tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
}

// helpTitle is the help's first line: on screen, the help is open.
const helpTitle = "deck — keys"

// settled waits until the program has taken every message sent before it
// and drawn every card on screen, and the screen is ok. The program takes
// its messages in order, so the help, opened and closed again after them,
// says they were taken; no placeholder says the cards are drawn. (It
// clears the status bar's word for the last key: a test of that word
// waits for it instead.)
func (x *term) settled(what string, ok func(string) bool) string {
	x.t.Helper()
	x.keys("?")
	x.waitFor(helpTitle)
	x.keys("?")
	return x.waitUntil(what+", every card drawn", func(s string) bool {
		return !strings.Contains(s, helpTitle) && drawn(s) && ok(s)
	})
}

// anything is any screen: settled is then only the messages taken.
func anything(string) bool { return true }

// drawn says no card on screen is still being drawn.
func drawn(screen string) bool { return !strings.Contains(screen, "drawing…") }

// cardsIn is how many cards the log at path makes, read to its end.
func cardsIn(t *testing.T, path string) int {
	t.Helper()
	return len(readViewer(t, path).items)
}

// opened waits until a log of n cards is read whole and shown from the
// top: the status bar says so of the cards it shows.
func (x *term) opened(n int) string {
	x.t.Helper()
	first := fmt.Sprintf("card 1 of %d ", n)
	return x.waitUntil("the log read, "+first, func(s string) bool {
		st := statusOf(s)
		return strings.Contains(st, first) && !strings.Contains(st, "reading")
	})
}

var cardOf = regexp.MustCompile(`card (\d+) of (\d+)`)

// atLastCard says the status names the last card at 100%, the focused
// card on screen and every card drawn.
func atLastCard(s string) bool {
	m := cardOf.FindStringSubmatch(statusOf(s))
	y, _ := focusRow(s)
	return m != nil && m[1] == m[2] && strings.Contains(statusOf(s), "100%") && y >= 0 && drawn(s)
}

// G then a smaller window: the view stays at the bottom, the last card on
// screen, as a fresh G at that size shows it.
func TestResizeKeepsTheBottom(t *testing.T) {
	n := cardsIn(t, longClaude)
	x := start(t, Options{Path: longClaude, Follow: new(false)}, 120, 40)
	x.opened(n)
	x.keys("G")
	x.waitUntil("the last card at 100%", atLastCard)
	x.resizeTo(80, 24)
	got := x.settled("the last card at 100%", atLastCard)
	x.quit()

	y := start(t, Options{Path: longClaude, Follow: new(false)}, 80, 24)
	y.opened(n)
	y.keys("G")
	want := y.waitUntil("the last card at 100%", atLastCard)
	y.quit()
	if cardsOf(got) != cardsOf(want) {
		t.Fatalf("resized:\n%s\nfresh at 80×24:\n%s", got, want)
	}
}

// A resize mid-session: the focused card's header stays on its row, though
// every card above it is laid out again.
func TestResizeKeepsTheFocusedCard(t *testing.T) {
	x := start(t, Options{Path: longClaude, Follow: new(false)}, 120, 40)
	x.opened(cardsIn(t, longClaude))
	x.keys("4", "tab", "3", "j")
	before := x.settled("card 5 on screen", func(s string) bool {
		y, _ := focusRow(s)
		return y >= 0 && strings.Contains(statusOf(s), "card 5 of")
	})
	y0, row0 := focusRow(before)
	x.resizeTo(100, 40)
	after := x.settled("the focused card on screen", func(s string) bool {
		y, _ := focusRow(s)
		return y >= 0
	})
	y, row := focusRow(after)
	if y != y0 || strings.Fields(row)[1] != strings.Fields(row0)[1] || cardOf.FindString(statusOf(after)) != cardOf.FindString(statusOf(before)) {
		t.Fatalf("before, the focus at row %d:\n%s\nafter, at row %d:\n%s", y0, before, y, after)
	}
	x.quit()
}

// G then z: the last card stays on screen and the status names it.
func TestExpandAllAtTheBottomKeepsTheBottom(t *testing.T) {
	x := start(t, Options{Path: longClaude, Follow: new(false)}, 120, 40)
	x.opened(cardsIn(t, longClaude))
	x.keys("G")
	x.waitUntil("the last card at 100%", atLastCard)
	x.keys("z")
	x.waitUntil("all cards expanded, the last card at 100%", func(s string) bool {
		return strings.Contains(statusOf(s), "all cards expanded") && atLastCard(s)
	})
	x.quit()
}

// keepsFocus presses keys with the focused card's header mid-screen: the
// header stays on its row.
// The status bar's word for the key (flash) says the key was taken.
func keepsFocus(t *testing.T, o Options, cards, w, h int, setup []string, focused, press, flash string) {
	t.Helper()
	x := start(t, o, w, h)
	x.opened(cards)
	x.keys(setup...)
	before := x.settled(focused+" mid-screen", func(s string) bool {
		y, _ := focusRow(s)
		return y > 3 && strings.Contains(statusOf(s), focused)
	})
	y0, row0 := focusRow(before)
	card := cardOf.FindString(statusOf(before))
	x.keys(press)
	after := x.waitUntil(flash+" in the status bar", func(s string) bool {
		return strings.Contains(statusOf(s), flash) && drawn(s)
	})
	if y, row := focusRow(after); y != y0 || row != row0 || cardOf.FindString(statusOf(after)) != card {
		t.Fatalf("before %s, the focus at row %d (%s):\n%s\nafter, at row %d:\n%s", press, y0, card, before, y, after)
	}
	x.quit()
}

func TestExpandAllKeepsTheFocusedCard(t *testing.T) {
	keepsFocus(t, Options{Path: longClaude, Follow: new(false)}, cardsIn(t, longClaude), 100, 40, []string{"4", "tab"}, "card 5 of", "z", "all cards expanded")
}

// The demo's grep card has long lines: cut, they take fewer rows, and the
// card below it would move up.
func TestWrapKeepsTheFocusedCard(t *testing.T) {
	keepsFocus(t, Options{Demo: true}, 29, 60, 40, []string{"2", "]", "tab", "5", "k"}, "card 8 of", "w", "long lines cut")
}

// longCommandLog is the bash-tool-turn fixture with a command's output of
// 3,143 lines: one huge card among a few.
func longCommandLog(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(testdata + "/harness/bash-tool-turn/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for i := 1; i <= 3143; i++ {
		fmt.Fprintf(&out, "line %d\\n", i)
	}
	long := strings.Replace(string(data), `"text":"TERMINAL_OK\n"`, `"text":"`+out.String()+`"`, 1)
	path := filepath.Join(t.TempDir(), "session.jsonl")
	writeLog(t, path, []byte(long))
	return path
}

// The percentage counts rows, as less counts lines: the rows down to the
// screen's foot over every row at this width, collapsed cards as
// collapsed. On a card of 3,143 output lines among a few short ones it is
// exact at the top, in the middle of the long card and at the bottom
// (100%), at two widths and after a resize; the figures are worked out
// here from the drawn cards.
func TestThePercentageCountsRows(t *testing.T) {
	path := longCommandLog(t)
	n := cardsIn(t, path)
	want := rowShares(t, path, 100, 30)
	x := start(t, Options{Path: path, Follow: new(false)}, 100, 30)
	x.opened(n)
	x.waitFor(fmt.Sprintf("card 1 of %d · %d%% ·", n, want(false, 0)))
	x.keys("]")
	x.waitFor("line 3143") // collapsed: its last lines
	x.keys("enter")
	x.waitFor("│ line 12") // expanded: its first lines
	x.keys("g")
	x.waitFor(fmt.Sprintf("card 1 of %d · %d%% ·", n, want(true, 0)))
	x.keys("1", "5", "0", "0", "j") // the long card's middle at the top
	x.waitFor(fmt.Sprintf("· %d%% ·", want(true, 1500)), "│ line 1")
	x.keys("G")
	x.waitUntil("the last card at 100%", atLastCard)

	x.resizeTo(70, 30)
	want = rowShares(t, path, 70, 30)
	x.waitUntil("the last card at 100%", atLastCard)
	x.keys("g")
	x.waitFor(fmt.Sprintf("card 1 of %d · %d%% ·", n, want(true, 0)))
	x.keys("1", "5", "0", "0", "j")
	x.waitFor(fmt.Sprintf("· %d%% ·", want(true, 1500)))
	x.quit()
}

// rowShares says what the percentage is at w×h with the top of the screen
// at row top of the transcript, the long command's card expanded or not:
// the rows down to the screen's foot over all, from the cards as drawn.
func rowShares(t *testing.T, path string, w, h int) func(expanded bool, top int) int {
	t.Helper()
	v := readViewer(t, path)
	v.resize(w, h)
	return func(expanded bool, top int) int {
		total := 0
		for _, it := range v.items {
			v.expand[it.id] = it.tool && expanded
			total += len(cards.Render(it.e, v.options(it))) + 1
		}
		return (top + v.contentHeight()) * 100 / total
	}
}

// Reading inside a collapsed card, its header above the screen: enter
// expands it and the row being read stays at the top.
func TestExpandKeepsTheRowBeingRead(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.toTheDemosRead() // collapsed
	s := x.settled("card 11, collapsed", func(s string) bool {
		y, _ := focusRow(s)
		return y >= 0 && strings.Contains(statusOf(s), "card 11 of 29") && strings.Contains(s, "31 more lines")
	})
	y, _ := focusRow(s)
	x.keys(strconv.Itoa(y+1), "j") // its header just above the screen
	before := x.settled("the header above the screen", func(s string) bool {
		top := strings.Split(s, "\n")[0]
		return strings.HasPrefix(top, "▌") && strings.Contains(s, "31 more lines")
	})
	if strings.Contains(strings.Split(before, "\n")[0], "Read server/health.go") {
		t.Fatalf("the header still on screen:\n%s", before)
	}
	x.keys("enter")
	after := x.waitUntil("the read card expanded", func(s string) bool {
		return !strings.Contains(s, "31 more lines") && strings.Contains(statusOf(s), "card 11 of 29") && drawn(s)
	})
	if a, b := strings.Split(after, "\n")[0], strings.Split(before, "\n")[0]; a != b {
		t.Fatalf("before enter:\n%s\nafter:\n%s", before, after)
	}
	x.quit()
}

// toTheDemosRead focuses the demo's read card (its fourth tool call),
// collapsed, and scrolls it to the top of the screen, wherever the cards
// above it leave it.
func (x *term) toTheDemosRead() string {
	x.t.Helper()
	x.opened(29)
	x.keys("]", "]", "]", "]")
	s := x.settled("the read card focused", func(s string) bool { return strings.Contains(s, "▌✓ Read server/health.go") })
	y, _ := focusRow(s)
	for range y {
		x.keys("j")
	}
	return x.settled("the read card at the top", func(s string) bool {
		y, _ := focusRow(s)
		return y == 0 && strings.Contains(s, "▌✓ Read server/health.go")
	})
}

// A smaller window with the focused card low on the screen: the card stays
// focused and in view, though its row is past the new screen's foot.
func TestAShorterWindowKeepsTheFocusedCardInView(t *testing.T) {
	x := start(t, Options{Demo: true}, 120, 40)
	x.waitFor("card 1 of 29")
	x.keys("1", "2", "]")
	before := x.settled("card 24 low on the screen", func(s string) bool {
		y, _ := focusRow(s)
		return y > 20 && strings.Contains(statusOf(s), "card 24 of 29")
	})
	_, row0 := focusRow(before)
	x.resizeTo(60, 20)
	after := x.settled("the resized screen", func(s string) bool { return len(strings.Split(s, "\n")) <= 20 })
	y, row := focusRow(after)
	if y < 0 || !strings.Contains(statusOf(after), "card 24 of 29") || strings.Fields(row)[1] != strings.Fields(row0)[1] {
		t.Fatalf("before, card 24 focused:\n%s\nafter the resize, the focus at row %d:\n%s", before, y, after)
	}
	x.quit()
}
