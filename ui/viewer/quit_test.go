package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
)

// blockDrawing makes every card's drawing wait until the test ends.
func blockDrawing(t *testing.T) {
	release := make(chan struct{})
	drawCard = func(e session.Entry, o cards.Options) []string {
		<-release
		return cards.Render(e, o)
	}
	t.Cleanup(func() {
		drawCard = cards.Render
		close(release)
	})
}

// q quits whatever is being drawn: a card that takes forever to draw is
// drawn off the update loop, a placeholder in its place, and the keys go on
// being read.
func TestQuitWhileACardIsBeingDrawn(t *testing.T) {
	blockDrawing(t)
	x := start(t, Options{Demo: true}, 100, 30)
	x.waitFor("drawing…", "card 1 of 29")
	x.keys("j", "]", "G") // moving about draws more cards, all blocked
	x.quit()
}

// A reply of megabytes shows its first rows at once, while the whole card
// (10,000 rows of Markdown) is drawn in the background.
func TestAHugeReplyShowsItsFirstRowsAtOnce(t *testing.T) {
	text := "FIRST " + strings.Repeat("lorem ipsum dolor sit amet ", 80000) // 2 MB
	path := filepath.Join(t.TempDir(), "session.jsonl")
	log := loggen.HostileHeader + `{"type":"assistant/message","seq":1,"time":1,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"` +
		text + `"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"x"}}}` + "\n"
	if err := os.WriteFile(path, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	blockDrawing(t)
	x := start(t, Options{Path: path, Follow: new(false)}, 100, 30)
	s := x.waitFor("FIRST lorem ipsum", "card 1 of")
	if strings.Contains(s, "drawing…") {
		t.Fatalf("a placeholder on screen:\n%s", s)
	}
	x.quit()
}
