package harness_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

const headerV4 = `{"type":"session","version":4,"id":"s","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n"

func todoCall(seq, id, todos string) string {
	return `{"type":"tool/call","seq":` + seq + `,"time":1,"data":{"turn":1,"step":1,"callId":"` + id + `","name":"todo_write","arguments":` + jsonString(`{"todos":`+todos+`}`) + `}}` + "\n"
}

func todoWrite(seq, todos string) string {
	return `{"type":"todo/write","seq":` + seq + `,"time":1,"data":{"todos":` + todos + `}}` + "\n"
}

func todoResult(seq, id, errorCode string) string {
	failed := ""
	if errorCode != "" {
		failed = `,"isError":true`
	}
	out := `{"type":"tool/result","seq":` + seq + `,"time":2,"data":{"turn":1,"step":1,"message":{"role":"tool","toolCallId":"` + id + `","content":[{"type":"text","text":"ok"}]` + failed + `,"id":"r` + id + `"}`
	if errorCode != "" {
		out += `,"error":{"name":"Error","code":"` + errorCode + `"}`
	}
	return out + `}}` + "\n"
}

func jsonString(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"`
}

// A todo_write is compared with the list the log's last todo/write recorded
// when it was called, not with the write the call itself causes after it,
// as the web client's todo history keeps it; the first is compared with
// none. A call that failed or was stopped changed nothing it can say.
func TestATodoWriteIsComparedWithTheListBeforeIt(t *testing.T) {
	first := `[{"content":"a","status":"in_progress"},{"content":"b","status":"pending"}]`
	second := `[{"content":"a","status":"completed"},{"content":"b","status":"in_progress"},{"content":"c","status":"pending"}]`
	s := sessiontest.ReadString(headerV4 +
		todoCall("0", "t1", first) + todoWrite("1", first) + todoResult("2", "t1", "") +
		todoCall("3", "t2", second) + todoWrite("4", second) + todoResult("5", "t2", "") +
		todoCall("6", "t3", first) + todoResult("7", "t3", "interrupted") +
		todoCall("8", "t4", first) + todoResult("9", "t4", "BAD"))
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 4 {
		t.Fatalf("%d calls", len(calls))
	}
	changes := func(c *session.ToolCall) *session.TodoChanges {
		v, _ := c.View.(session.GenericResultView)
		return v.Todos
	}
	if ch := changes(calls[0]); ch == nil || !ch.First || ch.Added != 2 {
		t.Errorf("the first write: %+v", ch)
	}
	if ch := changes(calls[1]); ch == nil || ch.First || ch.Added != 1 || ch.Updated != 2 || ch.Removed != 0 {
		t.Errorf("the second write: %+v", ch)
	}
	for _, c := range calls[2:] {
		if ch := changes(c); ch != nil {
			t.Errorf("%s (%v) says what it changed: %+v", c.CallID, c.Status(), ch)
		}
	}
	if v, ok := calls[0].Call.(session.GenericCallView); !ok || v.Todos == nil || v.Todos.Active != "a" {
		t.Errorf("the call's line: %+v", calls[0].Call)
	}
}

// A todo_write a code-mode program made (tool/ptc-dispatch) is compared
// with the list before it in the log's order, as a top-level one is:
// after a top-level write with that write's list, after a nested one with
// the nested one's; and a top-level write after a nested one with the
// nested one's. A nested write that failed says nothing it changed.
func TestANestedTodoWriteIsComparedInTheSessionsOrder(t *testing.T) {
	one := `[{"content":"a","status":"in_progress"}]`
	two := `[{"content":"a","status":"completed"},{"content":"b","status":"in_progress"}]`
	three := `[{"content":"a","status":"completed"},{"content":"b","status":"completed"},{"content":"c","status":"pending"}]`
	four := `[{"content":"c","status":"in_progress"}]`
	dispatch := func(kind, seq, sub, todos, failed string) string {
		return `{"type":"tool/ptc-dispatch` + kind + `","seq":` + seq + `,"time":1,"data":{"parentCallId":"p1","rootCallId":"p1","subCallId":"` + sub +
			`","name":"todo_write","arguments":{"todos":` + todos + `},"content":[],"isError":` + failed + `}}` + "\n"
	}
	s := sessiontest.ReadString(headerV4 +
		todoCall("0", "t1", one) + todoWrite("1", one) + todoResult("2", "t1", "") +
		`{"type":"tool/call","seq":3,"time":1,"data":{"turn":1,"step":1,"callId":"p1","name":"run_code","arguments":"{\"code\":\"x\"}"}}` + "\n" +
		dispatch("-start", "4", "s1", two, "false") + todoWrite("5", two) + dispatch("", "6", "s1", two, "false") +
		dispatch("-start", "7", "s2", three, "false") + todoWrite("8", three) + dispatch("", "9", "s2", three, "false") +
		dispatch("-start", "10", "s3", one, "false") + dispatch("", "11", "s3", one, "true") +
		todoResult("12", "p1", "") +
		todoCall("13", "t2", four) + todoWrite("14", four) + todoResult("15", "t2", ""))
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 3 || len(calls[1].SubCalls) != 3 {
		t.Fatalf("%d calls, want t1, p1 with 3 nested calls, t2", len(calls))
	}
	nested := calls[1].SubCalls
	if ch := nested[0].Todos; ch == nil || ch.First || ch.Added != 1 || ch.Updated != 1 || ch.Removed != 0 {
		t.Errorf("the first nested write, against t1's list: %+v", ch)
	}
	if ch := nested[1].Todos; ch == nil || ch.First || ch.Added != 1 || ch.Updated != 1 || len(ch.Unchanged) != 1 {
		t.Errorf("the second nested write, against the first's list: %+v", ch)
	}
	if ch := nested[2].Todos; ch != nil {
		t.Errorf("a failed nested write says what it changed: %+v", ch)
	}
	v, _ := calls[2].View.(session.GenericResultView)
	if ch := v.Todos; ch == nil || ch.First || ch.Added != 0 || ch.Updated != 1 || ch.Removed != 2 {
		t.Errorf("the top-level write after them, against the second nested write's list: %+v", ch)
	}
}
