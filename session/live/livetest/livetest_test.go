package livetest

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/coder/websocket"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The logs, expanded, are what the host pushed: every recorded session/event
// equals the log's event of its seq.
func TestLogsMatchTheFrames(t *testing.T) {
	c, err := theCorpus()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for name, run := range c.runs {
		for _, f := range run.mux {
			if f.Type != "session/event" {
				continue
			}
			log, ok := c.logs[f.SessionID]
			if !ok {
				continue
			}
			seq := f.seq()
			if seq >= int64(len(log)) {
				t.Errorf("%s: event %d of %s is past its log", name, seq, f.SessionID)
				continue
			}
			if !sameJSON(t, f.Event, log[seq]) {
				t.Errorf("%s: event %d of %s differs from its log:\n%s\n%s", name, seq, f.SessionID, f.Event, log[seq])
			}
			checked++
		}
	}
	if checked < 500 {
		t.Errorf("only %d events checked", checked)
	}
}

func sameJSON(t *testing.T, a, b []byte) bool {
	var x, y any
	if jsonline.Unmarshal(a, &x) != nil || jsonline.Unmarshal(b, &y) != nil {
		t.Fatalf("not JSON: %s / %s", a, b)
	}
	return reflect.DeepEqual(x, y)
}

// The beats cut the recordings where the calls were made.
func TestScriptsCutAtTheCalls(t *testing.T) {
	c, err := theCorpus()
	if err != nil {
		t.Fatal(err)
	}
	for s := Plain; s < scenarios; s++ {
		sc, err := buildScript(s, c)
		if err != nil {
			t.Fatal(err)
		}
		for k, b := range sc.beats {
			end := sc.next(k)
			if b.hold > b.before || b.before > end {
				t.Errorf("%v beat %d: frames %d, %d, %d out of order", s, k, b.hold, b.before, end)
				continue
			}
			effects := sc.frames[b.hold:end]
			types := []string{}
			for _, f := range effects {
				types = append(types, f.Type)
			}
			switch b.kind {
			case "create":
				if len(effects) == 0 || effects[len(effects)-1].Type != "session/subscribed" {
					t.Errorf("%v: the create's frames end with %v, want session/subscribed", s, types)
				}
			case "prompt":
				var mux []frame
				for _, f := range effects {
					if f.Mux {
						mux = append(mux, f)
					}
				}
				if s != Resume && mux[0].Type != "session/queue" {
					t.Errorf("%v: the prompt's frames start with %s, want the queue", s, mux[0].Type)
				}
				if s == Resume && (mux[0].Type != "session/subscribed" || *mux[0].LastSeq != 84) {
					t.Errorf("%v: the resume starts with %s, want session/subscribed{84}", s, mux[0].Type)
				}
				if last := effects[len(effects)-1]; s != Cancel && last.Type != "session/event" && last.Type != "host/session-status" && !strings.HasSuffix(last.Type, "/requested") {
					t.Errorf("%v: the prompt's frames end with %s", s, last.Type)
				}
			case "respond":
				if !strings.HasSuffix(sc.frames[b.hold-1].Type, "/requested") || !strings.HasSuffix(effects[0].Type, "/resolved") {
					t.Errorf("%v: the answer waits after %s and starts with %s", s, sc.frames[b.hold-1].Type, effects[0].Type)
				}
			case "cancel":
				if last := sc.frames[b.hold-1]; last.seq() != 43 || effects[0].Type != "session/projection" {
					t.Errorf("%v: the cancel waits after event %d and starts with %s", s, last.seq(), effects[0].Type)
				}
			}
		}
		if len(sc.frames) == 0 || sc.frames[len(sc.frames)-1].Type == "session/queue" {
			t.Errorf("%v: the scenario ends oddly", s)
		}
	}
}

// recorder is a test that keeps its errors instead of failing.
type recorder struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, strings.TrimPrefix(fmt.Sprintf(format, a...), "livetest: "))
}

func (r *recorder) Helper() {}

func (r *recorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	e := r.errs
	r.errs = nil
	return e
}

