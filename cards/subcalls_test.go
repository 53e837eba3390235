package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A nested call's line says what it did and where, from the card's
// folder: the file the harness recorded, unless its title names it, and
// the folder a command ran in, unless it is the card's.
func TestANestedCallsLineSaysWhere(t *testing.T) {
	o := Options{Width: 200, Theme: theme.Dark(), Cwd: "/w"}
	for s, want := range map[session.SubCall]string{
		{Name: "bash", Done: true, Title: "go test ./...", Cwd: "/w/pkg"}:               "↳ ✓ bash  go test ./... · in pkg",
		{Name: "bash", Done: true, Title: "ls", Cwd: "/w"}:                              "↳ ✓ bash  ls",
		{Name: "read", Done: true, Title: "Read a.go", Path: "/w/pkg/a.go"}:             "↳ ✓ read  Read a.go · pkg/a.go",
		{Name: "read", Done: true, Title: "Read /w/pkg/a.go", Path: "/w/pkg/a.go"}:      "↳ ✓ read  Read pkg/a.go",
		{Name: "edit", Done: true, IsError: true, Title: "Edit /etc/x", Path: "/etc/x"}: "↳ ✗ edit  Edit /etc/x",
		{Name: "glob"}: "↳ ◌ glob",
	} {
		card := ansi.Strip(strings.Join(Render(&session.ToolCall{Name: "run_code", SubCalls: []session.SubCall{s}}, o), "\n"))
		if !strings.Contains(card, "\n  "+want+"\n") && !strings.HasSuffix(card, "\n  "+want) {
			t.Errorf("%+v: no %q in:\n%s", s, want, card)
		}
	}
}

// A nested todo_write says on its line what it changed in the list before
// it, and lists the items it changed under it, as a top-level one does,
// sanitised as it does.
func TestANestedTodoWriteSaysWhatItChanged(t *testing.T) {
	ch := &session.TodoChanges{Added: 1, Updated: 1, Changed: []session.TodoChange{
		{PlanItem: session.PlanItem{Content: "b", Status: "in_progress"}, Kind: session.TodoStatusChanged, Was: "pending"},
		{PlanItem: session.PlanItem{Content: "c", Status: "pending"}, Kind: session.TodoAdded},
		{PlanItem: session.PlanItem{Content: "d\x1b]0;pwned\a", Status: "pending"}, Kind: session.TodoRemoved},
	}, Unchanged: []session.PlanItem{{Content: "a", Status: "completed"}}}
	call := &session.ToolCall{Name: "run_code", SubCalls: []session.SubCall{{Name: "todo_write", Done: true, Title: "Update todos", Todos: ch}}}
	rows := Render(call, Options{Width: 80, Theme: theme.Dark(), Cwd: "/w"})
	for _, r := range rows { // an item's text is the log's
		if strings.Contains(r, "\x1b]") || strings.Contains(r, "\a") || strings.Contains(r, "pwned") {
			t.Fatalf("the log's OSC reached the terminal: %q", r)
		}
	}
	card := ansi.Strip(strings.Join(rows, "\n"))
	for _, want := range []string{"\n  ↳ ✓ todo_write  Update todos · 1 added · 1 updated\n", "\n      ▸ b  pending → in progress\n", "\n      + c  pending · added"} {
		if !strings.Contains(card, want) {
			t.Errorf("no %q in:\n%s", want, card)
		}
	}
	if strings.Contains(card, "completed") {
		t.Errorf("an item it kept is listed:\n%s", card)
	}
}
