package opencode_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// Each of opencode's tools is drawn as the card of its kind, from what its
// part holds: an edit's unified diff with the file's own line numbers, a
// read's numbered rows (today's and the older form), a grep's matches, a
// command's exit status, a todo list as the plan; a failed call failed.
func TestToolsHaveTheirCards(t *testing.T) {
	tool := func(name, input, output, meta string) string {
		return `{"type":"tool","tool":"` + name + `","callID":"c_` + name + `","state":{"status":"completed","input":` + input + `,"output":` + output + `,"metadata":` + meta + `,"time":{"start":1,"end":2}}}`
	}
	parts := []string{
		tool("read", `{"filePath":"/p/a.go"}`, `"<path>/p/a.go</path>\n<type>file</type>\n<content>\n1: package a\n2: \n3: func A() {}\n\n(End of file - total 3 lines)\n</content>"`, `{}`),
		tool("read", `{"filePath":"/p/b.go","offset":9}`, `"<file>\n00010| x := 1\n00011| y := 2\n</file>"`, `{}`),
		tool("edit", `{"filePath":"/p/c.go","oldString":"y := 2","newString":"y := 3"}`, `"Edit applied successfully."`,
			`{"diff":"Index: /p/c.go\n===================================================================\n--- /p/c.go\n+++ /p/c.go\n@@ -40,3 +40,3 @@\n x := 1\n-y := 2\n+y := 3\n z := 4\n"}`),
		tool("grep", `{"pattern":"func"}`, `"Found 2 matches\n/p/a.go:\n  Line 3: func A() {}\n\n/p/d.go:\n  Line 7: func D() {}"`, `{"matches":2}`),
		tool("bash", `{"command":"false","description":"fail"}`, `"boom\n"`, `{"output":"boom\n","exit":1}`),
		tool("todowrite", `{"todos":[{"content":"write it","status":"completed","priority":"high","id":"1"},{"content":"test it","status":"in_progress","priority":"high","id":"2"}]}`, `"[]"`, `{}`),
		`{"type":"tool","tool":"webfetch","callID":"c_w","state":{"status":"error","input":{"url":"https://x.test"},"error":"Request failed with status code: 404","time":{"start":1,"end":2}}}`,
	}
	path := store(t, [][4]string{{"ses_a", "", "tools", "1"}}, []row{
		{"ses_a", "msg_1", userMsg, []string{`{"type":"text","text":"go"}`}},
		{"ses_a", "msg_2", doneMsg, parts},
	})
	s := load(t, path, "")
	if n := s.Notices(); len(n) > 0 {
		t.Fatalf("notice: %s", n[0].Text)
	}
	calls := map[string]*session.ToolCall{}
	var plan *session.Plan
	for _, e := range s.Entries {
		switch x := e.(type) {
		case *session.ToolCall:
			calls[x.Name] = x
		case *session.Plan:
			plan = x
		}
	}
	var reads []session.ReadResultView
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok && c.Name == "read" {
			reads = append(reads, c.View.(session.ReadResultView))
		}
	}
	if len(reads) != 2 || reads[0].TotalLines != 3 || len(reads[0].Lines) != 3 || reads[0].Lines[2].Text != "func A() {}" ||
		reads[1].Offset != 10 || reads[1].Lines[1].Text != "y := 2" {
		t.Errorf("reads %+v", reads)
	}
	if d, ok := calls["edit"].View.(session.DiffResultView); !ok || len(d.Diffs) != 1 || calls["edit"].DiffStarts[0] != 40 {
		t.Errorf("edit %#v starts %v", calls["edit"].View, calls["edit"].DiffStarts)
	}
	if g, ok := calls["grep"].View.(session.SearchMatchesResultView); !ok || len(g.Files) != 2 || g.Files[1].Path != "/p/d.go" || g.Files[1].Matches[0].LineNumber != 7 {
		t.Errorf("grep %#v", calls["grep"].View)
	}
	if b, ok := calls["bash"].View.(session.TerminalResultView); !ok || b.ExitCode == nil || *b.ExitCode != 1 || b.Output != "boom" || calls["bash"].Status() != session.CallFailed {
		t.Errorf("bash %#v, status %v", calls["bash"].View, calls["bash"].Status())
	}
	if w := calls["webfetch"]; w.Status() != session.CallFailed {
		t.Errorf("webfetch status %v", w.Status())
	}
	if plan == nil || len(plan.Items) != 2 || plan.Items[1].Status != "in_progress" {
		t.Errorf("plan %+v", plan)
	}
}
