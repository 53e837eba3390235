package acp_test

import (
	"bytes"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// facts is what a small parse of its own finds in an ACP log, to check
// the decoder against: nothing here is typed by hand.
type facts struct {
	sessions    map[string]bool
	calls       map[[2]string]*factCall // by (sessionId, toolCallId)
	permissions map[[2]string]bool      // the calls permission was asked for
	orphans     int                     // responses to no request before them
}

type factCall struct {
	kind, status    string
	diff, responded bool
	url             string
}

func (c *factCall) finished() bool {
	return c.status == "completed" || c.status == "failed" || c.responded
}

// corpusFacts reads the messages of a log: one a line, or (a recording)
// a stream of JSON values.
func corpusFacts(t *testing.T, data []byte) facts {
	t.Helper()
	f := facts{sessions: map[string]bool{}, calls: map[[2]string]*factCall{}, permissions: map[[2]string]bool{}}
	asked := map[string]int{}
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsonline.Options)
	for {
		var m map[string]any
		if err := json.UnmarshalDecode(dec, &m); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		method, _ := m["method"].(string)
		params, _ := m["params"].(map[string]any)
		if args, ok := m["args"].([]any); ok && len(args) > 0 {
			method = map[string]string{"sessionUpdate": "session/update", "requestPermission": "session/request_permission"}[method]
			params, _ = args[0].(map[string]any)
		}
		id, hasID := m["id"]
		key, _ := jsonline.Marshal(id)
		switch {
		case method != "" && hasID:
			asked[string(key)]++
		case method == "" && asked[string(key)] > 0:
			asked[string(key)]--
		case method == "":
			f.orphans++
		}
		sid, _ := params["sessionId"].(string)
		if sid != "" {
			f.sessions[sid] = true
		}
		switch method {
		case "session/update":
			u, _ := params["update"].(map[string]any)
			if k := u["sessionUpdate"]; k == "tool_call" || k == "tool_call_update" {
				f.call(sid, u)
			}
		case "session/request_permission":
			tc, _ := params["toolCall"].(map[string]any)
			f.call(sid, tc)
			f.permissions[[2]string{sid, tc["toolCallId"].(string)}] = true
		}
	}
	return f
}

// call takes what one message says of a call.
func (f *facts) call(sid string, u map[string]any) {
	key := [2]string{sid, u["toolCallId"].(string)}
	c := f.calls[key]
	if c == nil {
		c = &factCall{status: "pending"}
		f.calls[key] = c
	}
	if k, ok := u["kind"].(string); ok {
		c.kind = k
	}
	if s, ok := u["status"].(string); ok {
		c.status, c.responded = s, false
	}
	if content, ok := u["content"].([]any); ok {
		for _, it := range content {
			if item, _ := it.(map[string]any); item["type"] == "diff" {
				c.diff = true
			}
		}
	}
	in, _ := u["rawInput"].(map[string]any)
	if in["changes"] != nil {
		c.diff = true
	}
	if url, ok := in["url"].(string); ok {
		c.url = url
	}
	meta, _ := u["_meta"].(map[string]any)
	if cc, _ := meta["claudeCode"].(map[string]any); cc["toolResponse"] != nil {
		c.responded = true
	}
}

// want counts the cards the facts call for, by the same names as got.
func (f facts) want() map[string]int {
	n := map[string]int{"calls": len(f.calls), "sessions": len(f.sessions), "approvals": len(f.permissions), "notices": f.orphans}
	for _, c := range f.calls {
		done := c.finished() && c.status != "failed"
		switch {
		case c.status == "failed":
			n["failed"]++
		case c.kind == "read" && done:
			n["read"]++
		case c.kind == "edit" && c.diff:
			n["diff"]++
		case c.kind == "execute":
			n["terminal"]++
		case c.kind == "search" && done:
			n["search"]++
		case c.kind == "fetch" && done && c.url != "":
			n["fetch"]++
		}
	}
	return n
}

// corpusGot counts what the decoder made.
func corpusGot(s *session.Session) map[string]int {
	n := map[string]int{"notices": len(s.Notices())}
	for _, e := range s.Entries {
		switch x := e.(type) {
		case *session.Event:
			if x.Kind == "session" && !strings.HasPrefix(x.Summary, "back to") {
				n["sessions"]++
			}
		case *session.ToolCall:
			n["calls"]++
			if x.Approval != nil {
				n["approvals"]++
			}
			if x.Status() == session.CallFailed {
				n["failed"]++
				continue
			}
			switch x.View.(type) {
			case session.ReadResultView:
				n["read"]++
			case session.DiffResultView:
				n["diff"]++
			case session.TerminalResultView:
				n["terminal"]++
			case session.SearchMatchesResultView, session.SearchPathsResultView:
				n["search"]++
			case session.WebFetchResultView:
				n["fetch"]++
			case nil:
				switch x.Call.(type) {
				case session.DiffCallView:
					n["diff"]++
				case session.TerminalCallView:
					n["terminal"]++
				}
			}
		}
	}
	return n
}

// Every ACP log of the corpus reads whole: each line accounted for after
// every line, and the calls, cards, sessions and approvals the log holds.
func TestCorpus(t *testing.T) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/acp/*.json*")
	if len(paths) != 4 {
		t.Fatalf("corpus: %d ACP logs", len(paths))
	}
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			data := sessiontest.ReadFile(t, p)
			r := source.NewReader()
			for _, l := range bytes.SplitAfter(data, []byte("\n")) {
				r.Write(l)
				if !r.Session().Account.Balanced() {
					t.Fatalf("accounting %+v", r.Session().Account)
				}
			}
			r.Close()
			s := r.Session()
			lines := bytes.Count(data, []byte("\n"))
			if !bytes.HasSuffix(data, []byte("\n")) {
				lines++
			}
			if s.Format != session.FormatACP || s.Account.Lines != lines || !s.Account.Balanced() {
				t.Fatalf("format %q, %d lines, accounting %+v", s.Format, lines, s.Account)
			}
			want, got := corpusFacts(t, data).want(), corpusGot(s)
			for k, n := range want {
				if got[k] != n {
					t.Errorf("%s: got %d, want %d (all: got %v, want %v)", k, got[k], n, got, want)
				}
			}
			if len(s.Notices()) > 0 {
				t.Errorf("notices %q", sessiontest.NoticeTexts(s))
			}
		})
	}
}
