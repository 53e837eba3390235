package changes

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

func ptr(s string) *string { return &s }

func read(path string, total int, lines ...string) *session.ToolCall {
	v := session.ReadResultView{Path: path, TotalLines: total}
	for i, l := range lines {
		v.Lines = append(v.Lines, session.ReadFileLine{Number: i + 1, Text: l})
	}
	return &session.ToolCall{Name: "read", Result: &session.ToolResult{}, View: v}
}

func edit(diffs ...session.FileDiff) *session.ToolCall {
	return &session.ToolCall{Name: "edit", Result: &session.ToolResult{}, View: session.DiffResultView{Diffs: diffs}}
}

func sess(es ...session.Entry) *session.Session {
	return &session.Session{Header: session.Header{Cwd: "/w"}, Entries: es}
}

func TestNetChangeAgainstTheFirstRead(t *testing.T) {
	s := sess(
		&session.TurnStart{Turn: 1},
		read("a.txt", 10, "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"),
		edit(session.FileDiff{Path: "/w/a.txt", OldText: ptr("8"), NewText: "eight"}),
		&session.TurnStart{Turn: 2},
		edit(session.FileDiff{Path: "a.txt", OldText: ptr("eight\n9"), NewText: "eight\nnine\n9½"}),
	)
	n, ok := NetOf(s, "/w/a.txt")
	if !ok || !n.Whole {
		t.Fatalf("net %+v, ok %v: want one diff against the read", n, ok)
	}
	if len(n.Hunks) != 1 || n.Hunks[0].Start != 5 {
		t.Fatalf("hunks %+v: want one, from line 5 (three lines of context before line 8)", n.Hunks)
	}
	if n.Added != 3 || n.Removed != 2 {
		t.Errorf("+%d −%d, want +3 −2", n.Added, n.Removed)
	}
	l := Of(s)
	if len(l.Changed) != 1 || l.Changed[0].Edits != 2 || l.Changed[0].FirstTurn != 1 || len(l.Read) != 0 {
		t.Errorf("list %+v: want a.txt, 2 edits, first in turn 1, under one path", l)
	}
}

func TestNetChangeWithNoStartIsTheHunksByTurn(t *testing.T) {
	s := sess(
		&session.TurnStart{Turn: 1},
		edit(session.FileDiff{Path: "b.go", OldText: ptr("x"), NewText: "y"}),
		&session.TurnStart{Turn: 3},
		edit(session.FileDiff{Path: "b.go", OldText: ptr("p"), NewText: "q\nr"}),
	)
	n, _ := NetOf(s, "/w/b.go")
	if n.Whole || len(n.Hunks) != 2 || n.Hunks[0].Turn != 1 || n.Hunks[1].Turn != 3 {
		t.Fatalf("net %+v: want the two changes in order, marked turns 1 and 3", n)
	}
	if n.Added != 3 || n.Removed != 2 {
		t.Errorf("+%d −%d, want the hunks' sum, +3 −2", n.Added, n.Removed)
	}
}

func TestANewFileIsItsWholeText(t *testing.T) {
	s := sess(&session.ToolCall{Name: "write", Result: &session.ToolResult{},
		Call: session.DiffCallView{Diffs: []session.FileDiff{{Path: "n.txt", NewText: "a\nb\n"}}}, View: session.GenericResultView{}})
	n, _ := NetOf(s, "/w/n.txt")
	if !n.Whole || n.Added != 2 || n.Removed != 0 || n.Hunks[0].Diff.OldText != nil {
		t.Errorf("net %+v: want a new file of 2 lines, from its call's diff", n)
	}
}

func TestListOrderReadsFailuresAndPresent(t *testing.T) {
	failed := edit(session.FileDiff{Path: "f.txt", OldText: ptr("a"), NewText: "b"})
	failed.Result.IsError = true
	s := sess(
		read("r.txt", 1, "only read"),
		edit(session.FileDiff{Path: "z.txt", OldText: ptr("a"), NewText: "b"}),
		failed,
		read("part.txt", 9, "1", "2"),
		edit(session.FileDiff{Path: "part.txt", OldText: ptr("2"), NewText: "two"}),
		&session.ToolCall{Name: "present", Arguments: `{"paths":["z.txt"]}`, Result: &session.ToolResult{}, View: session.GenericResultView{}},
	)
	l := Of(s)
	if len(l.Changed) != 2 || l.Changed[0].Path != "/w/z.txt" || l.Changed[1].Path != "/w/part.txt" {
		t.Fatalf("changed %+v: want z.txt then part.txt, and no failed edit", l.Changed)
	}
	if !l.Changed[0].Presented || l.Changed[1].Presented {
		t.Error("the present call's file is not marked, or another is")
	}
	if len(l.Read) != 1 || l.Read[0].Path != "/w/r.txt" {
		t.Errorf("read %v: want r.txt apart", l.Read)
	}
	if n, _ := NetOf(s, "/w/part.txt"); n.Whole {
		t.Error("a read of 2 lines of 9 gave a whole start")
	}
	if _, ok := NetOf(s, "/w/f.txt"); ok {
		t.Error("a failed edit changed a file")
	}
}

