package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// The agent tools' and the loops' results are read as the web client reads
// them: a message's or an interrupt's receipt, a subagent started or its
// reply under its task, list_agents' JSON as records, a workflow's name and
// return value, a Ralph loop's final report.
func TestAgentAndLoopResultsAreTheirReceiptsAndReports(t *testing.T) {
	report := "{\n  \"summary\": \"Done\",\n  \"evidence\": [\"checked\"],\n  \"nextSteps\": [\"ship\"],\n  \"blocker\": \"\"\n}"
	for _, c := range []struct {
		name, args, text string
		want             session.Details
	}{
		{"send_message", `{"agent_id":"a1","message":"hello"}`, `{"status":"queued"}`,
			session.Details{Summary: "a1 · Queued", Empty: "No results", Items: []di{{Title: "a1", Badge: "Queued", Description: "hello"}}}},
		{"send_message", `{"agent_id":"a1","message":"hello"}`, `{"status":"accepted"}`,
			session.Details{Summary: "a1 · Message delivered", Empty: "No results", Items: []di{{Title: "a1", Badge: "Message delivered", Description: "hello"}}}},
		{"send_message", `{"agent_id":"a1","message":"hello"}`, "message delivered to agent a1",
			session.Details{Summary: "a1 · Message delivered", Empty: "No results", Items: []di{{Title: "a1", Badge: "Message delivered", Description: "hello"}}}},
		// 0.2.1 names the agent subagent_id: deck reads it (the client, which reads target, agent_id, sessionId or job_id, shows no subject)
		{"send_message", `{"subagent_id":"a3","message":"hello"}`, `{"status":"accepted"}`,
			session.Details{Summary: "a3 · Message delivered", Empty: "No results", Items: []di{{Title: "a3", Badge: "Message delivered", Description: "hello"}}}},
		// no agent named: the badge alone, never " · Queued"
		{"send_message", `{"message":"hello"}`, `{"status":"queued"}`,
			session.Details{Summary: "Queued", Empty: "No results", Items: []di{{Badge: "Queued", Description: "hello"}}}},
		{"interrupt_agent", `{"agent_id":"a1"}`, `{"previousStatus":"running"}`,
			session.Details{Summary: "a1 · Interrupt requested", Empty: "No results", Items: []di{{Title: "a1", Badge: "Interrupt requested", Fields: []df{fd("Previous status", "Running")}}}}},
		{"interrupt_agent", `{"agent_id":"a1"}`, "interrupt requested for agent a1",
			session.Details{Summary: "a1 · Interrupt requested", Empty: "No results", Items: []di{{Title: "a1", Badge: "Interrupt requested"}}}},
		{"subagent", `{"description":"d","prompt":"Do work"}`, "started background subagent job job-1",
			session.Details{Summary: "Do work · Started", Empty: "No results", Items: []di{{Title: "Do work", Badge: "Started", Fields: []df{fd("Job ID", "job-1")}}}}},
		{"subagent", `{"prompt":"Do work"}`, "started subagent sa-2",
			session.Details{Summary: "Do work · Started", Empty: "No results", Items: []di{{Title: "Do work", Badge: "Started", Fields: []df{fd("Agent ID", "sa-2")}}}}},
		{"subagent", `{"prompt":"Do work"}`, "A useful reply",
			session.Details{Summary: "Agent response", Empty: "No results", Items: []di{
				{Title: "Agent response", Description: "A useful reply"}, {Title: "Task", Depth: 1}, {Description: "Do work", Depth: 2}}}},
		{"list_agents", `{}`, `[{"id":"a1","status":"running","depth":1},{"name":"Review","id":"a2","status":"idle"}]`,
			session.Details{Summary: "2 agents", Empty: "No results", Items: []di{
				{Title: "a1", Badge: "Running", Fields: []df{fd("depth", "1")}}, {Title: "Review", Badge: "Idle", Fields: []df{fd("ID", "a2")}}}}},
		{"list_agents", `{}`, `[]`, session.Details{Summary: "0 agents", Empty: "No results"}},
		{"workflow", `{"code":"return true"}`, "workflow \"flow\" completed (1 agent).\nReturn value:\n{\"ok\":true}",
			session.Details{Summary: "flow", Empty: "No results", Items: []di{
				{Title: "flow", Badge: "Completed", Fields: []df{fd("Agents started", "1")}},
				{Title: "Workflow script", Depth: 1}, {Code: "return true", Depth: 2},
				{Fields: []df{fd("ok", "Yes")}}}}},
		{"workflow", `{"script":"x"}`, "workflow \"two\nlines\" completed (3 agents).\nReturn value:\n42",
			session.Details{Summary: "two\nlines", Empty: "No results", Items: []di{
				{Title: "two\nlines", Badge: "Completed", Fields: []df{fd("Agents started", "3")}}, {Description: "42"}}}},
		{"ralph", `{"objective":"Ship"}`, "Ralph worker reported completion after 2 rounds.\nFinal report:\n" + report,
			session.Details{Summary: "Done", Empty: "No results", Items: []di{
				{Title: "Done", Badge: "Worker reported completion", Fields: []df{fd("Rounds", "2")}, Lines: []string{"checked"}},
				{Title: "Remaining work", Depth: 1}, {Lines: []string{"ship"}, Depth: 2},
				{Title: "Task", Depth: 1}, {Description: "Ship", Depth: 2}}}},
		{"ralph", `{}`, "Ralph worker reported a blocker after 1 round.\nFinal report:\n{\"summary\":\"Blocked\",\"evidence\":[],\"nextSteps\":[],\"blocker\":\"No key\"}",
			session.Details{Summary: "Blocked", Empty: "No results", Items: []di{
				{Title: "Blocked", Badge: "Worker reported a blocker", Fields: []df{fd("Rounds", "1"), fd("Blocker", "No key")}}}}},
		{"ralph", `{}`, "Ralph reached its limit; the worker reported work remaining.\nFinal report:\n{\"summary\":\"Limited\",\"evidence\":[],\"nextSteps\":[],\"blocker\":\"\"}",
			session.Details{Summary: "Limited", Empty: "No results", Items: []di{{Title: "Limited", Badge: "Round limit reached"}}}},
	} {
		got := detailsOf(t, c.name, c.args, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %q:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// A result of these tools in no shape the client reads, or a loop's
// spilled text, is raw under the note that says so.
func TestOtherAgentAndLoopResultsStayRaw(t *testing.T) {
	spill := "\n\n(Omitted 100 bytes. Full formatted result stored at: /tmp/result.txt. Read it with read)"
	for _, c := range []struct{ name, args, text string }{
		{"send_message", `{"agent_id":"a1"}`, `{"status":"lost"}`},
		{"send_message", `{"agent_id":"a1"}`, "message delivered to agent a2"},
		{"interrupt_agent", `{"agent_id":"a1"}`, "unexpected"},
		{"interrupt_agent", `{"agent_id":"a1"}`, `{"previousStatus":3}`},
		{"list_agents", `{}`, `{"agents":[]}`},
		{"workflow", `{}`, "bad"},
		{"workflow", `{}`, "workflow \"flow\" completed (1 agent).\nReturn value:\nnot-json"},
		{"workflow", `{}`, "workflow \"flow\" completed (1 agent).\nReturn value:\n{\"ok\":true}" + spill},
		{"ralph", `{}`, "Ralph worker reported completion after 1 round.\nFinal report:\nnot-json"},
		{"ralph", `{}`, "Ralph worker reported completion after 1 round.\nFinal report:\n{\"summary\":\"x\",\"evidence\":[1],\"nextSteps\":[],\"blocker\":\"\"}"},
		{"ralph", `{}`, "Ralph worker reported completion after 1 round.\nFinal report:\n{\"summary\":\"x\",\"evidence\":[],\"nextSteps\":[1],\"blocker\":\"\"}"},
		{"ralph", `{}`, "Ralph worker reported completion after 1 round.\nFinal report:\n{\"summary\":\"x\",\"evidence\":[],\"nextSteps\":[]}"},
		{"ralph", `{}`, "Unknown result\nFinal report:\n{\"summary\":\"x\",\"evidence\":[],\"nextSteps\":[],\"blocker\":\"\"}"},
	} {
		v, ok := Result(c.name, c.args, textResult(c.text)).(session.GenericResultView)
		if !ok || v.Details != nil || v.DetailsNote != unreadDetails {
			t.Errorf("%s %q: want the raw result under the note, got %+v", c.name, c.text, v)
		}
	}
}
