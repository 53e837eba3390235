package ui

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// A copied card is its text, not its decoration: a read's lines as they
// are, a diff in unified form with its escape sequences gone.
func TestCopyTextIsTheCardsText(t *testing.T) {
	read := &session.ToolCall{View: session.ReadResultView{Path: "a.go", Lines: []session.ReadFileLine{{Number: 4, Text: "x := 1"}, {Number: 5, Text: "y\t:= 2"}}}}
	if got, want := copyText(read), "x := 1\ny\t:= 2"; got != want {
		t.Errorf("read: %q, want %q", got, want)
	}
	old := "a\nb\n"
	diff := &session.ToolCall{Call: session.DiffCallView{Diffs: []session.FileDiff{{Path: "f.go", OldText: &old, NewText: "a\n\x1b[31mc\x1b[0m\n"}}}}
	if got, want := copyText(diff), "--- f.go\n+++ f.go\n a\n-b\n+c\n"; got != want {
		t.Errorf("diff: %q, want %q", got, want)
	}
	if got := copyText(&session.TurnStart{Turn: 3}); got != "turn 3" {
		t.Errorf("turn: %q", got)
	}
}
