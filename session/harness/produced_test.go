package harness_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// toolPair is a v4 tool call and its result, at seqs n and n+1; args is
// the arguments' JSON as a JSON string.
func toolPair(n int, id, name, args string, failed bool) string {
	return `{"type":"tool/call","seq":` + strconv.Itoa(n) + `,"time":1,"data":{"turn":1,"step":1,"callId":"` + id + `","name":"` + name + `","arguments":` + args + `}}` + "\n" +
		`{"type":"tool/result","seq":` + strconv.Itoa(n+1) + `,"time":2,"data":{"turn":1,"step":1,"message":{"role":"tool","source":{"kind":"tool","callId":"` + id + `"},"toolCallId":"` + id + `","content":[{"type":"text","text":"ok"}],"isError":` + strconv.FormatBool(failed) + `,"id":"r` + id + `"}},"surfaceOp":"append"}` + "\n"
}

// A turn's end names the files the turn wrote or edited, as the web
// client's turn tail does: those of its calls that changed a file and
// finished well (a write, an edit, an insert), each once, first produced
// first; not a file only read, not one a failed edit left alone, not one
// an earlier turn wrote.
func TestATurnEndsWithTheFilesItProduced(t *testing.T) {
	log := headerV5 +
		`{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}` + "\n" +
		toolPair(1, "w0", "write", `"{\"file_path\": \"/w/old.go\", \"content\": \"x\"}"`, false) +
		`{"type":"turn/end","seq":3,"time":3,"data":{"turn":1,"reason":{"kind":"completed"}}}` + "\n" +
		`{"type":"turn/start","seq":4,"time":4,"data":{"turn":2}}` + "\n" +
		toolPair(5, "w1", "write", `"{\"file_path\": \"/w/main.go\", \"content\": \"package main\\n\"}"`, false) +
		toolPair(7, "r1", "read", `"{\"file_path\": \"/w/go.mod\"}"`, false) +
		toolPair(9, "e1", "edit", `"{\"file_path\": \"/w/util.go\", \"old_string\": \"a\", \"new_string\": \"b\"}"`, true) +
		toolPair(11, "i1", "str_replace_editor", `"{\"command\": \"insert\", \"path\": \"/w/notes.md\", \"insert_line\": 0, \"new_str\": \"hi\"}"`, false) +
		toolPair(13, "e2", "edit", `"{\"file_path\": \"/w/main.go\", \"old_string\": \"main\", \"new_string\": \"app\"}"`, false) +
		`{"type":"turn/end","seq":15,"time":15,"data":{"turn":2,"reason":{"kind":"completed"}}}` + "\n"
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	var ends []*session.TurnEnd
	for _, e := range s.Entries {
		if te, ok := e.(*session.TurnEnd); ok {
			ends = append(ends, te)
		}
	}
	if len(ends) != 2 {
		t.Fatalf("%d turn ends", len(ends))
	}
	if got := strings.Join(ends[0].Produced, " "); got != "/w/old.go" {
		t.Errorf("turn 1 produced %q", got)
	}
	if got := strings.Join(ends[1].Produced, " "); got != "/w/main.go /w/notes.md" {
		t.Errorf("turn 2 produced %q, want main.go (written, then edited: once) and notes.md (inserted into)", got)
	}
}
