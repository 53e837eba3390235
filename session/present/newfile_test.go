package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// A write whose diff says oldText null is a new file when the last the
// session saw of the file was a read that found it missing; a read or a
// write that succeeds since, or another error, leaves it written whole.
func TestAWriteAfterAMissingReadIsANewFile(t *testing.T) {
	old := "x"
	whole := func(path string) session.DiffResultView {
		return session.DiffResultView{Diffs: []session.FileDiff{{Path: path, NewText: "a\n", Whole: true}, {Path: path, OldText: &old, NewText: "y"}}}
	}
	notFound := &session.ToolResult{IsError: true, Error: &session.ToolError{Name: "FsError", Code: "FS_NOT_FOUND"}}
	denied := &session.ToolResult{IsError: true, Error: &session.ToolError{Name: "FsError", Code: "FS_DENIED"}}
	f := NewFileLines()
	f.Cwd = "/w"
	f.Missing("read", `{"file_path":"a.md"}`, notFound)
	f.Missing("read", `{"file_path":"b.md"}`, denied)
	f.Missing("bash", `{"file_path":"c.md"}`, notFound)
	f.Missing("read", `{"file_path":"d.md"}`, notFound)
	f.Read(session.ReadResultView{Path: "/w/d.md"}) // found after all
	for path, isNew := range map[string]bool{"/w/a.md": true, "a.md": true, "/w/b.md": false, "/w/c.md": false, "/w/d.md": false} {
		shared := whole(path)
		v := f.NewFiles(shared, nil)
		if v.Diffs[0].Whole == isNew || v.Diffs[1].Whole {
			t.Errorf("%s: %+v, want new file %v", path, v.Diffs, isNew)
		}
		if !shared.Diffs[0].Whole {
			t.Errorf("%s: the view passed in was changed", path)
		}
	}
	// the tool's own word wins: something the log does not show made it
	updated := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "<path>/w/a.md</path>\n<type>file</type>\n<content>\nUpdated file\n</content>"}}}
	if v := f.NewFiles(whole("/w/a.md"), updated); !v.Diffs[0].Whole {
		t.Error("a write whose result says it updated the file is a new file")
	}
	f.Apply(whole("/w/a.md").Diffs[:1], []int{1}) // the write made it
	if v := f.NewFiles(whole("/w/a.md"), nil); !v.Diffs[0].Whole {
		t.Error("a second write after the file was made is a new file")
	}
}
