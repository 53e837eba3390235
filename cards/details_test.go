package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A result with details is drawn as them, not as its raw text: each item's
// title, id and state on a row, its labelled fields, its output; the
// summary among the header's facts. Their text is the log's: an escape in
// it never reaches the terminal.
func TestDetailsAreDrawnAsFieldsNotRawText(t *testing.T) {
	raw := "delivered SIGINT to foreground process group 12"
	call := &session.ToolCall{Name: "terminal_signal", Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: raw}}},
		Call: session.GenericCallView{Title: "Signal terminal · t1"},
		View: session.GenericResultView{Details: &session.Details{Summary: "t1 · Signal delivered", Items: []session.DetailItem{{
			Title: "t1", Subtitle: "dev", Badge: "Signal delivered",
			Fields: []session.DetailField{{Label: "Signal", Value: "SIG\x1b]0;pwned\aINT"}, {Label: "Process group", Value: "12"}},
			Code:   "^C\n$ ",
		}}}}}
	rows := Render(call, Options{Width: 100, Theme: theme.Dark()})
	for _, r := range rows { // the sanitiser removes an OSC whole
		if strings.Contains(r, "\x1b]") || strings.Contains(r, "\a") || strings.Contains(r, "pwned") {
			t.Fatalf("the log's OSC reached the terminal: %q", r)
		}
	}
	out := ansi.Strip(strings.Join(rows, "\n"))
	for _, want := range []string{"Signal terminal · t1 ", "t1 · Signal delivered\n", "t1 · dev · Signal delivered\n", "Signal: SIGINT\n", "Process group: 12\n", "^C\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	if strings.Contains(out, raw) {
		t.Errorf("the raw result is drawn beside its details:\n%s", out)
	}

	empty := *call
	empty.View = session.GenericResultView{Details: &session.Details{Summary: "0 terminals", Empty: "No results"}}
	if out := ansi.Strip(strings.Join(Render(&empty, Options{Width: 100, Theme: theme.Dark()}), "\n")); !strings.Contains(out, "No results") || strings.Contains(out, raw) {
		t.Errorf("want an empty list said, not the raw result:\n%s", out)
	}
}
