package present

import (
	"bufio"
	"os"
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// viewJSON is a view as the harness writes it on the wire: its fields and
// its tags (card, and shape or kind).
func viewJSON(t *testing.T, v any) any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := jsonline.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	switch x := v.(type) {
	case session.CallView:
		m["card"] = x.Card()
	case session.ResultView:
		m["card"] = x.Card()
	}
	switch v.(type) {
	case session.SearchMatchesResultView:
		m["shape"] = "matches"
	case session.SearchPathsResultView:
		m["shape"] = "paths"
	case session.WebSearchResultView:
		m["kind"] = "search"
	case session.WebFetchResultView:
		m["kind"] = "fetch"
	}
	return m
}

// deck's presenters derive, from the logged events alone, exactly the views
// the real harness host attached to those events on the wire.
func TestPresentersMatchTheHarnessHost(t *testing.T) {
	f, err := os.Open(testdata + "/harness/live/web-api/mux.frames.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	type call struct{ name, args string }
	calls := map[string]call{}
	checked := map[string]int{}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var frame struct {
			Msg struct {
				Payload struct {
					Type  string `json:"type"`
					Event struct {
						Type string         `json:"type"`
						Data jsontext.Value `json:"data"`
					} `json:"event"`
					View *struct {
						For  string `json:"for"`
						View any    `json:"view"`
					} `json:"view"`
				} `json:"payload"`
			} `json:"msg"`
		}
		if err := jsonline.Unmarshal(sc.Bytes(), &frame); err != nil {
			t.Fatal(err)
		}
		p := frame.Msg.Payload
		if p.Type != "session/event" {
			continue
		}
		switch p.Event.Type {
		case "tool/call":
			var c struct {
				CallID    string `json:"callId"`
				Name      string `json:"name"`
				Arguments string `json:"arguments"`
			}
			if err := jsonline.Unmarshal(p.Event.Data, &c); err != nil {
				t.Fatal(err)
			}
			calls[c.CallID] = call{c.Name, c.Arguments}
			if p.View != nil {
				got := viewJSON(t, Call(c.Name, c.Arguments))
				if !reflect.DeepEqual(got, p.View.View) {
					t.Errorf("call view of %s:\n got %v\nwant %v", c.Name, got, p.View.View)
				}
				checked["call "+c.Name]++
			}
		case "tool/result":
			if p.View == nil {
				continue
			}
			var r struct {
				Message struct {
					Content []session.ContentBlock `json:"content"`
					Source  struct {
						CallID string `json:"callId"`
					} `json:"source"`
				} `json:"message"`
				Meta jsontext.Value `json:"meta"`
			}
			if err := jsonline.Unmarshal(p.Event.Data, &r); err != nil {
				t.Fatal(err)
			}
			block := r.Message.Content[0]
			m, _ := jsonline.Any(r.Meta)
			c := calls[r.Message.Source.CallID]
			got := viewJSON(t, Result(c.name, c.args, &session.ToolResult{Content: block.Content, IsError: block.IsError, Meta: m}))
			if !reflect.DeepEqual(got, p.View.View) {
				t.Errorf("result view of %s:\n got %v\nwant %v", c.name, got, p.View.View)
			}
			checked["result "+c.name]++
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"call read", "result read", "call bash", "result bash"} {
		if checked[want] == 0 {
			t.Errorf("the captures hold no %s view to check: %v", want, checked)
		}
	}
}

// testdata is where the golden package keeps the corpus copies and fixtures.
const testdata = "../../golden/testdata"
