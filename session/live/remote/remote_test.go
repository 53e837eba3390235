package remote

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// examples are golden/testdata/harness/live-0.2/wire.json: a message of
// every kind, built from the host's source (its README says which files).
type examples struct {
	HTTP map[string]struct {
		Request     jsontext.Value `json:"request"`
		Response    jsontext.Value `json:"response"`
		ContentType string         `json:"content-type"`
		Body        string         `json:"body"`
	} `json:"http"`
	Mux map[string]jsontext.Value `json:"mux"`
}

func readExamples(t *testing.T) examples {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "golden", "testdata", "harness", "live-0.2", "wire.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex examples
	if err := jsonline.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	return ex
}

// Every example reads as deck reads it, to the values it carries.
func TestWireExamples(t *testing.T) {
	ex := readExamples(t)
	for name, call := range ex.HTTP {
		if len(call.Response) == 0 || call.Response.Kind() != '{' {
			continue
		}
		r, err := ReadResponse("application/json", call.Response)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		var head struct {
			Result struct {
				OK bool `json:"ok"`
			} `json:"result"`
		}
		_ = jsonline.Unmarshal(call.Response, &head)
		refused := !head.Result.OK
		if (r.Refusal != nil) != refused || r.RPCID == "" {
			t.Errorf("%s: read as %+v", name, r)
		}
	}
	if r, err := ReadResponse(ex.HTTP["multipart"].ContentType, []byte(ex.HTTP["multipart"].Body)); err != nil ||
		string(r.Value) != `{"name":"a.bin","bytes":null}` {
		t.Errorf("the multipart answer reads as %+v, %v", r, err)
	}
	if r, _ := ReadResponse("application/json", ex.HTTP["writer-held"].Response); r.Refusal.Code != "session/writer-held" {
		t.Errorf("the writer-held refusal reads as %+v", r.Refusal)
	}
	if r, _ := ReadResponse("application/json", ex.HTTP["$events/result"].Response); r.Value != nil {
		t.Errorf("$events/result's answer has value %s, want none", r.Value)
	}

	kinds := map[string]string{}
	for name, msg := range ex.Mux {
		if strings.HasPrefix(name, "open:") || name == "cancel" {
			continue // deck's own, below
		}
		f, err := ReadFrame(msg)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		kinds[name] = f.Kind
		if f.Kind != Item {
			continue
		}
		var kind string
		switch f.StreamID {
		case "1":
			e, err := ReadHostEvent(f.Value)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			kind = e.Kind
		case "2":
			it, err := ReadFollowItem(f.Value)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			kind = it.Kind
			for _, rec := range it.Records {
				if _, err := ReadRecord(rec); err != nil {
					t.Errorf("%s: a record %v", name, err)
				}
			}
		case "3":
			it, err := ReadControlItem(f.Value)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			kind = it.Kind
		}
		kinds[name] = kind
	}
	want := map[string]string{"item:ready": Ready, "item:emit:api-session/status": Emit,
		"item:waterfall:approval/request": Waterfall, "item:cancel": Withdrawn, "item:snapshot": Snapshot,
		"item:event": EventEntry, "item:assistant-stream:chunk": AssistantStream,
		"item:control:baseline": ControlBaseline, "item:control:projection": ControlProjection,
		"error:migration-required": Error, "end": End}
	for name, kind := range want {
		if kinds[name] != kind {
			t.Errorf("%s reads as %q, want %q", name, kinds[name], kind)
		}
	}
}

