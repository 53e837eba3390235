package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/theme"
)

// A file's change by change is one card per edit: an edit's hunks drawn
// together as its own card draws them (a context-only anchor hunk, then ⋯,
// then the hunk after it), never a "+0 −0" change of their own; each card
// names the file once, in its file row, not again in its title.
func TestNetChangeIsOneCardPerEdit(t *testing.T) {
	anchor, x, p := "func f() {", "x", "p"
	n := changes.Net{Path: "/w/c.go", Hunks: []changes.Hunk{
		{Diff: session.FileDiff{Path: "/w/c.go", OldText: &anchor, NewText: anchor}, Start: 10, Turn: 2, Edit: 1},
		{Diff: session.FileDiff{Path: "/w/c.go", OldText: &x, NewText: "y"}, Start: 20, Turn: 2, Edit: 1},
		{Diff: session.FileDiff{Path: "/w/c.go", OldText: &p, NewText: "q"}, Start: 30, Turn: 3, Edit: 2},
	}}
	text := ansi.Strip(strings.Join(NetChange(n, Options{Width: 80, Cwd: "/w", Expanded: true}), "\n"))
	for _, want := range []string{"change 1 of 2 · turn 2", "change 2 of 2 · turn 3", "10 10   func f() {\n      ⋯\n  20    - x"} {
		if !strings.Contains(text, want) {
			t.Errorf("no %q in:\n%s", want, text)
		}
	}
	if strings.Contains(text, "+0 −0") || strings.Contains(text, "of 3") {
		t.Errorf("the anchor is a change of its own:\n%s", text)
	}
	if c := strings.Count(text, "c.go"); c != 2 {
		t.Errorf("c.go named %d times in two changes:\n%s", c, text)
	}
}

// A file's net change names it once, as the list does, though each call
// spelled it from the folder it ran in: a.txt from /w/pkg, after the log
// moved the session there, is the pkg/a.txt changed before, not /w's a.txt.
func TestNetChangeNamesTheFileAsTheListDoes(t *testing.T) {
	one, two := "1", "2"
	n := changes.Net{Path: "/w/pkg/a.txt", Cwd: "/w", Hunks: []changes.Hunk{
		{Diff: session.FileDiff{Path: "pkg/a.txt", OldText: &one, NewText: "one"}, Turn: 1, Edit: 1},
		{Diff: session.FileDiff{Path: "a.txt", OldText: &two, NewText: "two"}, Turn: 2, Edit: 2},
	}}
	text := ansi.Strip(strings.Join(NetChange(n, Options{Width: 80, Cwd: "/w", Expanded: true}), "\n"))
	if c := strings.Count(text, "\n  pkg/a.txt  +1 −1"); c != 2 {
		t.Errorf("pkg/a.txt named %d times in two changes, want 2:\n%s", c, text)
	}
}

// The folder a moved session named a file from is the log's text: on the
// changes list it is sanitised like the file's name, never an escape.
func TestTheFolderAChangeIsNamedFromIsSanitised(t *testing.T) {
	dir := "/w/x\x1b]0;pwned\a\u202e"
	l := changes.List{Changed: []changes.File{{Path: dir + "/a.txt", Cwd: dir, Added: 1, Edits: 1}}, Read: []changes.File{{Path: dir + "/b.txt", Cwd: dir}}}
	rows := ChangeList(l, Options{Width: 80, Theme: theme.Dark(), Cwd: "/w"})
	for _, r := range rows {
		if strings.Contains(r, "\x1b]") || strings.Contains(r, "\a") || strings.Contains(r, "pwned") || strings.Contains(r, "\u202e") {
			t.Fatalf("the log's controls reached the terminal: %q", r)
		}
	}
	if out := ansi.Strip(strings.Join(rows, "\n")); strings.Count(out, " · in x") != 2 {
		t.Errorf("the rows do not say the folder:\n%s", out)
	}
}
