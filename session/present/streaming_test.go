package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A call whose arguments stop mid-string shows the card it will have, as
// far as they go: never their raw JSON.
func TestAStreamingCallShowsItsArgumentsSoFar(t *testing.T) {
	for _, c := range []struct {
		name, tool, raw string
		want            session.CallView
	}{
		{"a command cut mid-string", "bash", `{"command": "ls -l`, session.TerminalCallView{Title: "ls -l"}},
		{"a path cut", "read", `{"file_path": "/w/src/ma`, session.GenericCallView{Title: "Read /w/src/ma", Kind: "read", Locations: []session.FileLocation{{Path: "/w/src/ma", Line: 1}}}},
		{"an edit before its new text", "edit", `{"file_path": "a.go", "old_string": "fu`, session.GenericCallView{Title: "Edit a.go", Locations: []session.FileLocation{{Path: "a.go"}}}},
		{"nothing whole yet", "bash", `{"comm`, session.GenericCallView{Title: "bash"}},
		{"a description before the command", "bash", `{"description": "list", "command": "`, session.GenericCallView{Title: "bash"}},
		{"not an object", "bash", `[1, "a`, session.GenericCallView{Title: "bash"}},
		{"a tool deck does not know", "mcp__x", `{"q": "sel`, session.GenericCallView{Title: "mcp__x", RawInput: map[string]any{"q": "sel"}}},
		{"whole already", "bash", `{"command": "ls"}`, session.TerminalCallView{Title: "ls"}},
	} {
		if got := Streaming(c.tool, c.raw); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Streaming(%q, %#q) = %#v, want %#v", c.name, c.tool, c.raw, got, c.want)
		}
	}
}
