package search

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session/cardtext"
	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
)

// A hit in a subagent's work says so on its row, after its turn and kind:
// the subagent's name (sanitised: its escape sequences and bidi controls
// never reach the screen) and the nested entry's place, as the viewer's
// status bar counts it; a hit in the card's own text says nothing of one.
func TestAHitInASubagentSaysSo(t *testing.T) {
	s := index.Session{Path: "/s/a.jsonl", Agent: "claude-code", Title: "the session", Mod: time.Unix(1796000000, 0)}
	p := New(theme.Dark(), nil, "", nil)
	p.width, p.height = 120, 20
	p.found.add(index.Hit{Session: s, Turn: 1, Kind: cardtext.KindOutput, Snippet: "own TOKEN", Match: [2]int{4, 9}})
	p.found.add(index.Hit{Session: s, Turn: 1, Kind: cardtext.KindOutput, Snippet: "nested TOKEN", Match: [2]int{7, 12},
		Nested: 2, NestedOf: 3, Subagent: "Task (Explore): find\x1b]0;pwned\x07 \u202ecallers"})
	out := p.View().Content
	for _, raw := range []string{"\x1b]0;", "\x07", "\u202e"} {
		if strings.Contains(out, raw) {
			t.Errorf("%q reached the screen:\n%q", raw, out)
		}
	}
	plain := ansi.Strip(out)
	own, nested := -1, -1
	for i, l := range strings.Split(plain, "\n") {
		switch {
		case strings.Contains(l, "own TOKEN"):
			own = i
			if strings.Contains(l, "↳") || strings.Contains(l, "nested") {
				t.Errorf("the card's own hit names a subagent: %q", l)
			}
		case strings.Contains(l, "nested TOKEN"):
			nested = i
			if !strings.Contains(l, "turn 1    output    ↳ Task (Explore): find ⟨RLO⟩callers · nested 2 of 3  nested TOKEN") {
				t.Errorf("the subagent's hit: %q", l)
			}
		}
	}
	if own < 0 || nested < 0 {
		t.Fatalf("the hits' rows:\n%s", plain)
	}
}
