// Package live is deck's client of a harness host's Web API (`dsh web`), in
// either protocol the host speaks: rc.8's (calls named session.list, two
// WebSocket downlinks, answers posted to /api/respond) and the 0.2 host's
// (POST /api/<namespace>/<method> with named arguments, one WebSocket of
// logical streams, a launch token exchanged for a cookie; its wire is
// session/live/remote). Which one is told by how the host answers deck's
// first call (detect.go), never by the user. It knows no screen: everything
// it returns is plain data, the same for both protocols, and every session
// event is a JSON object exactly like a line of a harness session log.
//
// The files of rc.8's protocol are calls.go, respond.go, frames.go,
// follow_frames.go and links.go; those of 0.2's are remote_*.go and auth.go.
package live

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// DefaultURL is where `dsh web` listens unless told otherwise.
const DefaultURL = "http://127.0.0.1:3080"

// pageMessages is how many messages a Watch's history page holds, as in the
// host's own web client.
const pageMessages = 50

// callTimeout bounds one call, as the host's own web client does.
const callTimeout = 30 * time.Second

// answerLimit bounds the body deck reads of one answer to op; a longer
// answer is refused (a cut one would not read), and the rest never read. A
// history page of fifty messages with their tool output runs to
// megabytes, never 256; a list of sessions to a few hundred bytes a
// session (the picker reads it every few seconds); the other answers are
// an id, a receipt, the host's description.
func answerLimit(op string) int64 {
	switch op {
	case "session.history":
		return 256 << 20
	case "session.list", "session/list":
		return 8 << 20
	case "session/page":
		return 256 << 20
	}
	return 1 << 20
}

// Client talks with one harness host. It is safe for concurrent use.
type Client struct {
	base    string // scheme://host[:port], no slash at the end
	http    *http.Client
	backoff func(attempt int) time.Duration // the wait before a reconnect; tests shorten it
	page    int                             // messages per history page a Watch asks for; tests shrink it

	// token is the launch URL's ?token=, nil when it had none: behind a
	// pointer, so that printing a Client shows an address, never the token.
	token *launchToken

	mu    sync.Mutex
	proto protocol // unknown until the host answers
}

// Options are the choices of the user that New cannot make alone.
type Options struct {
	// Insecure allows plain http:// to a host that is not this machine
	// (deck attach --insecure): prompts and answers then cross the
	// network unencrypted.
	Insecure bool
}

// New checks and normalises a host URL: "" means $DSH_URL, else DefaultURL;
// a bare host:port gets http://; only http and https are spoken; a path or
// fragment is ignored. A ?token= (the launch URL a 0.2 host prints) is kept
// for the host that asks for it, and shown nowhere. It refuses what deck
// would otherwise drop or send in the clear: a user name or password, any
// other query, plain http:// to another machine unless o.Insecure. The
// error says what is wrong, without the token. The client follows no
// redirect to another origin.
func New(rawURL string, o Options) (*Client, error) {
	raw := strings.TrimSpace(rawURL)
	if raw == "" {
		raw = strings.TrimSpace(os.Getenv("DSH_URL"))
	}
	if raw == "" {
		raw = DefaultURL
	}
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		// The parser's own words may quote the URL, token and all.
		return nil, fmt.Errorf("%q is not a URL deck understands: give the host as http://HOST:PORT", redact(rawURL))
	}
	if err := checkURL(u, o); err != nil {
		return nil, err
	}
	token, err := tokenOf(u)
	if err != nil {
		return nil, err
	}
	transport := http.DefaultTransport.(*http.Transport).Clone()
	jar, _ := cookiejar.New(nil) // the 0.2 host's session cookie, bound to its host and port
	return &Client{
		base:    strings.ToLower(u.Scheme) + "://" + u.Host,
		http:    &http.Client{Transport: transport, CheckRedirect: sameOrigin, Jar: jar},
		backoff: reconnectWait,
		page:    pageMessages,
		token:   token,
	}, nil
}

// URL is the host's base URL, as normalised by New.
func (c *Client) URL() string { return c.base }