// An edit's hunks are one change: each hunk knows which of the file's
// edits made it, an apply_patch's context-only anchor hunk as the hunk
// after it.
func TestAnEditsHunksAreOneChange(t *testing.T) {
	s := sess(
		edit(session.FileDiff{Path: "c.ts", OldText: ptr("anchor"), NewText: "anchor"},
			session.FileDiff{Path: "c.ts", OldText: ptr("x"), NewText: "y"}),
		edit(session.FileDiff{Path: "c.ts", OldText: ptr("p"), NewText: "q"}),
	)
	n, _ := NetOf(s, "/w/c.ts")
	var edits []int
	for _, h := range n.Hunks {
		edits = append(edits, h.Edit)
	}
	if len(edits) != 3 || edits[0] != 1 || edits[1] != 1 || edits[2] != 2 {
		t.Errorf("hunks made by edits %v, want [1 1 2]", edits)
	}
	if l := Of(s); l.Changed[0].Edits != 2 {
		t.Errorf("%d edits, want 2", l.Changed[0].Edits)
	}
}

// A call made after the log moved the session (working-directory/change)
// names its files from the folder it moved to: a relative path there is
// another file than the same path in the session's folder.
func TestAMovedSessionsPathsAreFromWhereItMoved(t *testing.T) {
	moved := edit(session.FileDiff{Path: "a.txt", OldText: ptr("x"), NewText: "y"})
	moved.Cwd = "/w/pkg"
	l := Of(sess(edit(session.FileDiff{Path: "a.txt", OldText: ptr("x"), NewText: "y"}), moved))
	if len(l.Changed) != 2 || l.Changed[0].Path != "/w/a.txt" || l.Changed[1].Path != "/w/pkg/a.txt" {
		t.Errorf("changed %+v, want /w/a.txt and /w/pkg/a.txt", l.Changed)
	}
}

// A file is named from the folder the session was in when it first changed
// it: one changed both before and after a move is one file (keyed by its
// absolute path), named from the first; one first read in one folder and
// changed in another from the second; one only read from where it was read.
func TestAFileIsNamedFromWhereItWasFirstChanged(t *testing.T) {
	moved := func(c *session.ToolCall) *session.ToolCall { c.Cwd = "/w/pkg"; return c }
	s := sess(
		edit(session.FileDiff{Path: "pkg/a.txt", OldText: ptr("1"), NewText: "one"}),
		read("b.txt", 1, "x"),
		moved(edit(session.FileDiff{Path: "a.txt", OldText: ptr("2"), NewText: "two"})),
		moved(edit(session.FileDiff{Path: "/w/b.txt", OldText: ptr("x"), NewText: "y"})),
		moved(edit(session.FileDiff{Path: "c.txt", OldText: ptr("p"), NewText: "q"})),
		moved(read("d.txt", 1, "d")),
	)
	l := Of(s)
	want := []File{{Path: "/w/pkg/a.txt", Cwd: "/w"}, {Path: "/w/b.txt", Cwd: "/w/pkg"}, {Path: "/w/pkg/c.txt", Cwd: "/w/pkg"}}
	if len(l.Changed) != len(want) {
		t.Fatalf("changed %+v, want %+v", l.Changed, want)
	}
	for i, w := range want {
		if g := l.Changed[i]; g.Path != w.Path || g.Cwd != w.Cwd {
			t.Errorf("changed[%d] is %s from %s, want %s from %s", i, g.Path, g.Cwd, w.Path, w.Cwd)
		}
	}
	if l.Changed[0].Edits != 2 {
		t.Errorf("%s: %d edits, want 2 (one before the move, one after)", l.Changed[0].Path, l.Changed[0].Edits)
	}
	if len(l.Read) != 1 || l.Read[0].Path != "/w/pkg/d.txt" || l.Read[0].Cwd != "/w/pkg" {
		t.Errorf("read %+v, want /w/pkg/d.txt from /w/pkg", l.Read)
	}
	if n, _ := NetOf(s, "/w/b.txt"); n.Cwd != "/w/pkg" {
		t.Errorf("net change of /w/b.txt from %q, want /w/pkg, as the list names it", n.Cwd)
	}
}
