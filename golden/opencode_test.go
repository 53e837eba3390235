package golden

import (
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// openCodeStore is a real opencode store (testdata/opencode/README.md).
const openCodeStore = "testdata/opencode/stunning-memory-opencode.db"

// TestOpenCodeGolden pins opencode's session at 80 and 120 columns, plain
// and in colour, read as `deck PATH` reads the store (its newest session)
// and by its id; it reads without a notice, every call with its result.
func TestOpenCodeGolden(t *testing.T) {
	s := open(t, openCodeStore)
	byID := open(t, openCodeStore+"#ses_04ca851f7ffevKrKMHW3RsPK1U")
	if s.Format != session.FormatOpenCode || byID.Header.ID != s.Header.ID || len(byID.Entries) != len(s.Entries) {
		t.Fatalf("read as %q; by id %q", s.Format, byID.Header.ID)
	}
	if n := s.NoticeCount(); n != 0 {
		t.Errorf("%d notices: %v", n, s.Notices()[0].Text)
	}
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok && (c.Result == nil || c.View == nil) {
			t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
		}
	}
	for _, w := range []int{80, 120} {
		out := render(s, w, theme.Dark())
		t.Run(widthName(w, "plain"), func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
		t.Run(widthName(w, "dark"), func(t *testing.T) { golden.RequireEqual(t, out) })
	}
}

// Every tool the store's session calls is drawn as the card of its kind:
// a search, a read, a diff, a terminal; the question has no card of its
// own.
func TestOpenCodeToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{"glob": "search", "read": "read", "write": "diff", "bash": "terminal", "question": "generic"}
	seen := map[string]bool{}
	for _, e := range open(t, openCodeStore).Entries {
		c, ok := e.(*session.ToolCall)
		if !ok {
			continue
		}
		if card, known := want[c.Name]; !known || c.View == nil || c.View.Card() != card {
			t.Errorf("%s drawn as %v, want %s", c.Name, c.View, card)
		}
		seen[c.Name] = true
	}
	if len(seen) != len(want) {
		t.Errorf("calls of %v, want every one of %v", seen, want)
	}
}
