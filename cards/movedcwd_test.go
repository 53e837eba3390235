package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A call made after the log moved the session (working-directory/change)
// is titled from the folder it moved to, not the session's (its search
// text follows: TestSearchTextHoldsEveryDrawnWord reads the fixture).
func TestACallIsDrawnFromTheFolderItRanIn(t *testing.T) {
	read := func(cwd string) *session.ToolCall {
		return &session.ToolCall{Name: "read", Cwd: cwd, Result: &session.ToolResult{},
			View: session.ReadResultView{Path: "/w/pkg/api/h.go", TotalLines: 1, Lines: []session.ReadFileLine{{Number: 1, Text: "package api"}}}}
	}
	o := Options{Width: 80, Theme: theme.Dark(), Cwd: "/w"}
	for cwd, want := range map[string]string{"": "Read pkg/api/h.go", "/w/pkg/api": "Read h.go"} {
		if got := ansi.Strip(Render(read(cwd), o)[0]); !strings.HasPrefix(got, "✓ "+want+" ") {
			t.Errorf("in %q: %q, want %q", cwd, got, want)
		}
	}
}
