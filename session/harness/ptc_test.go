package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A code-mode program's nested calls are listed on its card, each titled
// as its own card would be from its arguments, with the folder and file
// the harness recorded in its meta (2026-10-05 on); a call nested in a
// nested call is listed on the top-level one, by its rootCallId.
func TestANestedCallSaysWhatItDidAndWhere(t *testing.T) {
	dispatch := func(kind, seq, data string) string {
		return `{"type":"tool/ptc-dispatch` + kind + `","seq":` + seq + `,"time":1,"data":` + data + "}\n"
	}
	log := headerV5 +
		`{"type":"tool/call","seq":0,"time":1,"data":{"turn":1,"step":1,"callId":"p1","name":"run_code","arguments":"{\"code\":\"x\"}"}}` + "\n" +
		dispatch("-start", "1", `{"parentCallId":"p1","rootCallId":"p1","subCallId":"s1","name":"bash","arguments":{"command":"go test ./..."}}`) +
		dispatch("", "2", `{"parentCallId":"p1","rootCallId":"p1","subCallId":"s1","name":"bash","arguments":{"command":"go test ./..."},"content":[],"isError":false,"meta":{"cwd":"/w/pkg"}}`) +
		dispatch("-start", "3", `{"parentCallId":"s1","rootCallId":"p1","subCallId":"s2","name":"read"}`) +
		dispatch("", "4", `{"parentCallId":"s1","rootCallId":"p1","subCallId":"s2","name":"read","arguments":"{\"file_path\":\"a.go\"}","content":[],"isError":true,"meta":{"path":"/w/pkg/a.go"}}`) +
		dispatch("", "5", `{"parentCallId":"p1","rootCallId":"p1","subCallId":"s3","name":"mystery","arguments":{},"content":[],"isError":false,"meta":["not","an","object"]}`)
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	want := []session.SubCall{
		{ID: "s1", Name: "bash", Done: true, Title: "go test ./...", Cwd: "/w/pkg"},
		{ID: "s2", Name: "read", Done: true, IsError: true, Title: "Read a.go", Path: "/w/pkg/a.go"},
		{ID: "s3", Name: "mystery", Done: true},
	}
	got := sessiontest.OnlyCall(t, s).SubCalls
	if len(got) != len(want) {
		t.Fatalf("nested calls %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("nested call %d: %+v, want %+v", i, got[i], want[i])
		}
	}
}
