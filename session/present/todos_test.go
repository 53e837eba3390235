package present

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// todoArgs writes todo_write's arguments: "text:status" each.
func todoArgs(items ...string) string {
	var parts []string
	for _, it := range items {
		text, status, _ := strings.Cut(it, ":")
		parts = append(parts, fmt.Sprintf(`{"content":%q,"status":%q}`, text, status))
	}
	return `{"todos":[` + strings.Join(parts, ",") + `]}`
}

func todoItems(items ...string) []session.PlanItem {
	var out []session.PlanItem
	for _, it := range items {
		text, status, _ := strings.Cut(it, ":")
		out = append(out, session.PlanItem{Content: text, Status: status})
	}
	return out
}

// The row's one line, as the web client's plan summary sums the list up:
// done of all, the first item in progress, how many more are; none named
// when that first one's text is blank, and then no count beside it.
func TestATodoListInOneLine(t *testing.T) {
	for _, tc := range []struct {
		args string
		want session.TodoSummary
	}{
		{todoArgs("a:completed", "b:in_progress", "c:pending"), session.TodoSummary{Done: 1, Total: 3, Active: "b"}},
		{todoArgs("a:completed", "b:in_progress", "c:in_progress", "d:in_progress", "e:pending"), session.TodoSummary{Done: 1, Total: 5, Active: "b", MoreActive: 2}},
		{todoArgs("a:completed"), session.TodoSummary{Done: 1, Total: 1}},
		{todoArgs("   :in_progress", "x:in_progress"), session.TodoSummary{Total: 2}},
		{todoArgs(), session.TodoSummary{}},
	} {
		v, ok := Call("todo_write", tc.args).(session.GenericCallView)
		if !ok || v.Todos == nil || *v.Todos != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.args, v.Todos, tc.want)
		}
	}
	if v, _ := Call("bash", `{"command":"ls"}`).(session.GenericCallView); v.Todos != nil {
		t.Errorf("another tool's call sums up a list: %+v", v.Todos)
	}
}

// What a todo_write changed, as the web client's todo diff tells it: by
// each item's text, the new list's items added, with their status changed
// (and what it was), moved among the items both lists keep, or kept; then
// the old list's items it removed; a first list is all added.
func TestWhatATodoWriteChanged(t *testing.T) {
	before := todoItems("parse:completed", "test:in_progress", "docs:pending", "ship:pending", "old:pending")
	got := TodoChanges(todoArgs("parse:completed", "ship:pending", "test:completed", "docs:pending", "bench:pending"), before, true)
	if got == nil {
		t.Fatal("no changes")
	}
	var rows []string
	for _, c := range got.Changed {
		rows = append(rows, fmt.Sprintf("%d %s %s %s", c.Kind, c.Content, c.Status, c.Was))
	}
	want := []string{
		fmt.Sprintf("%d ship pending ", session.TodoMoved),
		fmt.Sprintf("%d test completed in_progress", session.TodoStatusChanged),
		fmt.Sprintf("%d docs pending ", session.TodoMoved),
		fmt.Sprintf("%d bench pending ", session.TodoAdded),
		fmt.Sprintf("%d old pending ", session.TodoRemoved),
	}
	if strings.Join(rows, "|") != strings.Join(want, "|") {
		t.Errorf("changed:\n%s\nwant\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
	if got.First || got.Added != 1 || got.Updated != 3 || got.Removed != 1 || len(got.Unchanged) != 1 || got.Unchanged[0].Content != "parse" {
		t.Errorf("%+v", got)
	}

	first := TodoChanges(todoArgs("  a  :pending", "b:completed"), nil, false)
	if first == nil || !first.First || first.Added != 2 || first.Changed[0].Content != "a" {
		t.Errorf("a first list: %+v", first)
	}
	same := TodoChanges(todoArgs("a:pending"), todoItems("a:pending"), true)
	if same == nil || len(same.Changed) != 0 || len(same.Unchanged) != 1 {
		t.Errorf("no change: %+v", same)
	}
	emptied := TodoChanges(todoArgs(), todoItems("a:pending"), true)
	if emptied == nil || emptied.Removed != 1 {
		t.Errorf("a list emptied: %+v", emptied)
	}
}

// A list the web client would not compare is drawn as any other call: an
// item with no text, a status it does not know, two items with one text,
// arguments that hold no list.
func TestATodoListNotComparedIsNoChange(t *testing.T) {
	for _, args := range []string{
		todoArgs(" :pending"), todoArgs("a:done"), todoArgs("a:pending", " a :completed"),
		`{"todos":[null]}`, `{"todos":"a"}`, `{"other":1}`, `null`, `not json`,
	} {
		if got := TodoChanges(args, nil, false); got != nil {
			t.Errorf("%s: %+v", args, got)
		}
	}
}
