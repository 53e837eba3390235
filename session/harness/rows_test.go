package harness

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json"
)

func TestPackedRowsExpandExactly(t *testing.T) {
	r, err := parseRecord([]byte(`{"type":"text-chunks","seq0":10,"time0":1000,"data":{"turn":1,"step":2,"index":3,"dt":[5,-3],"texts":["a","","c"]}}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := expandRow(r)
	if err != nil {
		t.Fatal(err)
	}
	want := []chunkEvent{
		{Seq: 10, Time: 1000, Turn: 1, Step: 2, Chunk: chunk{Type: "text-delta", Index: "3", Text: "a"}},
		{Seq: 11, Time: 1005, Turn: 1, Step: 2, Chunk: chunk{Type: "text-delta", Index: "3", Text: ""}},
		{Seq: 12, Time: 1002, Turn: 1, Step: 2, Chunk: chunk{Type: "text-delta", Index: "3", Text: "c"}},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("got  %v\nwant %v", got, want)
	}

	r, _ = parseRecord([]byte(`{"type":"tool-call-chunks","seq0":0,"time0":0,"data":{"turn":1,"step":1,"index":0,"id":"c1","name":"read","dt":[1,1],"args":["","{\"a\"",":1}"]}}`))
	calls, err := expandRow(r)
	if err != nil || len(calls) != 3 {
		t.Fatalf("%v %v", calls, err)
	}
	for i, c := range calls {
		if c.Chunk.Type != "tool-call-delta" || c.Chunk.ID != "c1" || c.Chunk.Name != "read" {
			t.Fatalf("member %d lacks the row's id and name: %+v", i, c.Chunk)
		}
	}

	for _, bad := range []string{
		`{"type":"text-chunks","seq0":0,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[1],"texts":["a"]}}`,
		`{"type":"text-chunks","seq0":0,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[],"texts":[]}}`,
		`{"type":"tool-call-chunks","seq0":0,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[],"args":["x"]}}`,
		`{"type":"reasoning-chunks","seq0":1.5,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[],"texts":["x"]}}`,
	} {
		r, _ := parseRecord([]byte(bad))
		if _, err := expandRow(r); err == nil {
			t.Errorf("accepted a malformed row: %s", bad)
		}
	}
}

// A packed row grows its block by the row's text once, not once a member:
// applying n members one at a time copied the block's text n times, the
// square of a long reply's length. The model is the same (the block
// touched once a member, the call presented from all its arguments).
func TestPackedRowCostsItsLength(t *testing.T) {
	const members = 4000
	texts, args := make([]string, members), make([]string, members)
	for i := range texts {
		texts[i] = "word "
		args[i] = "x"
	}
	args[0], args[members-1] = `{"path":"`, `"}`
	dts := strings.TrimSuffix(strings.Repeat("1,", members-1), ",")
	quoted := func(s []string) string { b, _ := json.Marshal(s); return string(b) }
	textRow := fmt.Sprintf(`{"type":"text-chunks","seq0":0,"time0":0,"data":{"turn":1,"step":1,"index":0,"dt":[%s],"texts":%s}}`, dts, quoted(texts))
	callRow := fmt.Sprintf(`{"type":"tool-call-chunks","seq0":%d,"time0":0,"data":{"turn":1,"step":1,"index":1,"id":"c1","name":"read","dt":[%s],"args":%s}}`, members, dts, quoted(args))

	b := session.NewBuilder()
	d := New(b)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d.Apply(1, []byte(textRow))
	d.Apply(2, []byte(callRow))
	runtime.ReadMemStats(&after)

	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 4<<20 {
		t.Errorf("two rows of %d members allocated %d KiB", members, alloc>>10)
	}
	var reply *session.AssistantText
	var call *session.ToolCall
	for _, e := range b.Entries {
		switch x := e.(type) {
		case *session.AssistantText:
			reply = x
		case *session.ToolCall:
			call = x
		}
	}
	if len(b.Entries) != 2 || reply.Text != strings.Repeat("word ", members) || reply.Rev != members {
		t.Fatalf("entries %d, reply %.80q, rev %d", len(b.Entries), reply.Text, reply.Rev)
	}
	if call.Arguments != `{"path":"`+strings.Repeat("x", members-2)+`"}` || call.Rev != members || call.CallID != "c1" {
		t.Fatalf("call %.80q, rev %d", call.Arguments, call.Rev)
	}
	if !reflect.DeepEqual(call.Call, present.Call("read", call.Arguments)) {
		t.Errorf("call view %#v", call.Call)
	}
}
