package harness

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// testdata is the golden package's (sessiontest imports this package).
const testdata = "../../golden/testdata"

// eachLine calls line with each line of the files the globs (under the
// golden package's testdata) match.
func eachLine(t *testing.T, globs []string, line func(path string, text []byte)) {
	t.Helper()
	for _, g := range globs {
		paths, _ := filepath.Glob(testdata + "/" + g)
		for _, path := range paths {
			f, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			sc := bufio.NewScanner(f)
			sc.Buffer(nil, 64<<20)
			for sc.Scan() {
				line(path, sc.Bytes())
			}
			f.Close()
		}
	}
}

// The fast path reads a line as the slow path does, or leaves it to it.
func TestFastPathReadsAsTheSlowPath(t *testing.T) {
	eachLine(t, []string{"harness/*/session.jsonl", "fixtures/*.jsonl"}, func(path string, text []byte) {
		if !sameRecord(t, text) && readable(text) {
			t.Errorf("the fast path left a line of %s it reads: %.200s", path, text)
		}
	})
	for _, line := range fastCases {
		sameRecord(t, []byte(line))
	}
}

// fastCases are lines at the edge of what the fast path takes.
var fastCases = []string{
	`{"type":"tool/call","seq":1,"time":2,"data":{"callId":"c","name":"read","arguments":"{}"}}`,
	`{"data":{"callId":"c","name":"read","arguments":"{}"},"type":"tool/call","seq":1,"time":2}`, // data first
	`{ "type" : "tool/call" , "seq":1, "data" :	{"callId":"c"} }`,
	`{"type":"tool/call","seq":1,"data":{"callId":"c"},"data":{"callId":"d"}}`, // the last data wins
	`{"type":"tool/call","type":"user/message","seq":1,"data":{"content":[]}}`,
	`{"type":"tool/call","seq":1,"data":{"arguments":5}}`, // does not fit
	`{"type":"tool/call","seq":1,"data":{"callId":"c"}`,   // ends early
	`{"type":"tool/call","seq":1,"data":{"callId":"c"}} x`,
	`{"type":"tool/call","seq":"x","data":{"callId":"c"}}`,
	`{"type":7,"seq":1,"data":{}}`,
	`{"type":"turn/start","seq":1,"data":{"turn":1}}`,
	`{"type":"turn/start","seq":1,"data":[1,2]}`,
	`{"type":"turn/start","seq":1}`,
	"{\"type\":\"user/message\",\"seq\":1,\"data\":{\"content\":[{\"type\":\"text\",\"text\":\"a\xff\\ud800\"}]}}",
	`{"type":"session","version":2,"id":"s","data":{}}`,
	// the members every event has, decoded in the walk; any other sends the envelope the usual way
	`{"seq":"7","time":1e3,"type":"tool/call","data":{"callId":"c"},"surfaceOp":{"op":"append","at":[1]}}`,
	`{"type":"tool/call","seq":1,"seq":2,"time":null,"data":{"callId":"c"},"surfaceOp":"append","surfaceOp":"replace"}`,
	`{"type":"tool/call","Seq":1,"data":{"callId":"c"},"ignorable":true}`,
	`{"type":"tool/call","data":{"callId":"c"},"type":5}`,
	`{"type":"tool/call","data":{"callId":"c"},"seq":[1]}`,
	"{\"type\":\"tool/call\",\"data\":{\"callId\":\"c\"}} \r\n",
	`{"type":"tool/call","data":{"callId":"c"}}{}`,
}

// readable reports an event line with data that fits its shape: one the
// fast path is for.
func readable(line []byte) bool {
	r, err := parseRecord(line)
	if err != nil || r.Type == "session" || len(r.Data) == 0 {
		return false
	}
	shape := wireShapes[r.Type]
	return shape == nil || decode(r, shape()) == nil
}

// sameRecord checks one line, and reports whether the fast path took it.
func sameRecord(t *testing.T, line []byte) bool {
	t.Helper()
	r, ok := fastRecord(line)
	if !ok {
		return false
	}
	want, err := parseRecord(line)
	if err != nil {
		t.Errorf("the fast path read %s, the slow path says %v", line, err)
		return true
	}
	if r.pre != nil {
		v := wireShapes[r.Type]()
		if err := decode(want, v); err != nil || !reflect.DeepEqual(r.pre, v) {
			t.Errorf("%.200s: the fast path decoded %+v, the slow path %+v (%v)", line, r.pre, v, err)
		}
		if want := parsedArgsOf(v); !reflect.DeepEqual(r.args, want) {
			t.Errorf("%.200s: the fast path parsed the arguments %+v, the slow path's are %+v", line, r.args, want)
		}
	}
	r.pre, r.args = nil, nil
	if !reflect.DeepEqual(r, want) {
		t.Errorf("%.200s:\nfast %+v\nslow %+v", line, r, want)
	}
	return true
}

// FuzzFastPath: whatever the line, the fast path reads it as the slow path
// does, or leaves it to it.
func FuzzFastPath(f *testing.F) {
	for _, line := range fastCases {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		sameRecord(t, line)
	})
}
