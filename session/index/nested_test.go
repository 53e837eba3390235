package index_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/cardtext"
	"github.com/deck-tui/deck/session/index"
)

// A text of a card that nests a subagent's work says where each nested
// entry's text starts in it, depth first as the viewer counts them (its
// "nested k of n"), and whose work it is: the innermost call's, named as
// its card heads it. A byte that is not UTF-8 before a nest (made U+FFFD,
// three bytes) moves the nests after it.
func TestTextsSayWhereTheNestedWorkIs(t *testing.T) {
	inner := &session.ToolCall{Name: "Task", Call: session.GenericCallView{Title: "Task: inner"},
		Nested: []session.Entry{&session.AssistantText{Text: "needle inner"}}}
	outer := &session.ToolCall{Name: "Task", Call: session.GenericCallView{Title: "Task: outer"}, Nested: []session.Entry{
		&session.AssistantText{Text: "bad \xff byte"},
		inner,
		&session.AssistantText{Text: "needle outer"},
	}}
	nameless := &session.ToolCall{Name: "agent", Nested: []session.Entry{&session.AssistantText{Text: "needle nameless"}}}
	texts := index.Texts(&session.Session{Entries: []session.Entry{outer, nameless}})
	var replies []index.Text
	for _, x := range texts {
		if x.Kind == cardtext.KindReply {
			replies = append(replies, x)
		}
	}
	if len(replies) != 2 {
		t.Fatalf("reply texts: %+v", replies)
	}
	if got := replies[0].Text; got != "bad \uFFFD byte\nneedle inner\nneedle outer" {
		t.Fatalf("text %q", got)
	}
	want := []index.Nest{{At: 0, Place: 1, Subagent: "Task: outer"}, {At: 13, Place: 3, Subagent: "Task: inner"}, {At: 26, Place: 4, Subagent: "Task: outer"}}
	if !reflect.DeepEqual(replies[0].Nests, want) || replies[0].NestedOf != 4 {
		t.Errorf("nests %+v of %d; want %+v of 4", replies[0].Nests, replies[0].NestedOf, want)
	}
	for _, n := range replies[0].Nests[1:] {
		if !strings.HasPrefix(replies[0].Text[n.At:], "needle ") {
			t.Errorf("nest %+v starts at %q", n, replies[0].Text[n.At:])
		}
	}
	if n := replies[1].Nests; len(n) != 1 || n[0].Subagent != "agent" || replies[1].NestedOf != 1 {
		t.Errorf("a call with no title is named by its tool: %+v", n)
	}
	for _, x := range texts {
		if x.Kind == cardtext.KindCall && x.Entry == 0 && (len(x.Nests) != 1 || x.Nests[0].Place != 2) {
			t.Errorf("of the calls' text, only the nested call's own is nested: %+v", x)
		}
	}
}

// claudeTask is a Claude Code log whose Task's subagent (its sidechain)
// runs a command whose output holds needle, and replies; the Task's
// result is result.
func claudeTask(session, needle, result string) string {
	var b strings.Builder
	n := 0
	line := func(r map[string]any) {
		n++
		for k, v := range map[string]any{"sessionId": session, "uuid": fmt.Sprintf("u%d", n), "cwd": "/w/claude", "version": "2.1.0",
			"timestamp": fmt.Sprintf("2026-01-01T00:00:%02d.000Z", n)} {
			if _, ok := r[k]; !ok {
				r[k] = v
			}
		}
		j, err := json.Marshal(r)
		if err != nil {
			panic(err)
		}
		b.Write(append(j, '\n'))
	}
	type obj = map[string]any
	line(obj{"type": "user", "message": obj{"role": "user", "content": "survey the code"}})
	line(obj{"type": "assistant", "message": obj{"id": "m1", "role": "assistant", "content": []any{obj{"type": "tool_use", "id": "tk",
		"name": "Task", "input": obj{"description": "find \x1b]0;owned\x07 callers", "prompt": "dig", "subagent_type": "Explore"}}}}})
	line(obj{"type": "user", "isSidechain": true, "parentUuid": nil, "uuid": "s0", "message": obj{"content": "dig"}})
	line(obj{"type": "assistant", "isSidechain": true, "parentUuid": "s0", "uuid": "s1", "message": obj{"id": "sm", "content": []any{
		obj{"type": "tool_use", "id": "b1", "name": "Bash", "input": obj{"command": "ls"}}}}})
	line(obj{"type": "user", "isSidechain": true, "parentUuid": "s1", "uuid": "s2", "message": obj{"content": []any{
		obj{"type": "tool_result", "tool_use_id": "b1", "content": "a.go " + needle}}}, "toolUseResult": obj{"stdout": "a.go " + needle, "stderr": ""}})
	line(obj{"type": "assistant", "isSidechain": true, "parentUuid": "s2", "uuid": "s3", "message": obj{"id": "sm2", "content": []any{obj{"type": "text", "text": "dug"}}}})
	line(obj{"type": "user", "message": obj{"role": "user", "content": []any{obj{"type": "tool_result", "tool_use_id": "tk", "content": result}}}})
	return b.String()
}

// A hit in a subagent's work says so: its call's card, the nested entry
// that holds it (the viewer's "nested k of n") and the subagent's name as
// the card heads it; a hit in the call's own text (its result, which
// comes first in the card) says nothing of a subagent. The index (which
// stores it) and a search of the files say the same.
func TestAHitInASubagentSaysWhichNestedEntryHoldsIt(t *testing.T) {
	tr := newTree(t)
	write(t, tr.claudePath("own"), claudeTask("own", "wombatroot", "dug up wombatroot"), 2*time.Hour)
	write(t, tr.claudePath("tasked"), claudeTask("tasked", "wombatroot", "dug"), time.Hour)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	type said struct {
		Entry            int
		Kind             cardtext.Kind
		Nested, NestedOf int
		Subagent         string
	}
	want := []said{
		{Entry: 2, Kind: cardtext.KindOutput, Nested: 2, NestedOf: 3, Subagent: "Task (Explore): find \x1b]0;owned\x07 callers"},
		{Entry: 2, Kind: cardtext.KindOutput}, // the Task's own result, before its subagent's work
	}
	q := index.Query{Text: "wombatroot"}
	var files []index.Hit
	if err := index.SearchFiles(context.Background(), tr.roots, q, func(h index.Hit) bool { files = append(files, h); return true }); err != nil {
		t.Fatal(err)
	}
	for name, hits := range map[string][]index.Hit{"index": find(t, ix, q), "files": files} {
		var got []said
		for _, h := range hits {
			got = append(got, said{h.Entry, h.Kind, h.Nested, h.NestedOf, h.Subagent})
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: hits %+v; want %+v", name, got, want)
		}
	}
}
