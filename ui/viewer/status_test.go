package viewer

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/follow"
)

// A status bar too narrow for its facts keeps the answer to the key just
// pressed: it comes first, and the facts are cut after it.
func TestANarrowStatusBarKeepsTheFlash(t *testing.T) {
	v := readViewer(t, demoLog(t))
	v.resize(60, 30)
	press(v, "w")
	status := ansi.Strip(v.statusBar())
	if !strings.Contains(status, "long lines cut") || cards.Width(status) > 60 {
		t.Fatalf("at 60 columns the status bar reads %q", status)
	}
	v.resize(120, 30)
	if status := ansi.Strip(v.statusBar()); !strings.HasSuffix(status, "· long lines cut") {
		t.Fatalf("at 120 columns the status bar reads %q", status)
	}
}

// The status bar says what the cards on screen show: a log read to its end
// while the viewer still shows an earlier part says "reading" until the
// viewer takes the rest (a test waiting for the whole log then sees every
// card).
func TestTheStatusBarSaysWhatTheCardsShow(t *testing.T) {
	v := testViewer(demoLog(t), false)
	defer v.src.stop()
	for loading := true; loading; {
		v.src.with(func(st follow.State) { loading = st.Loading })
		time.Sleep(time.Millisecond) // the reader is not the program: nothing to wait on but its state
	}
	if status := ansi.Strip(v.statusBar()); !strings.Contains(status, "reading") || len(v.items) != 0 {
		t.Fatalf("%d cards taken, the status bar reads %q", len(v.items), status)
	}
	v.Update(changedMsg{})
	if status := ansi.Strip(v.statusBar()); strings.Contains(status, "reading") || !strings.Contains(status, "card 1 of 29 ") {
		t.Fatalf("the whole log taken, the status bar reads %q", status)
	}
}

// A search that found nothing says so once, whether the status bar says it
// of the search or as the answer to enter or n; so does a bad pattern.
func TestTheStatusBarSaysASearchMissedOnce(t *testing.T) {
	v := readViewer(t, promptsLog(t, "one fox", "two"))
	for _, c := range []struct{ query, says string }{
		{"zebra", "no matches"},
		{`\(`, "bad pattern: missing closing )"},
	} {
		press(v, "/")
		for _, r := range c.query {
			press(v, string(r))
		}
		for _, k := range []string{"enter", "n", "N"} {
			press(v, k)
			if status := ansi.Strip(v.statusBar()); strings.Count(status, c.says) != 1 {
				t.Fatalf("searching %q, after %s the status bar reads %q", c.query, k, status)
			}
		}
	}
}
