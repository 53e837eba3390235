package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

func detailsOf(t *testing.T, name, args string, r *session.ToolResult) *session.Details {
	t.Helper()
	v, ok := Result(name, args, r).(session.GenericResultView)
	if !ok {
		t.Fatalf("%s: want a generic result, got %T", name, Result(name, args, r))
	}
	return v.Details
}

func textResult(s string) *session.ToolResult {
	return &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: s}}}
}

type df = session.DetailField

func fd(label, value string) df { return df{Label: label, Value: value} }

// Each tool's result in the shape it prints becomes the web client's
// details: its items, their states and labelled fields, summed up.
func TestResultsTheWebClientListsAsDetails(t *testing.T) {
	for _, c := range []struct {
		name, args, text string
		want             session.Details
	}{
		{"terminal_open", `{"type":"bash","name":"dev"}`, "started terminal session pty-1 (dev) [type: bash]\nready\n",
			session.Details{Summary: "dev", Empty: "No results", Items: []session.DetailItem{{Title: "dev", Subtitle: "pty-1", Badge: "Started",
				Fields: []df{fd("Type", "bash")}, Code: "ready\n"}}}},
		{"terminal_read", `{"sessionId":"pty-1"}`, "line\n[lines: 0-1 of 2]\n[output truncated]",
			session.Details{Summary: "pty-1", Empty: "No results", Items: []session.DetailItem{{Title: "pty-1", Subtitle: "Lines 0–1 of 2",
				Description: "Output truncated", Code: "line"}}}},
		{"terminal_list", `{}`, "pty-1 [shell] running\npty-2 (done) [shell] exited code=2 signal=null pid=4",
			session.Details{Summary: "2 terminals", Empty: "No results", Items: []session.DetailItem{
				{Title: "pty-1", Badge: "Running", Fields: []df{fd("Type", "shell")}},
				{Title: "done", Subtitle: "pty-2", Badge: "Exited", Fields: []df{fd("Type", "shell"), fd("Process ID", "4"), fd("Exit code", "2")}},
			}}},
		{"terminal_list", `{}`, "(no terminal sessions)", session.Details{Summary: "0 terminals", Empty: "No results"}},
		{"terminal_signal", `{"sessionId":"pty-1","signal":"SIGINT"}`, "delivered SIGINT to foreground process group 12",
			session.Details{Summary: "pty-1 · Signal delivered", Empty: "No results", Items: []session.DetailItem{{Title: "pty-1", Badge: "Signal delivered",
				Fields: []df{fd("Signal", "SIGINT"), fd("Process group", "12")}}}}},
		{"terminal_close", `{"sessionId":"pty-1"}`, "closed terminal session pty-1",
			session.Details{Summary: "pty-1 · Closed", Empty: "No results", Items: []session.DetailItem{{Title: "pty-1", Badge: "Closed"}}}},
		{"terminal_close", `{"sessionId":"pty-1"}`, "terminal session pty-1 was already closing",
			session.Details{Summary: "pty-1 · Closing", Empty: "No results", Items: []session.DetailItem{{Title: "pty-1", Badge: "Closing"}}}},
		{"lsp", `{"operation":"findReferences","file_path":"src/main.ts","line":2,"character":3}`, "src/a.ts:2:3\nC:\\src\\a.ts:8:9\n… 3 more",
			session.Details{Summary: "src/main.ts · 2 locations", Empty: "No results", Items: []session.DetailItem{
				{Title: "src/a.ts", Subtitle: "Line 2, column 3"}, {Title: "C:\\src\\a.ts", Subtitle: "Line 8, column 9"}, {Description: "… 3 more"},
			}}},
		{"lsp", `{"operation":"findReferences","file_path":"src/main.ts","line":2,"character":3}`, "No results.",
			session.Details{Summary: "0 locations", Empty: "No results"}},
		{"lsp", `{"operation":"hover","file_path":"src/main.ts","line":2,"character":3}`, "hover text",
			session.Details{Summary: "src/main.ts:2:3", Empty: "No results", Items: []session.DetailItem{{Description: "hover text"}}}},
		{"list_subagent_models", `{"model":"deepseek-chat"}`, "deepseek-chat — Fast\nunknown",
			session.Details{Summary: "deepseek-chat", Empty: "No results", Items: []session.DetailItem{{Title: "deepseek-chat", Description: "Fast"}, {Description: "unknown"}}}},
		{"job_output", `{"job_id":"j1"}`, "hello\n[output truncated]\n[status: completed]",
			session.Details{Summary: "j1 · Completed", Empty: "No results", Items: []session.DetailItem{{Title: "j1", Badge: "Completed",
				Description: "Output truncated", Code: "hello"}}}},
		{"job_output", `{"job_id":"j1"}`, "hello\n[status: failed, exit code: 2]",
			session.Details{Summary: "j1 · Failed", Empty: "No results", Items: []session.DetailItem{{Title: "j1", Badge: "Failed",
				Description: "exit code: 2", Code: "hello"}}}},
		{"job_kill", `{"job_id":"j1","reason":"stop"}`, "requested cancellation of job j1",
			session.Details{Summary: "j1 · Cancellation requested", Empty: "No results", Items: []session.DetailItem{{Title: "j1", Badge: "Cancellation requested", Description: "stop"}}}},
		{"job_kill", `{"job_id":"j1"}`, "job j1 had already finished completed",
			session.Details{Summary: "j1 · Already finished", Empty: "No results", Items: []session.DetailItem{{Title: "j1", Badge: "Already finished"}}}},
		{"job_list", `{}`, "j1 [bash] running — Build",
			session.Details{Summary: "1 background job", Empty: "No results", Items: []session.DetailItem{{Title: "Build", Subtitle: "j1", Badge: "Running",
				Fields: []df{fd("Type", "bash")}}}}},
		{"job_list", `{}`, "(no background jobs)", session.Details{Summary: "0 background jobs", Empty: "No results"}},
		{"list_agents", `{"scope":"descendants"}`, "a1 [running] — Build\na2 [ready] parent=a1 depth=1 — Review\na3 [done]\na4 [cancelled]",
			session.Details{Summary: "4 agents", Empty: "No results", Items: []session.DetailItem{
				{Title: "Build", Subtitle: "a1", Badge: "Running"},
				{Title: "Review", Subtitle: "a2", Badge: "Ready", Fields: []df{fd("Parent", "a1"), fd("Depth", "1")}},
				{Title: "a3", Badge: "Completed"},
				{Title: "a4", Badge: "cancelled"}, // a state the client does not name: as recorded
			}}},
		{"schedule_delete", `{"id":"r1"}`, `{"id":"r1","deleted":true}`,
			session.Details{Summary: "r1", Empty: "No results", Items: []session.DetailItem{{Title: "r1", Fields: []df{fd("Status", "Deleted")}}}}},
	} {
		got := detailsOf(t, c.name, c.args, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %q:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// Text in no shape the tool prints, an error, a result of more than one
// block or of a tool the client does not list keeps the raw result, as
// the client keeps its generic output.
func TestOtherResultsKeepTheirRawText(t *testing.T) {
	two := textResult("closed terminal session t1")
	two.Content = append(two.Content, session.ContentBlock{Type: "text", Text: "more"})
	failed := textResult("closed terminal session t1")
	failed.IsError = true
	for _, c := range []struct {
		name, args string
		r          *session.ToolResult
	}{
		{"terminal_close", `{"sessionId":"t1"}`, textResult("Closed.")},
		{"terminal_close", `{"sessionId":"t1"}`, two},
		{"terminal_close", `{"sessionId":"t1"}`, failed},
		{"terminal_signal", `{"sessionId":"t1","signal":"SIGINT"}`, textResult("Signal delivered.")},
		{"terminal_read", `{"sessionId":"t1"}`, textResult("bad")},
		{"terminal_list", `{}`, textResult(`[{"sessionId":"t1"}]`)},
		{"terminal_open", `{"type":"bash"}`, textResult(`{"sessionId":"t1"}`)},
		{"lsp", `{"operation":"goToDefinition","file_path":"main.go","line":3,"character":6}`, textResult("not a location")},
		{"schedule_delete", `{"id":"r1"}`, textResult(`{"id":"r1","deleted":false}`)},
		{"schedule_delete", `{"id":"r1"}`, textResult(`{"id":" ","deleted":true}`)},
		{"job_output", `{"job_id":"j1"}`, textResult("hello")},
		{"job_kill", `{"job_id":"j1"}`, textResult("unexpected")},
		{"job_list", `{}`, textResult("j1 running Build")},
		{"list_agents", `{}`, textResult(`{"agents":[{"id":"a1"}]}`)},
		{"read", `{"file_path":"a"}`, textResult("closed terminal session t1")},
	} {
		if d := detailsOf(t, c.name, c.args, c.r); d != nil {
			t.Errorf("%s %+v: want the raw result, got details %+v", c.name, c.r.Content, d)
		}
	}
}

// A listed tool's successful result in no shape its rule reads is shown
// raw with a note saying so; a failed result, or a tool the client does
// not list, is shown raw without one.
func TestAnUnreadResultOfAListedToolIsSaidSo(t *testing.T) {
	failed := textResult("not-json")
	failed.IsError = true
	for _, c := range []struct {
		name string
		r    *session.ToolResult
		note bool
	}{
		{"get_goal", textResult("not-json"), true},
		{"session_search", textResult(`{"matches":[]}`), true},
		{"get_goal", failed, false},
		{"read", textResult("not-json"), false},
	} {
		v, ok := Result(c.name, `{}`, c.r).(session.GenericResultView)
		if !ok || v.Details != nil || (v.DetailsNote != "") != c.note {
			t.Errorf("%s %+v: want the raw result, a note %v; got %+v", c.name, c.r, c.note, v)
		}
	}
}
