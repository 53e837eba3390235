package livetest

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/coder/websocket"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// signedIn is an HTTP client that holds a 0.2 host's session cookie.
func signedIn(t *testing.T, h *Host) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(h.URL())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusSeeOther || resp.Header.Get("Location") != "./" {
		t.Fatalf("the sign-in answered %d to %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	return c
}

func call(t *testing.T, c *http.Client, url, contentType, body string) (int, string) {
	t.Helper()
	resp, err := c.Post(url, contentType, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

func envelope(endpoint, args string) string {
	return `{"type":"client-request","rpcId":"r","method":"` + endpoint + `","payload":{"args":` + args + `}}`
}

// Every request a 0.2 host refuses fails the test, with the reason, and
// gets the host's answer; a call without the cookie is answered 401 and
// fails nothing (deck's first call, made in rc.8's protocol, gets it).
func TestRemoteRefusalsFailTheTest(t *testing.T) {
	rec := &recorder{TB: t}
	h := Start(rec, V02, Plain)
	c := signedIn(t, h)
	if errs := rec.take(); len(errs) != 0 {
		t.Fatalf("the sign-in failed the test: %q", errs)
	}
	base := h.BaseURL() + "/api/"
	for _, tc := range []struct {
		name, url, contentType, body string
		status                       int
		answer, says                 string
	}{
		{"token on /api", base + "session/list?token=" + h.Token(), "application/json", envelope("session/list", `{"_request":{}}`), 401, "unauthorized", "only to GET /"},
		{"text", base + "session/list", "text/plain", envelope("session/list", `{"_request":{}}`), 415, "application/json", "Content-Type"},
		{"unclaimed", base + "session.list", "application/json", envelope("session.list", `{}`), 404, "not found", "no endpoint"},
		{"other method", base + "session/list", "application/json", envelope("session/cancel", `{}`), 200, "does not match endpoint", "does not match"},
		{"positional", base + "session/list", "application/json", `{"type":"client-request","rpcId":"r","method":"session/list","payload":{}}`, 200, "gateway/arguments-invalid", "not {args"},
		{"no _request", base + "session/list", "application/json", envelope("session/list", `{"request":{}}`), 200, "gateway/arguments-invalid", "_request is not an object"},
		{"extra argument", base + "session/cancel", "application/json", envelope("session/cancel", `{"request":{"sessionId":"s"},"signal":1}`), 200, "gateway/arguments-invalid", "signal"},
		{"no requestId", base + "session/prompt", "application/json", envelope("session/prompt", `{"request":{"sessionId":"s","mode":"queue","content":[]}}`), 200, "gateway/arguments-invalid", "requestId is missing"},
		{"bad outcome", base + "$events/result", "application/json", envelope("$events/result", `{"clientId":"c","eventId":"e","outcome":{"kind":"maybe"}}`), 200, "gateway/arguments-invalid", "outcome.kind"},
	} {
		status, body := call(t, c, tc.url, tc.contentType, tc.body)
		if status != tc.status || !strings.Contains(body, tc.answer) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, status, body, tc.status, tc.answer)
		}
		if errs := rec.take(); len(errs) != 1 || !strings.Contains(errs[0], tc.says) {
			t.Errorf("%s: the test failed with %q, want one failure saying %q", tc.name, errs, tc.says)
		}
	}
	if status, _ := call(t, http.DefaultClient, base+"session/list", "application/json", envelope("session/list", `{"_request":{}}`)); status != 401 {
		t.Errorf("without the cookie: %d", status)
	}
	if errs := rec.take(); len(errs) != 0 {
		t.Errorf("a call without the cookie failed the test: %q", errs)
	}
	if status, body := call(t, c, base+"session/list", "application/json", envelope("session/list", `{"_request":{}}`)); status != 200 || !strings.Contains(body, `"ok":true`) {
		t.Errorf("a good call: %d %s", status, body)
	}
	if errs := rec.take(); len(errs) != 0 {
		t.Errorf("a good call failed the test: %q", errs)
	}
}

// dialMux opens a 0.2 host's mux with the session cookie.
func dialMux(t *testing.T, ctx context.Context, h *Host, c *http.Client) *websocket.Conn {
	t.Helper()
	conn, _, err := websocket.Dial(ctx, h.BaseURL()+remoteMux, &websocket.DialOptions{HTTPClient: c})
	if err != nil {
		t.Fatal(err)
	}
	conn.SetReadLimit(64 << 20)
	t.Cleanup(func() { conn.CloseNow() })
	return conn
}

// readFrame reads the next frame of the mux.
func readFrame(t *testing.T, ctx context.Context, conn *websocket.Conn) map[string]jsontext.Value {
	t.Helper()
	_, data, err := conn.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var f map[string]jsontext.Value
	if err := jsonline.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	return f
}

// keys are an object's keys, sorted.
func keys(t *testing.T, v jsontext.Value) []string {
	t.Helper()
	var o map[string]jsontext.Value
	if err := jsonline.Unmarshal(v, &o); err != nil {
		t.Fatalf("%s is no object", v)
	}
	out := make([]string, 0, len(o))
	for k := range o {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// What the fake sends in the 0.2 protocol has the keys of the examples
// built from the host's source (golden/testdata/harness/live-0.2), frame
// and value: deck's tests against the fake test what a host sends.
func TestRemoteFramesKeepTheExamplesShape(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(captureDir(), "..", "live-0.2", "wire.json"))
	if err != nil {
		t.Fatal(err)
	}
	var ex struct {
		Mux map[string]jsontext.Value `json:"mux"`
	}
	if err := jsonline.Unmarshal(data, &ex); err != nil {
		t.Fatal(err)
	}
	h := Start(t, V02, Approval)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	c := signedIn(t, h)
	base := h.BaseURL() + "/api/"
	if status, body := call(t, c, base+"session/create", "application/json", envelope("session/create", `{"request":{"cwd":"/srv/dsh/work"}}`)); status != 200 {
		t.Fatalf("create: %d %s", status, body)
	}
	h.Wait(AwaitingPrompt)
	conn := dialMux(t, ctx, h, c)
	for _, open := range []string{
		`{"type":"open","streamId":"e","endpoint":"$events","payload":{"args":{}}}`,
		`{"type":"open","streamId":"f","endpoint":"session/follow","payload":{"args":{"request":{"address":{"kind":"session","sessionId":"` + h.SessionID() + `"}}}}}`,
		`{"type":"open","streamId":"c","endpoint":"session/control","payload":{"args":{}}}`,
	} {
		if err := conn.Write(ctx, websocket.MessageText, []byte(open)); err != nil {
			t.Fatal(err)
		}
	}
	got := map[string]map[string]jsontext.Value{} // example name → the fake's first frame of that kind
	name := func(f map[string]jsontext.Value) string {
		var v struct {
			Type  string `json:"type"`
			Event string `json:"event"`
			Key   string `json:"key"`
		}
		_ = jsonline.Unmarshal(f["value"], &v)
		switch v.Type {
		case "emit", "waterfall":
			return "item:" + v.Type + ":" + v.Event
		case "baseline", "projection":
			return "item:control:" + v.Type
		}
		return "item:" + v.Type
	}
	prompted := false
	for got["item:waterfall:approval/request"] == nil {
		f := readFrame(t, ctx, conn)
		if _, seen := got[name(f)]; !seen {
			got[name(f)] = f
		}
		if !prompted && got["item:snapshot"] != nil && got["item:control:baseline"] != nil {
			prompted = true
			body := envelope("session/prompt", `{"request":{"requestId":"q1","sessionId":"`+h.SessionID()+
				`","mode":"queue","content":[{"type":"text","text":"ESCALATE"}]}}`)
			go func() { // answered once the replay is past the prompt: after the approval
				if resp, err := c.Post(base+"session/prompt", "application/json", strings.NewReader(body)); err == nil {
					resp.Body.Close()
				}
			}()
		}
	}
	optional := map[string]bool{"agentPreset": true} // the header's, when the session has one
	for _, n := range []string{"item:ready", "item:emit:api-session/status", "item:waterfall:approval/request",
		"item:snapshot", "item:event", "item:control:baseline", "item:control:projection"} {
		f, want := got[n], ex.Mux[n]
		if f == nil {
			t.Errorf("the fake sent no %s", n)
			continue
		}
		var w map[string]jsontext.Value
		_ = jsonline.Unmarshal(want, &w)
		if g, e := keys(t, jsontext.Value(mustCompact(f))), keys(t, want); !slices.Equal(g, e) {
			t.Errorf("%s: the fake's frame has keys %v, the example's %v", n, g, e)
		}
		for _, part := range []string{"value"} {
			g, e := keys(t, f[part]), keys(t, w[part])
			g = slices.DeleteFunc(g, func(k string) bool { return optional[k] })
			e = slices.DeleteFunc(e, func(k string) bool { return optional[k] })
			if !slices.Equal(g, e) {
				t.Errorf("%s: the fake's %s has keys %v, the example's %v", n, part, g, e)
			}
		}
	}
	var snap, exSnap struct {
		Value struct {
			Header      jsontext.Value `json:"header"`
			Projections jsontext.Value `json:"projections"`
		} `json:"value"`
	}
	_ = jsonline.Unmarshal(mustCompact(got["item:snapshot"]), &snap)
	_ = jsonline.Unmarshal(ex.Mux["item:snapshot"], &exSnap)
	for _, pair := range [][2]jsontext.Value{{snap.Value.Header, exSnap.Value.Header}, {snap.Value.Projections, exSnap.Value.Projections}} {
		g := slices.DeleteFunc(keys(t, pair[0]), func(k string) bool { return optional[k] })
		e := slices.DeleteFunc(keys(t, pair[1]), func(k string) bool { return optional[k] })
		if !slices.Equal(g, e) {
			t.Errorf("the snapshot's keys %v, the example's %v", g, e)
		}
	}
}

// What deck opens on the mux is checked as the gateway checks it: $events
// takes no arguments, only the host's streams open, a stream id once.
func TestRemoteMuxRefusalsFailTheTest(t *testing.T) {
	rec := &recorder{TB: t}
	h := Start(rec, V02, Plain)
	ctx, cancel := context.WithTimeout(context.Background(), waitBound)
	defer cancel()
	conn := dialMux(t, ctx, h, signedIn(t, h))
	for _, tc := range []struct{ open, code, says string }{
		{`{"type":"open","streamId":"1","endpoint":"$events","payload":{"args":{"x":1}}}`, "gateway/arguments-invalid", "empty args object"},
		{`{"type":"open","streamId":"2","endpoint":"session/nothing","payload":{"args":{}}}`, "gateway/arguments-invalid", "no stream"},
		{`{"type":"open","streamId":"3","endpoint":"session/follow","payload":{"args":{"request":{"address":{"kind":"subagent"}}}}}`, "gateway/arguments-invalid", "kind is not one of"},
	} {
		if err := conn.Write(ctx, websocket.MessageText, []byte(tc.open)); err != nil {
			t.Fatal(err)
		}
		f := readFrame(t, ctx, conn)
		if string(f["type"]) != `"error"` || !strings.Contains(string(f["error"]), tc.code) {
			t.Errorf("%s: answered %v", tc.open, f)
		}
		if errs := rec.take(); len(errs) != 1 || !strings.Contains(errs[0], tc.says) {
			t.Errorf("%s: the test failed with %q, want one failure saying %q", tc.open, errs, tc.says)
		}
	}
	if err := conn.Write(ctx, websocket.MessageText, []byte(`{"type":"open","streamId":"1","endpoint":"$events","payload":{"args":{}}}`)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := conn.Read(ctx); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Errorf("a stream opened twice: %v, want the socket closed (1008)", err)
	}
	if errs := rec.take(); len(errs) != 1 || !strings.Contains(errs[0], "twice") {
		t.Errorf("the test failed with %q", errs)
	}
}
