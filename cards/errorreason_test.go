package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
)

// A failed result's data.error reason (format v4 on) is drawn under the
// card: the code alone does not say why.
func TestAFailuresReasonIsShown(t *testing.T) {
	c := &session.ToolCall{
		Name: "bash", Call: session.TerminalCallView{Title: "rm -rf build"},
		Result: &session.ToolResult{IsError: true, Error: &session.ToolError{Code: "EXIT_1", Reason: "the command exited with status 1"}},
		View:   session.TerminalResultView{},
	}
	if out := ansi.Strip(strings.Join(Render(c, Options{Width: 80}), "\n")); !strings.Contains(out, "the command exited with status 1") {
		t.Errorf("the reason is lost:\n%s", out)
	}
}