// reconnectWait is the wait before reconnect attempt n (0 first): 500 ms × 2^n,
// capped at 10 s, drawn uniformly from its upper half so that clients that
// lost the same host do not return in step.
func reconnectWait(n int) time.Duration {
	d := 10 * time.Second
	if n < 5 {
		d = min(d, 500*time.Millisecond<<n)
	}
	return d/2 + rand.N(d/2+1)
}

// call posts one client-request and reads its server-response: the value
// goes into out (when out is not nil), a refusal becomes an *RPCError, and
// everything else a *HostError.
func (c *Client) call(ctx context.Context, method string, payload, out any) error {
	id := newRPCID()
	body, err := wire(clientRequest{Type: "client-request", RPCID: id, Method: method, Payload: payload})
	if err != nil {
		return fmt.Errorf("deck cannot encode %s: %w", method, err)
	}
	answer, _, err := c.post(ctx, method, body)
	if err != nil {
		return err
	}
	var resp serverResponse
	if err := jsonline.Unmarshal(answer, &resp); err != nil {
		return c.fail(method, notProtocol("the answer is not JSON: %s", jsonline.Short(err)))
	}
	switch {
	case resp.Type != "server-response" || resp.Result == nil:
		return c.fail(method, notProtocol("the answer is not a server-response"))
	case resp.RPCID != id:
		return c.fail(method, notProtocol("the answer is for rpcId %q, not the request's %q", resp.RPCID, id))
	case !resp.Result.OK:
		e := resp.Result.Error
		if e == nil {
			return c.fail(method, notProtocol("a refusal without an error"))
		}
		return &RPCError{Method: method, Code: e.Code, Message: e.Message, Details: e.Details}
	case out != nil:
		if err := jsonline.Unmarshal(resp.Result.Value, out); err != nil {
			return c.fail(method, notProtocol("the value of %s does not read: %s", method, jsonline.Short(err)))
		}
	}
	return nil
}

// post sends one JSON body to /api/<op> and returns the answer's body and
// Content-Type, or a *HostError when there is no 2xx answer.
func (c *Client) post(ctx context.Context, op string, body []byte) ([]byte, string, error) {
	ctx, cancel := context.WithTimeout(ctx, callTimeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/api/"+op, bytes.NewReader(body))
	if err != nil {
		return nil, "", c.fail(op, err)
	}
	// The host's fence takes JSON only; deck sends no Origin, which it accepts.
	req.Header.Set("Content-Type", "application/json")
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, "", c.fail(op, unwrapURL(err))
	}
	defer resp.Body.Close()
	limit := answerLimit(op)
	answer, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, "", c.fail(op, err)
	}
	if int64(len(answer)) > limit {
		return nil, "", c.fail(op, &tooLargeError{limit})
	}
	if resp.StatusCode/100 != 2 {
		return nil, "", &HostError{URL: c.base, Op: op, Status: resp.StatusCode, Body: bodyStart(answer),
			Err: fmt.Errorf("HTTP %s", resp.Status)}
	}
	return answer, resp.Header.Get("Content-Type"), nil
}

func (c *Client) fail(op string, err error) *HostError {
	return &HostError{URL: c.base, Op: op, Err: err}
}

// unwrapURL drops net/http's "Post \"URL\": " wrapper: the message names
// the URL already.
func unwrapURL(err error) error {
	if u, ok := err.(*url.Error); ok {
		return u.Err
	}
	return err
}

type clientRequest struct {
	Type    string `json:"type"`
	RPCID   string `json:"rpcId"`
	Method  string `json:"method"`
	Payload any    `json:"payload"`
}

type serverResponse struct {
	Type   string     `json:"type"`
	RPCID  string     `json:"rpcId"`
	Result *rpcResult `json:"result"`
}

type rpcResult struct {
	OK    bool           `json:"ok"`
	Value jsontext.Value `json:"value"`
	Error *wireError     `json:"error"`
}

type wireError struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details jsontext.Value `json:"details"`
}

// newRPCID mints a random UUID, as the host's web client does.
func newRPCID() string {
	var b [16]byte
	_, _ = crand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}
