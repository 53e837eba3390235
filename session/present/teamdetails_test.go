package present

import (
	"reflect"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

type di = session.DetailItem

// The team tools' results and Cordis's inspections are records: each
// item titled by the key that names it, its state a badge, its other
// scalars fields in the order written (known keys in the client's words),
// a nested record or list under its label one level deeper.
func TestRecordResultsAreListedAsTheirFields(t *testing.T) {
	for _, c := range []struct {
		name, args, text string
		want             session.Details
	}{
		{"spawn_teammate", `{"name":"A"}`, `{"member":{"id":"a1","status":"running"}}`,
			session.Details{Summary: "A", Empty: "No results", Items: []di{{Title: "a1", Badge: "Running"}}}},
		{"spawn_teammate", `{"name":"reviewer"}`, `{"member":{"name":"reviewer","role":"review","model":"deepseek-chat","ready":true,"pid":null,"context":12}}`,
			session.Details{Summary: "reviewer", Empty: "No results", Items: []di{{Title: "reviewer",
				Fields: []df{fd("Role", "review"), fd("Model", "deepseek-chat"), fd("Ready", "Yes"), fd("Process ID", "None"), fd("Context", "12")}}}}},
		{"team_task_create", `{}`, `{"id":"task-1","subject":"Review","status":"pending"}`,
			session.Details{Summary: "Review", Empty: "No results", Items: []di{{Title: "Review", Badge: "Pending", Fields: []df{fd("ID", "task-1")}}}}},
		{"team_task_update", `{}`, `{"subject":"Ship","description":"Tag it","id":"3","revision":2.0,"blockedBy":["1","2"],"writeScopes":[],"ownerName":"ann","extra":1e2}`,
			session.Details{Summary: "Ship", Empty: "No results", Items: []di{
				{Title: "Ship", Description: "Tag it", Fields: []df{fd("ID", "3"), fd("Revision", "2"), fd("Owner", "ann"), fd("extra", "100")}},
				{Title: "Dependencies", Depth: 1}, {Description: "1", Depth: 2}, {Description: "2", Depth: 2},
			}}},
		{"team_task_get", `{}`, `{"subject":"x","status":{"phase":"odd"}}`,
			session.Details{Summary: "x", Empty: "No results", Items: []di{{Title: "x"}, {Title: "Status", Depth: 1}, {Depth: 2, Fields: []df{fd("phase", "odd")}}}}},
		{"team_task_list", `{}`, `{"tasks":[{"id":"task-1","subject":"Review"},{"id":"task-2","status":"completed"}],"nextCursor":3}`,
			session.Details{Summary: "2 team tasks", Empty: "No results", Caption: "More tasks available; next cursor is 3", Items: []di{
				{Title: "Review", Fields: []df{fd("ID", "task-1")}}, {Title: "task-2", Badge: "Completed"},
			}}},
		{"team_task_list", `{}`, `{"tasks":[]}`, session.Details{Summary: "0 team tasks", Empty: "No results"}},
		{"wait_agent", `{}`, `{"timedOut":true}`,
			session.Details{Summary: "Teammate activity · Wait timed out", Empty: "No results", Items: []di{{Title: "Teammate activity", Badge: "Wait timed out"}}}},
		{"wait_agent", `{}`, `{"timedOut":false,"changed":["a1"]}`,
			session.Details{Summary: "Teammate activity · Change detected", Empty: "No results", Items: []di{{Title: "Teammate activity", Badge: "Change detected"}}}},
		{"wait_agent", `{}`, `{"timedOut":false,"noProgress":{"message":"No peer"}}`,
			session.Details{Summary: "No active teammates", Empty: "No results", Items: []di{{Title: "No active teammates", Description: "No peer"}}}},
		{"cordis_inspect_list", `{}`, `{"providers":[{"name":"Service","status":"ready","methods":["get"],"inputSchema":{"type":"object"}}]}`,
			session.Details{Summary: "1 inspect provider", Empty: "No results", Items: []di{
				{Title: "Service", Badge: "Ready"}, {Title: "Methods", Depth: 1}, {Description: "get", Depth: 2},
				{Title: "Input schema", Depth: 1}, {Code: "{\n  \"type\": \"object\"\n}", Depth: 2},
			}}},
		{"cordis_inspect_query", `{}`, `{"provider":"Service","method":"get","data":{"value":1}}`,
			session.Details{Summary: "Service.get", Empty: "No results", Items: []di{{Fields: []df{fd("value", "1")}}}}},
		{"cordis_inspect_self", `{}`, `{"mode":"client","plugins":[]}`,
			session.Details{Summary: "0 dynamic plugins", Empty: "No results", Items: []di{{Description: "No results"}}}},
		{"cordis_inspect_self", `{}`, `{"mode":"host","packageId":"pkg","value":1}`,
			session.Details{Summary: "host", Empty: "No results", Items: []di{{Title: "pkg", Fields: []df{fd("mode", "host"), fd("value", "1")}}}}},
		{"cordis_inspect_self", `{"pluginId":"plugin-1"}`, `{"mode":"host","value":1}`,
			session.Details{Summary: "plugin-1", Empty: "No results", Items: []di{{Fields: []df{fd("mode", "host"), fd("value", "1")}}}}},
	} {
		got := detailsOf(t, c.name, c.args, textResult(c.text))
		if got == nil || !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", c.name, c.text, got, c.want)
		}
	}
}

