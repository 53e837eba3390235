package loggen

import (
	"os"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/source"
)

// The small-events log reads as it is meant to: its n events are entries or
// merges, no line a notice, each call with its exit status.
func TestSmallEventsReadWhole(t *testing.T) {
	path, err := SmallEvents(t.TempDir(), 1000)
	if err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(path)
	if lines := strings.Count(string(data), "\n"); lines < 1001 || lines > 1012 {
		t.Fatalf("%d lines", lines)
	}
	s, err := source.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(s.Notices()); n != 0 {
		t.Fatalf("%d notices: %q", n, s.Notices()[0].Text)
	}
	if !s.Account.Balanced() || s.Account.Lines < 1000 {
		t.Fatalf("%+v", s.Account)
	}
}
