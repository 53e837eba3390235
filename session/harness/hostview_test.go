package harness

import (
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// A live host's view of a call or result is shown instead of deck's own;
// one that does not narrow is ignored for deck's.
func TestHostViewsAreShownWhenTheyNarrow(t *testing.T) {
	call := []byte(`{"type":"tool/call","seq":0,"time":1,"data":{"callId":"c","name":"bash","arguments":"{\"command\":\"ls\"}"}}`)
	result := []byte(`{"type":"tool/result","seq":1,"time":2,"data":{"message":{"source":{"kind":"tool","callId":"c"},"content":[{"type":"tool-result","toolCallId":"c","content":[{"type":"text","text":"a\nb"}]}]}}}`)
	for _, c := range []struct {
		name                 string
		callView, resultView string
		wantCall, wantResult string
	}{
		{"host views", `{"card":"terminal","title":"ls (host)","cwd":"/w"}`, `{"card":"terminal","title":"done (host)","output":"a\nb","exitCode":0}`, "ls (host)", "done (host)"},
		{"views that do not narrow", `{"card":"terminal","title":7}`, `{"card":"hologram","title":"?"}`, "ls", "deck's"},
	} {
		r := NewEvents()
		r.Write(call, []byte(c.callView), "call")
		r.Write(result, []byte(c.resultView), "result")
		tc := r.Session().Call("c")
		if tc == nil {
			t.Fatalf("%s: no call", c.name)
		}
		if got := tc.Call.(session.TerminalCallView).Title; got != c.wantCall {
			t.Errorf("%s: call title %q, want %q", c.name, got, c.wantCall)
		}
		if c.wantResult == "deck's" {
			own := NewEvents()
			own.Write(call, nil, "")
			own.Write(result, nil, "")
			if want := own.Session().Call("c").View; !reflect.DeepEqual(tc.View, want) {
				t.Errorf("%s: result view %#v, want deck's %#v", c.name, tc.View, want)
			}
		} else if v, ok := tc.View.(session.TerminalResultView); !ok || v.Title != c.wantResult || v.Output != "a\nb" {
			t.Errorf("%s: result view %#v", c.name, tc.View)
		}
		if s := r.Session(); !s.Account.Balanced() || s.NoticeCount() != 0 {
			t.Errorf("%s: accounting %+v", c.name, s.Account)
		}
	}
}

// Every card kind the host sends narrows into deck's union.
func TestHostViewsOfEveryCard(t *testing.T) {
	results := map[string]string{
		`{"card":"generic","title":"t","content":[{"type":"text","text":"x"}]}`:                                                          "generic",
		`{"card":"diff","diffs":[{"path":"a","oldText":null,"newText":"x"}]}`:                                                            "diff",
		`{"card":"search","shape":"matches","files":[{"path":"a","matches":[{"lineNumber":3,"line":"x"}]}],"truncated":false,"total":1}`: "search",
		`{"card":"search","shape":"paths","paths":["a"],"truncated":false,"total":1}`:                                                    "search",
		`{"card":"read","path":"a","offset":1,"lines":[{"number":1,"text":"x"}],"totalLines":1}`:                                         "read",
		`{"card":"web","kind":"search","sources":[{"url":"u"}],"truncated":false}`:                                                       "web",
		`{"card":"web","kind":"fetch","url":"u","statusCode":200,"truncated":false}`:                                                     "web",
	}
	for raw, card := range results {
		v, ok := present.NarrowResult([]byte(raw))
		if !ok || v.Card() != card {
			t.Errorf("%s: %#v %v", raw, v, ok)
		}
	}
	calls := map[string]string{
		`{"card":"generic","title":"Read a","kind":"read","locations":[{"path":"a","line":1}]}`: "generic",
		`{"card":"terminal","title":"ls","description":"list"}`:                                 "terminal",
		`{"card":"diff","title":"Edit a","diffs":[{"path":"a","oldText":"x","newText":"y"}]}`:   "diff",
	}
	for raw, card := range calls {
		v, ok := present.NarrowCall([]byte(raw))
		if !ok || v.Card() != card {
			t.Errorf("%s: %#v %v", raw, v, ok)
		}
	}
}

// A host's write view says oldText null for a new file and for an overwrite
// alike; as for a log, only "Created file" or a read that found the file
// missing makes it a new file.
func TestAHostsWriteViewIsANewFileOnlyWhenTheResultSaysSo(t *testing.T) {
	call := []byte(`{"type":"tool/call","seq":1,"time":1,"data":{"callId":"w","name":"write","arguments":"{\"file_path\":\"a.go\",\"content\":\"x\"}"}}`)
	result := func(text string) []byte {
		return []byte(`{"type":"tool/result","seq":2,"time":2,"data":{"message":{"source":{"kind":"tool","callId":"w"},"content":[{"type":"tool-result","toolCallId":"w","content":[{"type":"text","text":"` + text + `"}]}]}}}`)
	}
	missingRead := [][]byte{
		[]byte(`{"type":"tool/call","seq":0,"time":0,"data":{"callId":"r","name":"read","arguments":"{\"file_path\":\"a.go\"}"}}`),
		[]byte(`{"type":"tool/result","seq":0,"time":0,"data":{"message":{"source":{"kind":"tool","callId":"r"},"content":[{"type":"tool-result","toolCallId":"r","isError":true,"content":[{"type":"text","text":"no such file"}]}]},"error":{"code":"FS_NOT_FOUND","message":"no such file"}}}`),
	}
	view := []byte(`{"card":"diff","title":"Write a.go","diffs":[{"path":"a.go","oldText":null,"newText":"x"}]}`)
	for _, c := range []struct {
		name      string
		before    [][]byte
		text      string
		wantWhole bool
	}{
		{"an overwrite", nil, `<path>a.go</path>\n<type>file</type>\n<content>\nUpdated file\n</content>`, true},
		{"a created file", nil, `<path>a.go</path>\n<type>file</type>\n<content>\nCreated file\n</content>`, false},
		{"a file last seen missing", missingRead, "Wrote a.go", false},
		{"an overwrite of a file last seen missing", missingRead, `<path>a.go</path>\n<type>file</type>\n<content>\nUpdated file\n</content>`, true},
	} {
		r := NewEvents()
		for _, e := range c.before {
			r.Write(e, nil, "")
		}
		r.Write(call, nil, "")
		r.Write(result(c.text), view, "result")
		v, ok := r.Session().Call("w").View.(session.DiffResultView)
		if !ok || len(v.Diffs) != 1 {
			t.Fatalf("%s: view %#v", c.name, r.Session().Call("w").View)
		}
		if v.Title != "Write a.go" || v.Diffs[0].Whole != c.wantWhole {
			t.Errorf("%s: %q whole %v, want %v", c.name, v.Title, v.Diffs[0].Whole, c.wantWhole)
		}
	}
}