// post sends a request as given and returns the status and body.
func post(t *testing.T, url string, header map[string]string, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		if k == "Host" {
			req.Host = v
		} else {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var b bytes.Buffer
	b.ReadFrom(resp.Body)
	return resp.StatusCode, b.String()
}

// Every request the real host would refuse fails the test, with the reason,
// and gets the host's answer.
func TestRefusalsFailTheTest(t *testing.T) {
	rec := &recorder{TB: t}
	h := New(rec, Plain)
	jsonType := map[string]string{"Content-Type": "application/json"}
	describe := `{"type":"client-request","rpcId":"r1","method":"host.describe","payload":{}}`
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{"Content-Type": "application/json"}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	for _, tc := range []struct {
		name, path string
		header     map[string]string
		body       string
		status     int
		answer     string
		says       string
	}{
		{"foreign host", "host.describe", with(map[string]string{"Host": "evil.example:3080"}), describe, 403, "forbidden", "not a loopback address"},
		{"foreign origin", "host.describe", with(map[string]string{"Origin": "http://evil.example"}), describe, 403, "forbidden", "Origin"},
		{"cross-site", "host.describe", with(map[string]string{"Sec-Fetch-Site": "cross-site"}), describe, 403, "forbidden", "cross-site"},
		{"text", "host.describe", map[string]string{"Content-Type": "text/plain"}, describe, 415, "content type must be application/json", "Content-Type"},
		{"not json", "host.describe", jsonType, "{", 400, "body is not JSON", "not JSON"},
		{"unknown method", "no.such.method", jsonType, `{"type":"client-request","rpcId":"r","method":"no.such.method","payload":{}}`, 404, "not found", "no method"},
		{"no payload", "host.describe", jsonType, `{"type":"client-request","rpcId":"r2","method":"host.describe"}`, 200, `"invalid payload for host.describe"`, "refuses host.describe"},
		{"bad envelope", "host.describe", jsonType, `{"rpcId":"r3","method":"host.describe","payload":{}}`, 200, `"rpcId":"r3"`, "invalid client-request message"},
		{"other method", "host.describe", jsonType, `{"type":"client-request","rpcId":"r4","method":"session.list","payload":{}}`, 200, `does not match path`, "does not match"},
		{"bad history", "session.history", jsonType, `{"type":"client-request","rpcId":"r5","method":"session.history","payload":{"sessionId":"s","maxMessages":0}}`, 200, `invalid payload for session.history`, "maxMessages"},
		{"unknown answer", "respond", jsonType, `{"type":"client-response","rpcId":"nobody","result":{"ok":true,"value":{}}}`, 200, `"reason":"not-pending"`, "no approval/requested"},
		{"not an answer", "respond", jsonType, `{"type":"client-request","rpcId":"x","result":{"ok":true}}`, 200, `"reason":"bad-response"`, "not a client-response"},
	} {
		status, body := post(t, h.URL()+"/api/"+tc.path, tc.header, tc.body)
		if status != tc.status || !strings.Contains(body, tc.answer) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, status, body, tc.status, tc.answer)
		}
		errs := rec.take()
		if len(errs) != 1 || !strings.Contains(errs[0], tc.says) {
			t.Errorf("%s: the test failed with %q, want one failure saying %q", tc.name, errs, tc.says)
		}
	}
	// A request the host takes fails nothing.
	if status, body := post(t, h.URL()+"/api/host.describe", with(map[string]string{"Origin": "http://" + h.addr}), describe); status != 200 || !strings.Contains(body, `"ok":true`) {
		t.Errorf("describe: %d %s", status, body)
	}
	if errs := rec.take(); len(errs) != 0 {
		t.Errorf("a good request failed the test: %q", errs)
	}
	if n := len(h.Requests()); n != 13 {
		t.Errorf("%d requests seen, want 13", n)
	}
}

