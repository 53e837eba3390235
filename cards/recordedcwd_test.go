package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A finished command says it ran where its result recorded (the 0.2
// harness's meta.cwd), not where its arguments and the session would put
// it; with no record, where they put it.
func TestACommandSaysWhereItsResultRecordedItRan(t *testing.T) {
	exit := 0
	call := func(recorded string) *session.ToolCall {
		return &session.ToolCall{Name: "bash", Result: &session.ToolResult{},
			Call: session.TerminalCallView{Title: "go test", Description: "Run the tests", Cwd: "pkg"},
			View: session.TerminalResultView{Output: "ok", ExitCode: &exit, Cwd: recorded}}
	}
	o := Options{Width: 80, Theme: theme.Dark(), Cwd: "/w"}
	for recorded, want := range map[string]string{"": "in /w/pkg", "/w/pkg/api": "in /w/pkg/api"} {
		rows := ansi.Strip(strings.Join(Render(call(recorded), o), "\n"))
		if !strings.Contains(rows, "Run the tests · "+want+"\n") {
			t.Errorf("recorded %q: want %q in\n%s", recorded, want, rows)
		}
	}
}
