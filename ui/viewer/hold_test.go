package viewer

import (
	"path/filepath"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/demo"
)

// These tests drive the viewer's Update by hand, so a card drawn late is
// late by the test's word, not the machine's load.

// readViewer is a viewer of the log at path read to its end, at 120×40.
func readViewer(t *testing.T, path string) *Viewer {
	t.Helper()
	v := testViewer(path, false)
	t.Cleanup(v.src.stop)
	v.resize(120, 40)
	settleView(t, v, -1, 0, 3)
	return v
}

// press gives the viewer keys, each drawn to the end.
func press(v *Viewer, keys ...string) {
	for _, k := range keys {
		_, cmd := v.Update(keyMsg(k))
		drain(v, cmd)
	}
}

// drain runs the commands an update returned, and those of the messages
// they bring back, until none is left: every late drawing is taken.
func drain(v *Viewer, cmd tea.Cmd) {
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			queue = append(queue, msg...)
		default:
			_, next := v.Update(msg)
			queue = append(queue, next)
		}
	}
}

// drawLate makes every drawing wait until the returned func is called:
// past the update's budget, each card on screen is a placeholder.
func drawLate(t *testing.T) (release func()) {
	wait, release := gate(t, func() { drawCard = cards.Render })
	drawCard = func(e session.Entry, o cards.Options) []string {
		wait()
		return cards.Render(e, o)
	}
	return release
}

// gate holds whatever calls wait until release is called (at the test's
// end at the latest, when restore puts back what the test replaced).
func gate(t *testing.T, restore func()) (wait, release func()) {
	ch := make(chan struct{})
	var once sync.Once
	release = func() { once.Do(func() { close(ch) }) }
	t.Cleanup(func() {
		release()
		restore()
	})
	return func() { <-ch }, release
}

// focusAt is the screen row of the focused card's first row on screen,
// and which of its rows that is; -1 when it is not on screen.
func focusAt(v *Viewer) (y, row int) {
	for y, p := range v.screen {
		if p.idx == v.focus {
			return y, p.row
		}
	}
	return -1, -1
}

// A resize while the cards are slow to draw: the place is kept on the
// placeholders' rows, then put right as each card is drawn, so the focused
// card's header ends on its row.
func TestAResizeKeepsTheFocusedCardThoughItsCardsAreDrawnLate(t *testing.T) {
	v := readViewer(t, longClaude)
	press(v, "tab", "tab", "tab", "tab")
	y0, row0 := focusAt(v)
	if y0 < 3 || row0 != 0 {
		t.Fatalf("the focused card's header at row %d (its row %d), not mid-screen", y0, row0)
	}
	release := drawLate(t)
	_, cmd := v.Update(tea.WindowSizeMsg{Width: 100, Height: 40})
	release()
	drain(v, cmd)
	if y, row := focusAt(v); y != y0 || row != 0 {
		t.Fatalf("the focused card's header was at row %d; after the resize its row %d is at row %d", y0, row, y)
	}
}

// G, then a resize while the cards are slow to draw: the view ends at the
// bottom, the last card focused.
func TestAResizeAtTheBottomStaysThereThoughItsCardsAreDrawnLate(t *testing.T) {
	v := readViewer(t, longClaude)
	press(v, "G")
	release := drawLate(t)
	_, cmd := v.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	release()
	drain(v, cmd)
	if !v.atBottom() || v.focus != len(v.items)-1 {
		t.Fatalf("after the resize: at the bottom %v, card %d of %d focused", v.atBottom(), v.focus+1, len(v.items))
	}
}

// An expand while the card is slow to draw: the row being read stays at
// the top once the card is drawn, not its header (the placeholder's one
// row had no row being read).
func TestAnExpandKeepsTheRowBeingReadThoughTheCardIsDrawnLate(t *testing.T) {
	v := readViewer(t, demoLog(t))
	press(v, "]", "]", "]", "]") // the read card, collapsed
	for v.top.idx != v.focus {
		press(v, "j")
	}
	press(v, "j", "j")
	at := v.top
	release := drawLate(t)
	_, cmd := v.Update(keyMsg("enter"))
	release()
	drain(v, cmd)
	if !v.expanded(v.items[v.focus]) || v.top != at {
		t.Fatalf("expanded %v, the top at %+v; it was at %+v", v.expanded(v.items[v.focus]), v.top, at)
	}
}

// T at the bottom: the time column narrows every card, and the view stays
// at the bottom.
func TestTimesAtTheBottomStayThere(t *testing.T) {
	v := readViewer(t, longClaude)
	v.resize(80, 30)
	press(v, "G", "T")
	if !v.atBottom() || v.focus != len(v.items)-1 {
		t.Fatalf("after T: at the bottom %v, card %d of %d focused", v.atBottom(), v.focus+1, len(v.items))
	}
}

// demoLog writes the demo session's log to a file and returns its path.
func demoLog(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "session.jsonl")
	writeLog(t, path, demo.Log())
	return path
}

// ] while the cards are slow to draw, none drawn yet: the call it goes to
// ends on screen, though the placeholders above it took a row each when it
// was shown.
func TestAStepShowsItsCardThoughTheCardsAreDrawnLate(t *testing.T) {
	v := readViewer(t, demoLog(t))
	press(v, "4")
	v.cache = newRenderCache(cacheBytes) // as when the log was just read
	release := drawLate(t)
	_, cmd := v.Update(keyMsg("]"))
	release()
	drain(v, cmd)
	if y, row := focusAt(v); y < 0 || row != 0 || v.focus != 10 {
		t.Fatalf("card %d focused, its row %d at screen row %d", v.focus+1, row, y)
	}
}

// The same while the log's last change comes in (a log still being read):
// a sync is no move, and the place stays held until the cards are drawn.
func TestAStepShowsItsCardThoughTheLogChangesWhileItsCardsAreDrawnLate(t *testing.T) {
	v := readViewer(t, demoLog(t))
	press(v, "4")
	v.cache = newRenderCache(cacheBytes) // as when the log was just read
	release := drawLate(t)
	_, cmd := v.Update(keyMsg("]"))
	v.Update(changedMsg{})
	release()
	drain(v, cmd)
	if y, row := focusAt(v); y < 0 || row != 0 || v.focus != 10 {
		t.Fatalf("card %d focused, its row %d at screen row %d", v.focus+1, row, y)
	}
}
