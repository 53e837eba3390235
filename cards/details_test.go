package cards

import (
	"fmt"
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

// A long list is kept to its head while the card is collapsed, and said
// how much more there is; expanded, it is whole.
func TestACollapsedDetailsListKeepsItsHead(t *testing.T) {
	var items []session.DetailItem
	for i := range 20 {
		items = append(items, session.DetailItem{Title: fmt.Sprintf("pty-%d", i), Badge: "Running"})
	}
	call := &session.ToolCall{Name: "terminal_list", Result: &session.ToolResult{},
		Call: session.GenericCallView{Title: "List terminals"},
		View: session.GenericResultView{Details: &session.Details{Summary: "20 terminals", Items: items}}}
	out := ansi.Strip(strings.Join(Render(call, Options{Width: 80, Theme: theme.Dark()}), "\n"))
	if !strings.Contains(out, "pty-11 · Running") || strings.Contains(out, "pty-12 ") || !strings.Contains(out, "… 8 more items") {
		t.Errorf("want the first 12 items and a note of 8 more:\n%s", out)
	}
	out = ansi.Strip(strings.Join(Render(call, Options{Width: 80, Theme: theme.Dark(), Expanded: true}), "\n"))
	if !strings.Contains(out, "pty-19 · Running") || strings.Contains(out, "more items") {
		t.Errorf("want every item expanded:\n%s", out)
	}
}

// A record's nested fields are drawn under the item titled with their
// label, two cells deeper a level; an item's listed lines keep their own
// indent; the list's caption follows its items. Their text is sanitised
// as every detail's is.
func TestNestedDetailsAreIndentedUnderTheirLabel(t *testing.T) {
	call := &session.ToolCall{Name: "team_task_list", Result: &session.ToolResult{},
		Call: session.GenericCallView{Title: "List team tasks"},
		View: session.GenericResultView{Details: &session.Details{Summary: "1 team tasks", Caption: "More tasks available; next cursor is 3", Items: []session.DetailItem{
			{Title: "Review", Badge: "Pending"},
			{Title: "Dependencies", Depth: 1},
			{Description: "task-\x1b]0;pwned\a0", Depth: 2},
			{Title: "Descendant sessions", Lines: []string{"s2 — Child", "  s3 — Grandchild"}},
		}}}}
	rows := Render(call, Options{Width: 80, Theme: theme.Dark(), Expanded: true})
	out := ansi.Strip(strings.Join(rows, "\n"))
	for _, want := range []string{"\n  Review · Pending\n", "\n    Dependencies\n", "\n      task-0\n", "\n  s2 — Child\n    s3 — Grandchild\n", "\n  More tasks available; next cursor is 3"} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
	if strings.Contains(strings.Join(rows, ""), "pwned") {
		t.Errorf("the log's OSC reached the terminal:\n%s", out)
	}
}

// The raw result of a listed tool deck could not read is led by the note
// that says so.
func TestAnUnreadResultIsLedByItsNote(t *testing.T) {
	call := &session.ToolCall{Name: "get_goal", Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "not-json"}}},
		Call: session.GenericCallView{Title: "View goal"},
		View: session.GenericResultView{DetailsNote: "Not in the shape this tool prints: shown as recorded"}}
	out := ansi.Strip(strings.Join(Render(call, Options{Width: 80, Theme: theme.Dark()}), "\n"))
	if !strings.Contains(out, "Not in the shape this tool prints: shown as recorded\n  not-json") {
		t.Errorf("want the note, then the raw result:\n%s", out)
	}
}
