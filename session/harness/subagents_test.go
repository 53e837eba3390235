package harness_test

import (
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A subagent/catalog record of a local child is bookkeeping: its session
// and the call that made it show it. An external child (payload version
// 2, 0.2 on) has no session here and nothing else shows it: a line; so
// does a mode deck does not know.
func TestAnExternalSubagentIsALine(t *testing.T) {
	catalog := func(seq, data string) string {
		return `{"type":"subagent/catalog","seq":` + seq + `,"time":1,"data":` + data + "}\n"
	}
	s := sessiontest.ReadString(headerV5 +
		catalog("0", `{"version":1,"childId":"c1","childCreatedAt":1,"mode":"one-shot","label":"tests"}`) +
		catalog("1", `{"version":0,"childId":"c2","childCreatedAt":1,"mode":"continuable","label":"docs"}`) +
		catalog("2", `{"version":1,"childId":"c3","childCreatedAt":1,"mode":"unknown"}`) +
		catalog("3", `{"version":2,"childId":"x1","childCreatedAt":1,"mode":"external","label":"reviewer"}`) +
		catalog("4", `{"version":2,"childId":"x2","childCreatedAt":1,"mode":"external"}`) +
		catalog("5", `{"version":3,"childId":"x3","childCreatedAt":1,"mode":"remote"}`))
	sessiontest.NoNotices(t, s)
	if s.Hidden["subagent/catalog"] != 3 {
		t.Errorf("the local children are not bookkeeping: %v", s.Hidden)
	}
	var got []string
	for _, e := range sessiontest.Events(s, "subagent/catalog") {
		got = append(got, e.Summary)
	}
	want := []string{
		"external subagent reviewer (x1): it ran elsewhere, with no session here to open",
		"external subagent x2: it ran elsewhere, with no session here to open",
		"subagent x3 of a mode deck does not know: remote",
	}
	if len(got) != len(want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i, got[i], want[i])
		}
	}
}
