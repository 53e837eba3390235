package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// The tools the 0.2 harness's web client titles itself are titled as it
// titles their rows (tool-call-model.ts; ui-deliverables' present row):
// its words, then " · " and the salient argument; their input is the
// card's body.
func TestTheNewToolsAreTitledAsTheWebClientTitlesThem(t *testing.T) {
	for _, c := range []struct{ name, args, want string }{
		{"present", `{"files":[{"path":"REPORT.md","description":"the report"},{"path":"out/data.csv"}]}`, "Present files · REPORT.md, out/data.csv"},
		{"terminal_open", `{"type":"bash","name":"dev"}`, "Open terminal · bash"},
		{"terminal_read", `{"sessionId":"t1","offset":0}`, "Read terminal · t1"},
		{"terminal_list", `{}`, "List terminals"},
		{"terminal_signal", `{"sessionId":"t1","signal":"SIGINT"}`, "Signal terminal · t1"},
		{"terminal_close", `{"sessionId":"t1"}`, "Close terminal · t1"},
		{"session_search", `{"query":"flaky test\nmore"}`, "Search sessions · flaky test"},
		{"session_trace", `{}`, "Trace session"},
		{"session_trace", `{"session_id":"s-9"}`, "Trace session · s-9"},
		{"session_event_read", `{"seq":42,"before":2}`, "Read event · 42"},
		{"session_event_search", `{"query":"exit code"}`, "Search events · exit code"},
		{"session_event_trace", `{"seq":7}`, "Trace event · 7"},
		{"wait_agent", `{"agent_id":"a-1","timeout_ms":5000}`, "Wait for teammates · a-1"},
		{"get_goal", `{}`, "View goal"},
		{"todo_write", `{"todos":[{"content":"a","status":"pending"}]}`, "Update to-do list"},
		{"create_goal", `{"objective":"Ship it\nsoon","max_goal_rounds":8}`, "Create goal · Ship it"},
		{"update_goal", `{"goal_id":"g1","revision":2,"action":"blocked","blocked_reason":"CI down"}`, "Update goal · g1"},
		{"job_list", `{}`, "List background jobs"},
		{"job_output", `{"job_id":"j-1","wait":true}`, "Read job output · j-1"},
		{"job_kill", `{"job_id":"j-1","reason":"stale"}`, "Cancel background job · j-1"},
		{"workflow", `{"script":"const a = 1\nreturn a","meta":{"name":"probe","description":"d"}}`, "Run workflow · const a = 1"},
		{"ralph", `{"objective":"Fix the flaky test","maxRounds":3}`, "Run Ralph · Fix the flaky test"},
		{"subagent", `{"description":"Survey the API","prompt":"Read api/ and report"}`, "Delegate task · Survey the API"},
		{"list_agents", `{}`, "List agents"},
		{"list_agents", `{"scope":"all"}`, "List agents · all"},
		{"send_message", `{"subagent_id":"sa-1","message":"also check docs"}`, "Send message · sa-1"},
		{"send_message", `{"agent_id":"a-1","message":"go on"}`, "Send message · a-1"},
		{"interrupt_agent", `{"agent_id":"a-1"}`, "Interrupt agent · a-1"},
		{"list_subagent_models", `{}`, "List models"},
		{"spawn_teammate", `{"name":"reviewer","prompt":"Review the diff"}`, "Create teammate · reviewer"},
		{"team_task_create", `{"subject":"Write the docs"}`, "Create team task · Write the docs"},
		{"team_task_get", `{"task_id":"3"}`, "Read team task · 3"},
		{"team_task_update", `{"task_id":"3","status":"completed"}`, "Update team task · 3"},
		{"team_task_list", `{}`, "List team tasks"},
		{"schedule_create", `{"prompt":"Check the build","after_seconds":60}`, "Create reminder · Check the build"},
		{"schedule_list", `{}`, "List reminders"},
		{"schedule_delete", `{"id":"r1"}`, "Delete reminder · r1"},
		{"schedule_update", `{"id":"r1","prompt":"x"}`, "Update reminder · r1"},
		{"lsp", `{"operation":"goToDefinition","file_path":"a.go","line":3,"character":5}`, "Find definition · a.go:3:5"},
		{"lsp", `{"operation":"hover","file_path":"a.go","line":1,"character":2}`, "Inspect symbol · a.go:1:2"},
	} {
		v, ok := Call(c.name, c.args).(session.GenericCallView)
		if !ok || v.Title != c.want {
			t.Errorf("%s %s: %#v, want the title %q", c.name, c.args, Call(c.name, c.args), c.want)
		}
		if c.args != `{}` && v.RawInput == nil && c.name != "lsp" {
			t.Errorf("%s: its arguments are not the card's input", c.name)
		}
	}
}
