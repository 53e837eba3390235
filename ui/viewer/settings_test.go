package viewer

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/ui/config"
)

// The config file's keys replace an action's defaults (the old key does
// nothing, the help shows the new one), its collapse figures shape the
// cards, and wrap = false starts with long lines cut.
func TestConfigureTheViewer(t *testing.T) {
	v := New(LogFeed(follow.Stream("empty", strings.NewReader(""))), nil, false)
	v.Configure(config.File{})
	if v.nowrap {
		t.Error("no wrap setting: lines wrap")
	}
	v.Configure(config.File{Wrap: new(false)})
	if !v.nowrap {
		t.Error("wrap = false: lines still wrap")
	}
}

func TestTheConfigFileShapesTheViewer(t *testing.T) {
	cfg := config.File{Wrap: new(false), Collapse: cards.Collapse{Read: 2},
		Keys: map[string][]string{"quit": {"x"}, "next_tool": {"n", "]"}, "next_match": {"ctrl+n"}}}
	x := start(t, Options{Demo: true, Config: cfg}, 100, 30)
	x.waitFor("card 1 of 29")
	x.keys("]", "]", "]", "]")
	x.waitFor("more lines · enter to expand")
	if s := x.screen(); strings.Contains(s, "31 more lines") {
		t.Errorf("read = 2 kept 12 lines:\n%s", s)
	}
	x.keys("?")
	x.waitFor("x", "quit", "n/]", "next tool call")
	x.keys("j")
	x.waitFor("card 11 of 29") // the help closed; ] moved to the fourth tool call
	x.keys("q", "g")           // q no longer quits: g still moves
	x.waitFor("card 1 of 29")
	x.keys("n") // next tool, as ] is
	x.waitUntil("n moved to a tool call", func(s string) bool { return !strings.Contains(s, "card 1 of 29") })
	x.keys("x")
	x.tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
}
