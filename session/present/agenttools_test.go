package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A search's title names only what was given, and its folder is its
// location.
func TestSearchCallNamesWhatWasGiven(t *testing.T) {
	for _, c := range []struct {
		pattern, folder, filter string
		title                   string
		at                      []session.FileLocation
	}{
		{"TODO", "", "", "Search TODO", nil},
		{"TODO", "src", "", "Search TODO in src", []session.FileLocation{{Path: "src"}}},
		{"TODO", "", "*.go", "Search TODO (*.go)", nil},
		{"TODO", "src", "*.go", "Search TODO in src (*.go)", []session.FileLocation{{Path: "src"}}},
	} {
		v := SearchCall(c.pattern, c.folder, c.filter)
		if v.Title != c.title || v.Kind != "search" || !reflect.DeepEqual(v.Locations, c.at) {
			t.Errorf("SearchCall(%q, %q, %q) = %+v", c.pattern, c.folder, c.filter, v)
		}
	}
	if v := GlobCall("*.md", "docs"); v.Title != "Glob *.md in docs" || len(v.Locations) != 1 {
		t.Errorf("GlobCall = %+v", v)
	}
	if v := GlobCall("*.md", ""); v.Title != "Glob *.md" || v.Locations != nil {
		t.Errorf("GlobCall with no folder = %+v", v)
	}
}

// An edit with no old text is a new file's text; a write is the whole file.
func TestReplacementAndWriteCall(t *testing.T) {
	if d := Replacement("a.go", "", "x"); d.OldText != nil || d.NewText != "x" {
		t.Errorf("no old text: %+v", d)
	}
	if d := Replacement("a.go", "y", "x"); d.OldText == nil || *d.OldText != "y" {
		t.Errorf("old text: %+v", d)
	}
	w := WriteCall("a.go", "text")
	if w.Title != "Write a.go" || len(w.Diffs) != 1 || !w.Diffs[0].Whole || w.Diffs[0].NewText != "text" {
		t.Errorf("WriteCall = %+v", w)
	}
}

// A tool with no card: an MCP tool's named by server and tool, another's
// by the title it was given; its arguments raw, none when there are none.
func TestOtherCallAndResult(t *testing.T) {
	a := Args{"q": "x"}
	if v := OtherCall("mcp__github__search", "ignored", a); v.Title != "github · search" || v.Kind != "mcp" || v.RawInput == nil {
		t.Errorf("MCP: %+v", v)
	}
	if v := OtherCall("frobnicate", "Frobnicate it", Args{}); v.Title != "Frobnicate it" || v.Kind != "" || v.RawInput != nil {
		t.Errorf("other: %+v", v)
	}
	if v := OtherResult("mcp__github__search"); v.Title != "github · search" {
		t.Errorf("MCP result: %+v", v)
	}
	if v := OtherResult("frobnicate"); v.Title != "" {
		t.Errorf("other result: %+v", v)
	}
}

// A todo list's items are its objects' content and status; anything else
// in the list is passed over.
func TestTodoItems(t *testing.T) {
	a, _ := ParseArgs(`{"todos":[{"content":"one","status":"done"},"junk",{"content":"two"}]}`)
	want := []session.PlanItem{{Content: "one", Status: "done"}, {Content: "two"}}
	if got := TodoItems(a); !reflect.DeepEqual(got, want) {
		t.Errorf("TodoItems = %+v", got)
	}
	if got := TodoItems(Args{}); got == nil || len(got) != 0 {
		t.Errorf("no list: %#v, want an empty list", got)
	}
}
