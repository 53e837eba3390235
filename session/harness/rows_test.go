package harness

import (
	"fmt"
	"testing"
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
