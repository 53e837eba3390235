package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
)

// A finished generic call keeps its raw input one keypress away: expanded,
// the run_code program shows under the title; collapsed, the card is its
// result alone.
func TestAFinishedGenericCallKeepsItsInputExpanded(t *testing.T) {
	c := &session.ToolCall{
		Name:   "run_code",
		Call:   session.GenericCallView{Title: "Count the files", RawInput: "return 12"},
		Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "12"}}},
		View:   session.GenericResultView{},
	}
	draw := func(expanded bool) string {
		return ansi.Strip(strings.Join(Render(c, Options{Width: 80, Expanded: expanded}), "\n"))
	}
	if out := draw(true); !strings.Contains(out, "→ return 12") {
		t.Errorf("expanded, the program is lost:\n%s", out)
	}
	if out := draw(false); strings.Contains(out, "return 12") {
		t.Errorf("collapsed, the program shows:\n%s", out)
	}
}
