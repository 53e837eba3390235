//go:build e2e

package e2e

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The smallest client of the host's Web API that the smoke tests need:
// POST /api/<method>, POST /api/respond, and the mux downlink. deck's own
// client is session/live; this one only proves the rig.

// callTimeout bounds one HTTP call; a failure bound, not a speed test.
const callTimeout = 30 * time.Second

type apiClient struct {
	t     *testing.T
	base  string
	calls int
}

// call posts one client-request and returns its value, failing the test
// on a transport error or an ok:false result.
func (c *apiClient) call(method string, payload any) jsontext.Value {
	c.t.Helper()
	c.calls++
	rpcID := fmt.Sprintf("e2e-%d", c.calls)
	body := c.post(method, map[string]any{"type": "client-request", "rpcId": rpcID, "method": method, "payload": payload})
	var reply struct {
		RPCID  string `json:"rpcId"`
		Result struct {
			OK    bool           `json:"ok"`
			Value jsontext.Value `json:"value"`
			Error jsontext.Value `json:"error"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		c.t.Fatalf("%s: reply is not JSON: %v: %s", method, err, body)
	}
	if reply.RPCID != rpcID {
		c.t.Fatalf("%s: reply rpcId %q, want %q", method, reply.RPCID, rpcID)
	}
	if !reply.Result.OK {
		c.t.Fatalf("%s: %s", method, reply.Result.Error)
	}
	return reply.Result.Value
}

// respond answers a mux frame's rpcId and fails unless the host accepts.
func (c *apiClient) respond(rpcID string, value any) {
	c.t.Helper()
	body := c.post("respond", map[string]any{"type": "client-response", "rpcId": rpcID, "result": map[string]any{"ok": true, "value": value}})
	var receipt struct {
		Accepted bool   `json:"accepted"`
		Reason   string `json:"reason"`
	}
	if err := json.Unmarshal(body, &receipt); err != nil || !receipt.Accepted {
		c.t.Fatalf("respond %s: not accepted: %s", rpcID, body)
	}
}

func (c *apiClient) post(path string, envelope any) []byte {
	c.t.Helper()
	data, err := json.Marshal(envelope)
	if err != nil {
		c.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/"+path, bytes.NewReader(data))
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json") // the host refuses anything else
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("POST /api/%s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		c.t.Fatalf("POST /api/%s: %v", path, err)
	}
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("POST /api/%s: %s: %s", path, resp.Status, body)
	}
	return body
}

// frame is one mux message, a server-request.
type frame struct {
	RPCID   string         `json:"rpcId"`
	Method  string         `json:"method"`
	Payload jsontext.Value `json:"payload"`
}

// sessionEvent is the payload of a session/event frame.
type sessionEvent struct {
	SessionID string `json:"sessionId"`
	Event     struct {
		Type string         `json:"type"`
		Seq  int            `json:"seq"`
		Data jsontext.Value `json:"data"`
	} `json:"event"`
}

// dialMux opens /api/events.mux and delivers its frames in order until the
// test ends. The channel closes if the socket does.
func dialMux(t *testing.T, base string) <-chan frame {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	dialCtx, dialCancel := context.WithTimeout(ctx, callTimeout)
	defer dialCancel()
	conn, _, err := websocket.Dial(dialCtx, "ws"+strings.TrimPrefix(base, "http")+"/api/events.mux", nil)
	if err != nil {
		t.Fatalf("dial mux: %v", err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	conn.SetReadLimit(16 << 20) // a request/header event alone is over 32 KiB

	frames := make(chan frame)
	go func() {
		defer close(frames)
		for {
			_, data, err := conn.Read(ctx)
			if err != nil {
				return
			}
			var f frame
			if err := json.Unmarshal(data, &f); err != nil {
				f = frame{Method: "undecodable", Payload: data}
			}
			select {
			case frames <- f:
			case <-ctx.Done():
				return
			}
		}
	}()
	return frames
}

// turnTimeout bounds one scripted turn (about a second here).
const turnTimeout = 2 * time.Minute

// next returns the next mux frame, failing the test if the socket closes
// or nothing comes for turnTimeout.
func next(t *testing.T, frames <-chan frame) frame {
	t.Helper()
	select {
	case f, ok := <-frames:
		if !ok {
			t.Fatal("mux closed")
		}
		return f
	case <-time.After(turnTimeout):
		t.Fatalf("no mux frame for %s", turnTimeout)
	}
	return frame{}
}

func decode[T any](t *testing.T, raw jsontext.Value) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %T: %v: %s", v, err, raw)
	}
	return v
}
