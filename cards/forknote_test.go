package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A log whose format number only forks wrote says so in its header card:
// the number, that a fork wrote it (not the harness), and whose when the
// log gave it away; a log in the harness's own formats says nothing.
func TestTheHeaderSaysAForksFormat(t *testing.T) {
	for name, c := range map[string]struct {
		h    session.Header
		want string
	}{
		"unrecognised": {session.Header{Version: 5, Fork: session.Fork{Known: []string{"a", "b", "c"}}},
			"format v5 is a fork's, not the harness's: a, b and c each wrote a v5 of their own, and nothing here says which; shown by what deck knows of its content"},
		"one known": {session.Header{Version: 7, Fork: session.Fork{Known: []string{"CoHarness"}}},
			"format v7 is a fork's, not the harness's: CoHarness is the one fork known to write a v7; shown by what deck knows of its content"},
		"recognised": {session.Header{Version: 5, Fork: session.Fork{Known: []string{"a", "TnzGit"}, Name: "TnzGit", Sign: "agent/degenerate-response events"}},
			"format v5 is a fork's, not the harness's: TnzGit's, by its agent/degenerate-response events; shown by what deck knows of its content"},
		"the harness's own": {session.Header{Version: 4}, ""},
	} {
		if got := ForkNote(c.h); got != c.want {
			t.Errorf("%s: %q, want %q", name, got, c.want)
		}
		s := &session.Session{Format: session.FormatHarness, Header: c.h}
		card := ansi.Strip(strings.Join(Header(s, Options{Width: 400, Theme: theme.Dark()}), "\n"))
		if c.want != "" && !strings.Contains(card, c.want) || c.want == "" && strings.Contains(card, "fork") {
			t.Errorf("%s: the header card:\n%s", name, card)
		}
	}
}
