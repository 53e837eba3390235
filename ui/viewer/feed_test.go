package viewer

import (
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/follow"
)

// A stopped feed's waits end: a wait left blocked would keep the closed
// viewer's session in memory for as long as deck runs.
func TestAStoppedFeedsWaitsEnd(t *testing.T) {
	for name, f := range map[string]*Feed{
		"log":  LogFeed(follow.File("x", filepath.Join(t.TempDir(), "none.jsonl"), false)),
		"live": NewLiveSource(nil, "s1"),
	} {
		ended := make(chan tea.Msg, 2)
		for _, cmd := range []tea.Cmd{f.wait(), f.waitLive()} {
			if cmd != nil {
				go func() { ended <- cmd() }()
			}
		}
		f.stop()
		waits := 1
		if f.live != nil {
			waits = 2
		}
		for range waits {
			select {
			case msg := <-ended:
				if msg != nil {
					t.Fatalf("%s: a stopped feed's wait brought %T", name, msg)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%s: a wait outlived its feed", name)
			}
		}
	}
}