// What deck writes is what the examples hold, key for key.
func TestDeckWritesTheExamples(t *testing.T) {
	ex := readExamples(t)
	same := func(name string, got []byte, err error, want jsontext.Value) {
		t.Helper()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		g, w := jsontext.Value(got), want.Clone()
		_ = g.Canonicalize()
		_ = w.Canonicalize()
		if string(g) != string(w) {
			t.Errorf("%s: deck writes\n%s\nthe example is\n%s", name, g, w)
		}
	}
	sid := "session-00000000-0000-4000-8000-0000000000a1"
	b, err := Open("1", EventsEndpoint, struct{}{})
	same("open:$events", b, err, ex.Mux["open:$events"])
	b, err = Open("2", "session/follow", FollowArgs(sid, 50))
	same("open:session/follow", b, err, ex.Mux["open:session/follow"])
	same("cancel", Cancel("2"), nil, ex.Mux["cancel"])
	b, err = Request("00000000-0000-4000-8000-000000000007", "session/page", PageArgs(sid, 12, 2, 50))
	same("session/page", b, err, ex.HTTP["session/page"].Request)
	b, err = Request("00000000-0000-4000-8000-000000000008", ResultEndpoint, ResultArgs(
		"00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000e1", Claimed("allowed-once")))
	same("$events/result", b, err, ex.HTTP["$events/result"].Request)
	b, err = Request("00000000-0000-4000-8000-000000000009", ResultEndpoint, ResultArgs(
		"00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000e9", Next()))
	same("$events/result:next", b, err, ex.HTTP["$events/result:next"].Request)
	b, err = Request("00000000-0000-4000-8000-00000000000a", ResultEndpoint, ResultArgs(
		"00000000-0000-4000-8000-0000000000c1", "00000000-0000-4000-8000-0000000000e2", Refused(Rejection{
			Name: "UserQuestionError", Message: "the user cancelled ask_user_question", Code: "ASK_CANCELLED"})))
	same("$events/result:rejected", b, err, ex.HTTP["$events/result:rejected"].Request)
}

func TestMalformedMessagesSayWhy(t *testing.T) {
	for _, c := range []struct{ msg, says string }{
		{`not json`, "not JSON"},
		{`[1]`, "not a frame: a JSON array"},
		{`{"type":"item"}`, "without a streamId"},
		{`{"type":"error","streamId":"1","error":{"message":"x"}}`, "without an error code"},
	} {
		if _, err := ReadFrame([]byte(c.msg)); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ReadFrame(%s) = %v, want it to say %q", c.msg, err, c.says)
		}
	}
	for _, c := range []struct{ value, says string }{
		{`{"type":"ready","host":{"home":"/h"}}`, "without clientId"},
		{`{"type":"waterfall","event":"approval/request","eventId":"e"}`, "without event, eventId, agentId or request"},
		{`{"type":"emit","event":"x"}`, "without event or args"},
		{`{"type":"cancel"}`, "without eventId"},
		{`"ready"`, "no object"},
	} {
		if _, err := ReadHostEvent(jsontext.Value(c.value)); err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("ReadHostEvent(%s) = %v, want it to say %q", c.value, err, c.says)
		}
	}
	if _, err := ReadFollowItem(jsontext.Value(`{"type":"snapshot","cursor":1}`)); err == nil {
		t.Error("a snapshot without records read")
	}
	if _, err := ReadControlItem(jsontext.Value(`{"type":"projection","sessionId":"s","key":"k","seq":1}`)); err == nil {
		t.Error("a projection without a value read")
	}
	for _, body := range []string{`{"type":"server-response","rpcId":"r","result":{"ok":false}}`,
		`{"type":"client-request"}`, `{"type":"server-response","rpcId":"r","result":{}}`} {
		if _, err := ReadResponse("application/json", []byte(body)); err == nil {
			t.Errorf("ReadResponse(%s) read", body)
		}
	}
	mp := "--b\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n" +
		`{"type":"server-response","rpcId":"r","result":{"ok":true,"value":{}},"attachments":[{"path":["x"],"codec":"bytes","part":"bytes-0"}]}` +
		"\r\n--b--\r\n"
	if _, err := ReadResponse("multipart/form-data; boundary=b", []byte(mp)); err == nil ||
		!strings.Contains(err.Error(), "does not hold") {
		t.Errorf("a multipart answer missing its part: %v", err)
	}
	// A kind deck does not know is no error: it is counted.
	if f, err := ReadFrame([]byte(`{"type":"ping"}`)); err != nil || f.Kind != "ping" {
		t.Errorf("an unknown frame reads as %+v, %v", f, err)
	}
}
