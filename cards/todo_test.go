package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A todo_write that finished well is drawn as the web client's todo row:
// the list in one line on its header (done of all, the item in progress,
// how many more are, what changed), then what it changed in the list
// before it, each item with its status and what it was, and how many it
// kept as they were, listed once the card is expanded. Its JSON and the
// tool's reply are not drawn.
func TestATodoWriteShowsWhatItChanged(t *testing.T) {
	call := &session.ToolCall{Name: "todo_write", Arguments: `{"todos":[]}`, Result: &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "Updated todo list"}}},
		Call: session.GenericCallView{Title: "Update to-do list", Kind: "other", RawInput: []any{},
			Todos: &session.TodoSummary{Done: 1, Total: 4, Active: "write the tests", MoreActive: 1}},
		View: session.GenericResultView{Todos: &session.TodoChanges{
			Changed: []session.TodoChange{
				{PlanItem: session.PlanItem{Content: "parse", Status: "completed"}, Kind: session.TodoStatusChanged, Was: "in_progress"},
				{PlanItem: session.PlanItem{Content: "write the tests", Status: "in_progress"}, Kind: session.TodoMoved},
				{PlanItem: session.PlanItem{Content: "bench", Status: "in_progress"}, Kind: session.TodoAdded},
				{PlanItem: session.PlanItem{Content: "old\x1b[31m", Status: "pending"}, Kind: session.TodoRemoved},
			},
			Unchanged: []session.PlanItem{{Content: "ship", Status: "pending"}},
			Added:     1, Updated: 2, Removed: 1,
		}}}
	draw := func(expanded bool) string {
		rows := Render(call, Options{Width: 110, Theme: theme.Dark(), Expanded: expanded})
		for i := range rows {
			rows[i] = strings.TrimRight(ansi.Strip(rows[i]), " ")
		}
		return strings.Join(rows, "\n")
	}
	want := strings.Join([]string{
		"✓ Update to-do list · write the tests         1 added · 2 updated · 1 removed · 1/4 completed · +1 in progress",
		"  changes since the list before",
		"  ✓ parse  in progress → completed",
		"  ▸ write the tests  in progress · moved",
		"  + bench  in progress · added",
		"  − old  pending · removed", // its escape dropped, as every untrusted text's
	}, "\n")
	if got := draw(false); got != want+"\n  1 unchanged" {
		t.Errorf("collapsed:\n%s\nwant\n%s", got, want+"\n  1 unchanged")
	}
	if got := draw(true); got != want+"\n  1 unchanged\n  ○ ship  pending" {
		t.Errorf("expanded:\n%s", got)
	}
	if got := draw(true); strings.Contains(got, "Updated todo list") || strings.Contains(got, "→ [") {
		t.Errorf("its reply or JSON drawn:\n%s", got)
	}

	if got := Text(call, ""); got != "✓ parse  in progress → completed\n▸ write the tests  in progress · moved\n+ bench  in progress · added\n− old  pending · removed\n○ ship  pending" {
		t.Errorf("copied:\n%s", got)
	}

	// Running, it says the list in one line and shows its input.
	call.Result, call.View = nil, nil
	if got := draw(false); !strings.HasPrefix(got, "◌ Update to-do list · write the tests") || !strings.Contains(got, "1/4 completed · +1 in progress") {
		t.Errorf("running:\n%s", got)
	}
}
