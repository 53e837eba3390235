package harness

import (
	"bytes"
	"io"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// byHandCases are data at the edges of what the hand decoders take: each
// is decoded by hand as reflection decodes it, or left to reflection.
var byHandCases = []struct{ typ, data string }{
	{"tool/call", `{"callId":"c","name":"bash","arguments":"{\"command\":\"ls\"}"}`},
	{"tool/call", `{"callId":null,"name":"a\u0062","other":[1,{"x":2}],"arguments":"\ud800x\u00e9"}`},
	{"tool/call", `{"callId":"c","callId":"d"}`}, // twice: reflection's
	{"tool/call", `{"c\u0061llId":"c"}`},         // an escaped name
	{"tool/call", `{"CallId":"c"}`},              // names match exactly
	{"tool/call", `{"callId":5}`},
	{"tool/call", `{"callId":"c",}`},
	{"tool/call", `[]`},
	{"tool/call", `null`},
	{"tool/call", `{}`},
	{"user/message", `{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"},"role":"user","id":"u1"}`},
	{"user/message", `{"content":[],"source":null}`},
	{"user/message", `{"content":null}`},
	{"user/message", `{"content":[null]}`},
	{"user/message", `{"content":[{"text":"a","type":"text"}]}`}, // its type after its text
	{"user/message", `{"content":[{"type":"x-plugin","v":1}]}`},
	{"user/message", `{"content":{"type":"text"}}`},
	{"user/message", `{"content":[1,2,3,4,5,6]}`},
	{"user/message", "{\"content\":[{\"type\":\"text\",\"text\":\"a\xff\"}],\"source\":{\"kind\":\"plugin\",\"plugin\":\"p\",\"kind\":\"user\"}}"},
	{"steering/message", `{"content":[{"type":"text","text":"a"},{"type":"text","text":"b"},{"type":"text","text":"c"},{"type":"text","text":"d"},{"type":"text","text":"e"}]}`},
	{"assistant/message", `{"turn":1,"step":2,"message":{"role":"assistant","content":[{"type":"text","text":"ok"},{"type":"tool-call","id":"c","name":"bash","arguments":"{}"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"a"},"usage":{"inputTokens":10,"outputTokens":5}}`},
	{"assistant/message", `{"turn":"1","step":null,"message":null,"usage":null,"content":[{"type":"reasoning","text":"r"}]}`},
	{"assistant/message", `{"turn":1e400,"usage":{"inputTokens":"x"}}`},
	{"assistant/message", `{"turn":1,"usage":{"inputTokens":1,"cacheReadTokens":0,"cacheWriteTokens":2,"reasoningTokens":3,"outputTokens":4}}`},
	{"assistant/message", `{"message":{"content":[]},"stream":[{"type":"chunk","time":5,"chunk":{"index":0,"type":"text-delta","text":"a"}}]}`},
	{"assistant/message", `{"message":{"content":[]},"stream":{"not":"a list"}}`},
	{"assistant/message", `{"message":[]}`},
	{"assistant/message", `{"usage":7}`},
	{"tool/result", `{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c"},"content":[{"type":"tool-result","toolCallId":"c","content":[{"type":"text","text":"1\n[exit code: 0]"}],"isError":false}],"role":"user","id":"r"}}`},
	{"tool/result", `{"message":{"toolCallId":"c","isError":true,"content":[{"type":"text","text":"no"}]},"error":{"name":"E","code":"x","reason":{"a":1}},"meta":{"k":[1]}}`},
	{"tool/result", `{"callId":"c","content":[{"type":"text","text":"x"}],"isError":null,"meta":null,"error":null}`},
	{"tool/result", `{"callId":"c","isError":"yes"}`},
	{"tool/result", `{"message":{"isError":1}}`},
	{"tool/result", `{"meta":1,"meta":2}`},
}

// byHandData decodes data of typ by hand, as the walk does.
func byHandData(typ string, data []byte) (any, error) {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsonline.Options)
	v, err := byHandShapes[typ](&byHand{dec: dec, strings: jsonline.NewStrings()})
	if err != nil {
		return nil, err
	}
	if _, err := dec.ReadToken(); err != io.EOF {
		return nil, errUnusual // more than one value: not data
	}
	return v, nil
}

// sameAsReflection checks that data decoded by hand is what reflection
// decodes, and reports whether the hand decoder took it.
func sameAsReflection(t *testing.T, typ string, data []byte) bool {
	t.Helper()
	got, err := byHandData(typ, data)
	if err != nil {
		return false
	}
	want := wireShapes[typ]()
	if err := jsonline.Unmarshal(data, want); err != nil {
		t.Errorf("%s %.300s: decoded by hand, but reflection says %v", typ, data, err)
		return true
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s %.300s:\nby hand    %+v\nreflection %+v", typ, data, got, want)
	}
	return true
}

// The hand decoders decode what reflection decodes, or leave it to it;
// every event of the corpora and goldens that reflection decodes, they
// decode too (else the fast path would quietly lose its speed).
func TestByHandIsReflection(t *testing.T) {
	for _, c := range byHandCases {
		sameAsReflection(t, c.typ, []byte(c.data))
	}
	taken := 0
	// the corpus's harness logs of every version (its copies in the golden package) and the fixtures
	corpus := []string{"harness/*/*.jsonl", "harness/live/*/*.jsonl", "harness-next/*/*.jsonl", "fixtures/*.jsonl"}
	eachLine(t, corpus, func(path string, text []byte) {
		r, err := parseRecord(text)
		if err != nil || byHandShapes[r.Type] == nil || len(r.Data) == 0 {
			return
		}
		if sameAsReflection(t, r.Type, r.Data) {
			taken++
		} else if jsonline.Unmarshal(r.Data, wireShapes[r.Type]()) == nil {
			t.Errorf("%s: the hand decoder left %s data reflection reads: %.300s", path, r.Type, r.Data)
		}
	})
	if taken < 100 {
		t.Errorf("only %d events decoded by hand: the corpus is not where it was?", taken)
	}
}

// FuzzByHandIsReflection: whatever the data, the hand decoder decodes it
// as reflection does, or leaves it.
func FuzzByHandIsReflection(f *testing.F) {
	types := slices.Sorted(maps.Keys(byHandShapes)) // in an order that stays, for the seeds
	for _, c := range byHandCases {
		for i, typ := range types {
			if typ == c.typ {
				f.Add(uint8(i), []byte(c.data))
			}
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		typ := types[int(which)%len(types)]
		sameAsReflection(t, typ, data)
	})
}