// deck must never write on a downlink.
func TestWritingOnADownlinkFailsTheTest(t *testing.T) {
	rec := &recorder{TB: t}
	h := New(rec, Plain)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, h.URL()+"/api/events.mux", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"subscribe":true}`)); err != nil {
		t.Fatal(err)
	}
	_, _, err = conn.Read(ctx)
	if websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("the downlink ended with %v, want 1008", err)
	}
	if errs := rec.take(); len(errs) != 1 || !strings.Contains(errs[0], "downlink only") {
		t.Errorf("the test failed with %q", errs)
	}
}

// A mux opened while an approval waits gets what the real host's second
// mux got: the attached sessions' subscriptions, then the approval, with
// its rpcId.
func TestBaselineReplaysThePendingApproval(t *testing.T) {
	h := New(t, Reconnect)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	call := func(method, payload string) {
		status, body := post(t, h.URL()+"/api/"+method, map[string]string{"Content-Type": "application/json"},
			`{"type":"client-request","rpcId":"r-`+method+`","method":"`+method+`","payload":`+payload+`}`)
		if status != 200 || !strings.Contains(body, `"ok":true`) {
			t.Fatalf("%s: %d %s", method, status, body)
		}
	}
	call("session.create", `{"cwd":"/srv/dsh/work"}`)
	call("session.prompt", `{"sessionId":"`+h.SessionID()+`","mode":"queue","content":[{"type":"text","text":"ESCALATE"}]}`)
	h.Wait(AwaitingApproval)

	conn, _, err := websocket.Dial(ctx, h.URL()+"/api/events.mux", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	var recorded []frame
	_ = readLines(captureDir()+"/web-api-reconnect/mux2.frames.jsonl", func(line []byte) error {
		var r struct {
			T   int64          `json:"t"`
			Msg jsontext.Value `json:"msg"`
		}
		_ = jsonline.Unmarshal(line, &r)
		f, err := parseFrame(r.Msg, true, r.T)
		recorded = append(recorded, f)
		return err
	})
	for i := range 3 {
		_, data, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := parseFrame(data, true, 0)
		if err != nil {
			t.Fatal(err)
		}
		want := recorded[i]
		if got.Type != want.Type || got.SessionID != want.SessionID || !reflect.DeepEqual(got.LastSeq, want.LastSeq) ||
			(got.Type == "approval/requested" && (got.RPCID != want.RPCID || !sameJSON(t, got.Msg, want.Msg))) {
			t.Errorf("baseline frame %d is %s, want %s", i, got.Msg, want.Msg)
		}
	}
}

// History pages as the host cut them in the recordings.
func TestHistoryCutsAsRecorded(t *testing.T) {
	h := New(t, Resume)
	c, _ := theCorpus()
	for _, line := range []int{4} {
		call := c.runs["web-api-resume"].calls[line-1]
		status, body := post(t, h.URL()+"/api/session.history", map[string]string{"Content-Type": "application/json"}, string(call.Request))
		if status != 200 {
			t.Fatalf("%d %s", status, body)
		}
		var got, want struct {
			Result struct {
				Value struct {
					Events []struct {
						Event jsontext.Value `json:"event"`
						View  jsontext.Value `json:"view"`
					} `json:"events"`
					HasMore bool `json:"hasMore"`
				} `json:"value"`
			} `json:"result"`
		}
		_ = jsonline.Unmarshal([]byte(body), &got)
		_ = jsonline.Unmarshal(call.Response, &want)
		g, w := got.Result.Value, want.Result.Value
		if len(g.Events) != len(w.Events) || g.HasMore != w.HasMore {
			t.Fatalf("history gave %d events (more: %v), recorded %d (%v)", len(g.Events), g.HasMore, len(w.Events), w.HasMore)
		}
		for i := range g.Events {
			if !sameJSON(t, g.Events[i].Event, w.Events[i].Event) || (w.Events[i].View != nil) != (g.Events[i].View != nil) {
				t.Errorf("entry %d differs:\n%s %s\n%s %s", i, g.Events[i].Event, g.Events[i].View, w.Events[i].Event, w.Events[i].View)
			}
		}
	}
}
