package cards

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// call is a finished call whose card is titled title.
func call(title string, nested ...session.Entry) *session.ToolCall {
	return &session.ToolCall{Name: "Bash", Result: &session.ToolResult{}, View: session.GenericResultView{Title: title}, Nested: nested}
}

// NestedStarts names, for each entry nested in a call at any depth (depth
// first), the row of the expanded card where that entry's own card starts:
// its title is there, whatever the width. Collapsed, the card draws none.
func TestNestedStartsAreWhereTheNestedCardsAre(t *testing.T) {
	var inner []session.Entry
	for i := range 3 {
		inner = append(inner, call(fmt.Sprintf("inner %d", i)))
	}
	task := call("the task",
		&session.AssistantText{Text: "first reply, long enough to wrap at a narrow width and take more than one row"},
		call("outer 1"),
		call("a subagent's subagent", inner...),
		call("outer 3"),
	)
	want := []string{"first reply", "outer 1", "a subagent's subagent", "inner 0", "inner 1", "inner 2", "outer 3"}
	for _, w := range []int{30, 80} {
		o := Options{Width: w, Theme: theme.Dark(), Expanded: true, Plain: true}
		rows := Render(task, o)
		starts := NestedStarts(task, o)
		if len(starts) != len(want) {
			t.Fatalf("width %d: %d starts for %d nested entries", w, len(starts), len(want))
		}
		for k, at := range starts {
			if at < 0 || at >= len(rows) || !strings.Contains(rows[at], want[k]) {
				t.Errorf("width %d: entry %d (%q) starts at row %d of:\n%s", w, k, want[k], at, strings.Join(rows, "\n"))
			}
		}
		o.Expanded = false
		for k, at := range NestedStarts(task, o) {
			if at != -1 {
				t.Errorf("width %d, collapsed: entry %d starts at row %d", w, k, at)
			}
		}
	}
}
