package ui

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
	x.mu.Lock()
	x.emu.Resize(w, h)
	x.mu.Unlock()
	x.tm.Send(tea.WindowSizeMsg{Width: w, Height: h})
}

// steady waits until the screen stops changing: every key typed is drawn.
func (x *term) steady() string {
	last := x.screen()
	for {
		time.Sleep(100 * time.Millisecond)
		s := x.screen()
		if s == last {
			return s
		}
		last = s
	}
}

var cardOf = regexp.MustCompile(`card (\d+) of (\d+)`)

// atLastCard waits until the status names the last card at 100%, and the
// focused card is on screen.
func (x *term) atLastCard() string {
	x.t.Helper()
	return x.waitUntil("the last card at 100%", func(s string) bool {
		m := cardOf.FindStringSubmatch(statusOf(s))
		y, _ := focusRow(s)
		return m != nil && m[1] == m[2] && strings.Contains(statusOf(s), "100%") && y >= 0 && !strings.Contains(s, "drawing…")
	})
}

// G then a smaller window: the view stays at the bottom, the last card on
// screen, as a fresh G at that size shows it.
func TestResizeKeepsTheBottom(t *testing.T) {
	off := false
	x := start(t, Options{Path: longClaude, Follow: &off}, 120, 40)
	x.waitFor("card 1 of")
	x.keys("G")
	x.atLastCard()
	x.resizeTo(80, 24)
	x.waitUntil("the status at 80 columns", func(s string) bool { return len(strings.Split(s, "\n")) == 24 })
	got := x.atLastCard()
	x.quit()

	y := start(t, Options{Path: longClaude, Follow: &off}, 80, 24)
	y.waitFor("card 1 of")
	y.keys("G")
	want := y.atLastCard()
	y.quit()
	if cardsOf(got) != cardsOf(want) {
		t.Fatalf("resized:\n%s\nfresh at 80×24:\n%s", got, want)
	}
}

// A resize mid-session: the focused card's header stays on its row, though
// every card above it is laid out again.
func TestResizeKeepsTheFocusedCard(t *testing.T) {
	off := false
	x := start(t, Options{Path: longClaude, Follow: &off}, 120, 40)
	x.waitFor("card 1 of")
	x.keys("tab", "tab", "tab", "tab", "j", "j", "j")
	before := x.steady()
	y0, row0 := focusRow(before)
	x.resizeTo(100, 40)
	x.waitUntil("the status drawn at 100 columns", func(s string) bool { // before, cut where the old one ran on
		return strings.HasSuffix(statusOf(s), "calls")
	})
	after := x.steady()
	y, row := focusRow(after)
	if y != y0 || strings.Fields(row)[1] != strings.Fields(row0)[1] || cardOf.FindString(statusOf(after)) != cardOf.FindString(statusOf(before)) {
		t.Fatalf("before, the focus at row %d:\n%s\nafter, at row %d:\n%s", y0, before, y, after)
	}
	x.quit()
}

// G then z: the last card stays on screen and the status names it.
func TestExpandAllAtTheBottomKeepsTheBottom(t *testing.T) {
	off := false
	x := start(t, Options{Path: longClaude, Follow: &off}, 120, 40)
	x.waitFor("card 1 of")
	x.keys("G")
	x.atLastCard()
	x.keys("z")
	x.waitFor("all cards expanded")
	x.atLastCard()
	x.quit()
}

// keepsFocus presses keys with the focused card's header mid-screen: the
// header stays on its row.
func keepsFocus(t *testing.T, o Options, w, h int, setup []string, focused, press, flash string) {
	t.Helper()
	x := start(t, o, w, h)
	x.waitFor("card 1 of")
	x.keys(setup...)
	x.waitUntil(focused+" mid-screen", func(s string) bool {
		y, _ := focusRow(s)
		return y > 3 && strings.Contains(statusOf(s), focused)
	})
	before := x.steady()
	y0, row0 := focusRow(before)
	card := cardOf.FindString(statusOf(before))
	x.keys(press)
	after := x.steady()
	if flash != "" {
		after = x.waitFor(flash)
	}
	if y, row := focusRow(after); y != y0 || row != row0 || cardOf.FindString(statusOf(after)) != card {
		t.Fatalf("before %s, the focus at row %d (%s):\n%s\nafter, at row %d:\n%s", press, y0, card, before, y, after)
	}
	x.quit()
}

func TestExpandAllKeepsTheFocusedCard(t *testing.T) {
	off := false
	keepsFocus(t, Options{Path: longClaude, Follow: &off}, 100, 40, []string{"tab", "tab", "tab", "tab"}, "card 5 of", "z", "all cards expanded")
}

// The demo's grep card has long lines: cut, they take fewer rows, and the
// card below it would move up.
func TestWrapKeepsTheFocusedCard(t *testing.T) {
	keepsFocus(t, Options{Demo: true}, 60, 40, []string{"]", "]", "tab", "j", "j", "j", "j", "j", "j"}, "card 8 of", "w", "long lines cut")
}

var percentOf = regexp.MustCompile(`(\d+)%`)

// The percentage counts the top card's rows: paging through a card of 3,143
// output lines moves it, where counting cards kept it where the card starts.
func TestThePercentageCountsRows(t *testing.T) {
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
	off := false
	x := start(t, Options{Path: path, Follow: &off}, 100, 30)
	x.waitFor("card 1 of")
	x.keys("]")
	x.waitFor("line 3143") // collapsed: its last lines
	x.keys("enter")
	x.waitFor("│ line 16")
	percent := func() int {
		m := percentOf.FindStringSubmatch(statusOf(x.steady()))
		if m == nil {
			t.Fatalf("no percentage in the status:\n%s", x.screen())
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	x.keys("g", "]")
	x.keys("space", "space", "space")
	first := percent()
	for range 30 {
		x.keys("space")
	}
	if second := percent(); second <= first {
		t.Fatalf("3 pages into the card: %d%%, 33 pages in: %d%%", first, second)
	}
	x.quit()
}

// Reading inside a collapsed card, its header above the screen: enter
// expands it and the row being read stays at the top.
func TestExpandKeepsTheRowBeingRead(t *testing.T) {
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "]", "]", "]") // the read card, collapsed
	x.waitFor("card 11 of 29", "31 more lines")
	var before string
	for range 40 {
		before = x.steady()
		if top := strings.Split(before, "\n")[0]; strings.HasPrefix(top, "▌") && !strings.Contains(top, "Read server/health.go") {
			break // the header just went above the screen
		}
		x.keys("j")
	}
	x.keys("enter")
	x.waitUntil("the read card expanded", func(s string) bool { return !strings.Contains(s, "31 more lines") })
	after := x.steady()
	if a, b := strings.Split(after, "\n")[0], strings.Split(before, "\n")[0]; a != b || !strings.Contains(statusOf(after), "card 11 of 29") {
		t.Fatalf("before enter:\n%s\nafter:\n%s", before, after)
	}
	x.quit()
}