// A name written twice keeps its first place and its last value, as
// JSON.parse does; a list longer than the client's 40 is cut and counted;
// records nested deeper than its five levels are shown as their JSON; a
// call's arguments written as JSON text are read as a record.
func TestRecordsAreReadAsTheClientReadsThem(t *testing.T) {
	d := detailsOf(t, "team_task_get", `{}`, textResult(`{"subject":"x","a":1,"b":2,"a":3}`))
	if d == nil || !reflect.DeepEqual(d.Items[0].Fields, []df{fd("a", "3"), fd("b", "2")}) {
		t.Errorf("want a in its first place with its last value, got %+v", d)
	}
	many := `{"tasks":[` + strings.Repeat(`{"subject":"t"},`, 44) + `{"subject":"t"}]}`
	d = detailsOf(t, "team_task_list", `{}`, textResult(many))
	if d == nil || len(d.Items) != 41 || d.Items[40].Description != "5 more items" || d.Summary != "45 team tasks" {
		t.Errorf("want 40 tasks and 5 more counted, got %+v", d)
	}
	deep := `{"subject":"x","a":{"b":{"c":{"d":{"e":{"f":true}}}}}}`
	d = detailsOf(t, "team_task_get", `{}`, textResult(deep))
	if d == nil {
		t.Fatal("want details of a deep record")
	}
	last := d.Items[len(d.Items)-1]
	if last.Code != "{\n  \"f\": true\n}" || last.Depth != 10 {
		t.Errorf("want the record past five levels as its JSON, got %+v", d.Items)
	}
	d = detailsOf(t, "team_task_get", `{}`, textResult(`{"subject":"x","arguments":"{\"path\":\"a.go\"}"}`))
	if d == nil || !reflect.DeepEqual(d.Items[1:], []di{{Title: "IN", Depth: 1}, {Depth: 2, Fields: []df{fd("path", "a.go")}}}) {
		t.Errorf("want the arguments read as a record, got %+v", d)
	}
}

// A result the client cannot read as the tool's record keeps the raw
// result.
func TestOtherRecordResultsStayRaw(t *testing.T) {
	for _, c := range []struct{ name, args, text string }{
		{"spawn_teammate", `{"name":"A"}`, `{"member":"a1"}`},
		{"spawn_teammate", `{"name":"A"}`, `started teammate a1`},
		{"team_task_create", `{}`, `{"id":"3","revision":1}`},
		{"team_task_get", `{}`, `{"subject":"x"} {"subject":"y"}`},
		{"team_task_get", `{}`, `[{"subject":"x"}]`},
		{"team_task_list", `{}`, `{"tasks":[],"nextCursor":"bad"}`},
		{"team_task_list", `{}`, `[{"id":"3"}]`},
		{"wait_agent", `{}`, `{"status":"completed","agentId":"a-1"}`},
		{"cordis_inspect_list", `{}`, `{"providers":{}}`},
		{"cordis_inspect_query", `{}`, `{"provider":"Service","method":"get"}`},
		{"cordis_inspect_self", `{}`, `[]`},
		{"cordis_inspect_list", `{}`, "{\"providers\":[]}\n\n(Omitted 100 bytes. Full formatted result stored at: /tmp/r.txt. Read it with read.)"},
	} {
		if d := detailsOf(t, c.name, c.args, textResult(c.text)); d != nil {
			t.Errorf("%s %s: want the raw result, got %+v", c.name, c.text, d)
		}
	}
}
