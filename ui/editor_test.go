package ui

import (
	"slices"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A read opens at its first line, a diff at its first known changed line,
// relative paths against the session's cwd; other cards have no file.
func TestFileAtAndEditorArgs(t *testing.T) {
	read := &session.ToolCall{View: session.ReadResultView{Path: "src/a.go", Offset: 3, Lines: []session.ReadFileLine{{Number: 7, Text: "x"}}}}
	if f, l, ok := fileAt(read, "/work"); f != "/work/src/a.go" || l != 7 || !ok {
		t.Errorf("read: %q %d %v", f, l, ok)
	}
	diff := &session.ToolCall{View: session.DiffResultView{Diffs: []session.FileDiff{{Path: "/etc/b.conf", NewText: "y"}}}, DiffStarts: []int{12}}
	if f, l, ok := fileAt(diff, "/work"); f != "/etc/b.conf" || l != 12 || !ok {
		t.Errorf("diff: %q %d %v", f, l, ok)
	}
	if _, _, ok := fileAt(&session.ToolCall{View: session.TerminalResultView{Output: "hi"}}, "/work"); ok {
		t.Error("a terminal card names a file")
	}
	if got := editorArgs("/a", 7); !slices.Equal(got, []string{"+7", "/a"}) {
		t.Errorf("at a line: %q", got)
	}
	if got := editorArgs("/a", 0); !slices.Equal(got, []string{"/a"}) {
		t.Errorf("no line: %q", got)
	}
}
