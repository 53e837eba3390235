package search

import (
	"github.com/deck-tui/deck/session/cardtext"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/index"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

// A hostile log's title, agent and snippet (a screen clear, a clipboard
// write, a right-to-left override) reach the screen as visible marks,
// never as what they would do; the match stays highlighted.
func TestHitsOfAHostileLogAreSanitised(t *testing.T) {
	snippet := "run \x1b[2J\x1b]52;c;cm0gLXJmIH4=\x07 the\u202e TOKEN here"
	at := strings.Index(snippet, "TOKEN")
	h := index.Hit{
		Session: index.Session{Path: "/s/a.jsonl", Agent: "deepseek-harness\x1b[31m", Title: "fix\x1b]0;pwned\x07 the\u202e build", Mod: time.Unix(1796000000, 0)},
		Turn:    2, Kind: cardtext.Kind(0), Snippet: snippet, Match: [2]int{at, at + len("TOKEN")},
	}
	p := New(theme.Dark(), nil, "", nil)
	p.width, p.height = 120, 20
	p.found.add(h)
	out := p.View().Content
	for _, raw := range []string{"\x1b[2J", "\x1b]52", "\x1b]0;", "\u202e", "\x07", "\x1b[31m"} {
		if strings.Contains(out, raw) {
			t.Errorf("%q reached the screen:\n%q", raw, out)
		}
	}
	if !strings.Contains(out, "⟨RLO⟩") || !strings.Contains(out, theme.Dark().Match.Render("TOKEN")) {
		t.Errorf("the marks or the highlighted match are missing:\n%q", out)
	}
}

// A hit whose drawing panics is a notice in its row; the rest draws.
func TestAPanicDrawingAHitIsContained(t *testing.T) {
	was := kit.DrawFault
	kit.DrawFault = func(part string) {
		if part == "search hit" {
			panic("a test's fault")
		}
	}
	t.Cleanup(func() { kit.DrawFault = was })
	p := New(theme.Dark(), nil, "", nil)
	p.width, p.height = 100, 20
	p.found.add(index.Hit{Session: index.Session{Path: "/s", Title: "the session"}, Snippet: "a TOKEN", Match: [2]int{2, 7}})
	out := p.View().Content
	if !strings.Contains(out, "deck could not draw the search hit") || !strings.Contains(out, "the session") {
		t.Fatalf("%q", out)
	}
}
