package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A call the harness closed after the fact says what is known of it: its
// state (no error code, no duration: the closer's time is not its end),
// why, and what the harness told the model in its place, dim; never the
// harness's words as the command's output.
func TestARecoveredCallSaysWhatIsKnown(t *testing.T) {
	th := theme.Dark()
	call := func(code string, forked bool) *session.ToolCall {
		return &session.ToolCall{Name: "bash", StartTime: 100, EndTime: 100, Call: session.TerminalCallView{Title: "npm run migrate"},
			View:   session.TerminalResultView{Output: "The call was interrupted."},
			Result: &session.ToolResult{IsError: true, Forked: forked, Error: &session.ToolError{Code: code}, Content: []session.ContentBlock{{Type: "text", Text: "The call was interrupted."}}}}
	}
	for name, c := range map[string]struct {
		call       *session.ToolCall
		mark, want string
	}{
		"outcome unknown":         {call(session.ToolOutcomeUnknown, false), "?", "the harness stopped while it ran, kept no result, and closed it when it resumed"},
		"not started":             {call(session.ToolNotStarted, false), "○", "the harness stopped before it ran, and closed it when it resumed"},
		"outcome unknown, forked": {call(session.ToolOutcomeUnknown, true), "?", "this fork's history ends while it ran: the parent may have finished it after the fork"},
		"not started, forked":     {call(session.ToolNotStarted, true), "○", "this fork's history has no start of it: the parent may have run it after the fork"},
	} {
		rows := Render(c.call, Options{Width: 120, Theme: th})
		card := ansi.Strip(strings.Join(rows, "\n"))
		if !strings.HasPrefix(card, c.mark+" $ npm run migrate") || !strings.Contains(rows[0], name[:strings.Index(name+",", ",")]) {
			t.Errorf("%s: header %q", name, ansi.Strip(rows[0]))
		}
		if !strings.Contains(card, c.want) || !strings.Contains(card, "The call was interrupted.") {
			t.Errorf("%s: the card does not say why:\n%s", name, card)
		}
		for _, bad := range []string{"0ms", "TOOL_", "exit"} {
			if strings.Contains(card, bad) {
				t.Errorf("%s: the card says %q:\n%s", name, bad, card)
			}
		}
		if strings.Contains(rows[0], th.Error.Render("outcome unknown")) || strings.Contains(rows[0], th.MarkFailed.Render(c.mark)) {
			t.Errorf("%s: drawn as an error: %q", name, rows[0])
		}
	}
}
