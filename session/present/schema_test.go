package present

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
)

// schemaCase is one tool's arguments, and whether they fit the harness's
// schema for it: a good call has the tool's own card, a bad one the
// generic card (the tool's name and its input), as the harness shows it.
type schemaCase struct {
	tool, args string
	fits       bool
	why        string
}

// fallsToGeneric reports whether a call got the generic card.
func fallsToGeneric(name, raw string) bool {
	a, ok := ParseArgs(raw)
	return reflect.DeepEqual(Call(name, raw), genericCall(name, raw, a, ok))
}

// The harness checks a call's arguments against the tool's whole JSON
// Schema before it presents it (tools/src/schema.ts, json-schema.ts): one
// case per rule, and each bad shape the audit of issue 11 found.
func TestArgumentsFollowTheHarnessSchema(t *testing.T) {
	cases := []schemaCase{
		// types, integer and the finite number included
		{"read", `{"file_path":"a.go","offset":1,"limit":10}`, true, "good"},
		{"read", `{"file_path":"a.go","offset":"1"}`, false, "a number as a string"},
		{"read", `{"offset":1}`, false, "required key missing"},
		{"read", `{"file_path":"a.go","offset":1e999}`, false, "a number JavaScript reads as Infinity"},
		{"read", `{"file_path":"a.go","offset":-0}`, false, "-0 is not a JSON number to the harness"},
		{"read", `{"file_path":"a.go","offset":null}`, false, "null is not a number"},
		{"read", `{"file_path":"a.go","extra":1}`, true, "the root is open: other keys pass"},
		{"str_replace_editor", `{"command":"insert","path":"a.go","insert_line":2}`, true, "good"},
		{"str_replace_editor", `{"command":"insert","path":"a.go","insert_line":2.0}`, true, "2.0 is an integer"},
		{"str_replace_editor", `{"command":"insert","path":"a.go","insert_line":1.5}`, false, "integer with a fraction"},
		{"str_replace_editor", `{"command":"view","path":"a.go","view_range":[1,2.5]}`, false, "an item not an integer"},
		{"str_replace_editor", `{"command":"explode","path":"a.go"}`, false, "command outside its enum"},
		{"session_event_read", `{"seq":3}`, true, "good"},
		{"session_event_read", `{"seq":1.5}`, false, "seq must be an integer"},
		{"session_event_read", `{}`, false, "seq is required"},
		{"session_event_trace", `{"seq":"3"}`, false, "seq must be an integer"},
		// enum
		{"lsp", `{"operation":"hover","file_path":"a.go","line":1,"character":2}`, true, "good"},
		{"lsp", `{"operation":"explode","file_path":"a.go","line":1,"character":2}`, false, "operation outside its enum"},
		{"terminal_signal", `{"sessionId":"t1","signal":"SIGINT"}`, true, "good"},
		{"terminal_signal", `{"sessionId":"t1","signal":"SIGFOO"}`, false, "signal outside its enum"},
		{"terminal_signal", `{"sessionId":"t1"}`, false, "signal is required"},
		{"terminal_read", `{"sessionId":"t1","count":"5"}`, false, "count must be a number"},
		{"write", `{"file_path":"a","content":"x","sandbox_permissions":"workspace-write","justification":"j"}`, true, "good"},
		{"write", `{"file_path":"a","content":"x","sandbox_permissions":"bogus"}`, false, "sandbox_permissions outside its enum"},
		{"edit", `{"file_path":"a","old_string":"x","new_string":"y","sandbox_permissions":"bogus"}`, false, "sandbox_permissions outside its enum"},
		{"edit", `{"file_path":"a","old_string":"x","new_string":"y","replace_all":"yes"}`, false, "replace_all must be a boolean"},
		{"update_goal", `{"goal_id":"g","revision":1,"action":"pause"}`, true, "good"},
		{"update_goal", `{"goal_id":"g","action":"pause"}`, false, "revision is required"},
		// nested items and properties, enum and additionalProperties false inside
		{"todo_write", `{"todos":[{"content":"x","status":"pending"}]}`, true, "good"},
		{"todo_write", `{"todos":[{"content":"x","status":"bogus"}]}`, false, "a nested enum"},
		{"todo_write", `{"todos":[{"content":"x"}]}`, false, "a nested required key"},
		{"todo_write", `{"todos":[{"content":"x","status":"pending","priority":"high"}]}`, false, "a nested closed object"},
		{"todo_write", `{"todos":["x"]}`, false, "an item not an object"},
		{"web_search", `{"queries":["a","b"]}`, true, "good"},
		{"ask_user_question", `{"questions":[{"id":"q","question":"?","options":[{"label":"a"}]}]}`, true, "good"},
		{"ask_user_question", `{"questions":[{"id":"q","question":"?","options":[{"description":"d"}]}]}`, false, "an option without its label"},
		{"workflow", `{"script":"return 1","meta":{"name":"w","description":"d","extra":1}}`, true, "good: meta is open"},
		{"workflow", `{"script":"return 1","meta":{"name":"w"}}`, false, "meta.description is required"},
		{"workflow", `{"script":"return 1","meta":{"name":"w","description":"d","phases":[{"detail":"x"}]}}`, false, "a phase without its title"},
		// oneOf and const
		{"cordis_define", `{"plugin":{"kind":"new","idPrefix":"q"},"name":"n","purpose":"p","code":{"host":"return {}"}}`, true, "good"},
		{"cordis_define", `{"plugin":{"kind":"existing","pluginId":"q-1"},"name":"n","purpose":"p","code":{}}`, true, "good"},
		{"cordis_define", `{"plugin":{"kind":"bogus","idPrefix":"q"},"name":"n","purpose":"p","code":{}}`, false, "kind matches neither const"},
		{"cordis_define", `{"plugin":{"kind":"new"},"name":"n","purpose":"p","code":{}}`, false, "no branch: idPrefix missing"},
		{"cordis_define", `{"plugin":{"kind":"new","idPrefix":"q","pluginId":"x"},"name":"n","purpose":"p","code":{}}`, false, "a branch's closed object"},
		{"cordis_define", `{"plugin":{"kind":"new","idPrefix":"q"},"name":"n","purpose":"p","code":{"host":3}}`, false, "a code half not a string"},
		{"cordis_define", `{"plugin":{"kind":"new","idPrefix":"q"},"name":"n","purpose":"p","code":{"server":"x"}}`, false, "code is closed"},
		{"schedule_create", `{"prompt":"p","at":"2026-01-01T00:00:00Z"}`, true, "good: at as a string"},
		{"schedule_create", `{"prompt":"p","at":{"date":"d","time":"t","time_zone":"z"}}`, true, "good: at as an object"},
		{"schedule_create", `{"prompt":"p","at":{"date":"d"}}`, false, "at matches no branch"},
		{"cordis_inspect_query", `{"platform":"host","provider":"p","method":"m","input":{"any":[1]}}`, true, "good: input is any JSON"},
	}
	for _, c := range cases {
		if got := !fallsToGeneric(c.tool, c.args); got != c.fits {
			t.Errorf("%s %s (%s): presented %v, want %v", c.tool, c.args, c.why, got, c.fits)
		}
	}
}

// A result is presented under the same check as its call: a write whose
// arguments fail the schema has the generic result card.
func TestAResultOfArgumentsOutsideTheSchemaIsGeneric(t *testing.T) {
	r := &session.ToolResult{Content: []session.ContentBlock{{Type: "text", Text: "Created file a"}}}
	if v := Result("write", `{"file_path":"a","content":"x"}`, r); reflect.DeepEqual(v, session.GenericResultView{}) {
		t.Errorf("a good write: %#v", v)
	}
	if v := Result("write", `{"file_path":"a","content":"x","sandbox_permissions":"bogus"}`, r); !reflect.DeepEqual(v, session.GenericResultView{}) {
		t.Errorf("a write outside its enum: %#v", v)
	}
}
