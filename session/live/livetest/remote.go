package livetest

import (
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// remoteState is what the 0.2 protocol adds to the host's state: the launch
// token, the session cookies it issued, who answered each waterfall.
type remoteState struct {
	token      string            // the launch token of URL
	cookies    map[string]bool   // the values of the session cookies issued
	answeredBy map[string]string // waterfall event id → the client id that answered it
	refusals   map[string]*rpcError
	home       string
}

func newRemoteState() remoteState {
	return remoteState{token: randomToken(), cookies: map[string]bool{}, answeredBy: map[string]string{},
		refusals: map[string]*rpcError{}, home: "/srv/dsh/home"}
}

// randomToken mints a launch token as the host does: 32 random bytes,
// base64url.
func randomToken() string {
	var b [32]byte
	_, _ = crand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

const remoteResult = "$events/result"

// serveRemote answers a request to the 0.2 host, checking it as the host's
// connection layer does, in its order: the Host/Origin fence (403), the
// token exchange on GET /, the session cookie on every /api request (401),
// then the mux or a unary call.
func (h *Host) serveRemote(w http.ResponseWriter, r *http.Request) {
	req := Request{Path: r.URL.Path}
	refuse := func(status int, body, why string) {
		req.Refused = why
		h.record(req)
		h.fail("the real host would refuse %s %s with %d %s: %s", r.Method, r.URL.Path, status, body, why)
		w.Header().Set("Content-Type", "text/plain;charset=UTF-8")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}
	if why := fence(r); why != "" {
		refuse(http.StatusForbidden, "forbidden", why)
		return
	}
	if r.URL.Path == "/" && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		h.signIn(w, r)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") {
		refuse(http.StatusNotFound, "not found", "deck asks nothing of the web client's pages")
		return
	}
	if r.URL.Query().Has("token") {
		refuse(http.StatusUnauthorized, "unauthorized", "the launch token goes only to GET /, never to /api")
		return
	}
	if !h.signedIn(r) {
		// How a 0.2 host answers deck's first call, made in rc.8's protocol:
		// no failure of deck's.
		req.Refused = "no session cookie (401)"
		h.record(req)
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, "unauthorized")
		return
	}
	if r.URL.Path == remoteMux {
		if r.Method != http.MethodGet || !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
			refuse(http.StatusNotFound, "not found", "remote.mux is a WebSocket")
			return
		}
		h.record(Request{Path: r.URL.Path})
		h.mux(w, r)
		return
	}
	endpoint, ok := endpointOf(r.URL.Path)
	if r.Method != http.MethodPost || !ok || !remoteEndpoints[endpoint] {
		refuse(http.StatusNotFound, "not found", fmt.Sprintf("the host claims no endpoint %q (%s)", endpoint, r.Method))
		return
	}
	if media, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); media != "application/json" {
		refuse(http.StatusUnsupportedMediaType, "content type must be application/json",
			"Content-Type is "+quote(r.Header.Get("Content-Type")))
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	if err != nil {
		return
	}
	if len(body) > maxBody || !jsonline.Valid(body) {
		refuse(http.StatusBadRequest, "body is not JSON", "the body is not JSON, or passes 160 MiB")
		return
	}
	h.unaryRemote(w, endpoint, body)
}

// remoteMux is the host's one WebSocket.
const remoteMux = "/api/remote.mux"

var endpointSegment = regexp.MustCompile(`^[A-Za-z0-9_$.-]+$`)

// endpointOf is the endpoint a path names below /api/, as the host reads it.
func endpointOf(path string) (string, bool) {
	endpoint := strings.TrimPrefix(path, "/api/")
	for _, seg := range strings.Split(endpoint, "/") {
		if seg == "." || seg == ".." || !endpointSegment.MatchString(seg) {
			return endpoint, false
		}
	}
	return endpoint, true
}

// remoteEndpoints are the unary endpoints of the session namespace and the
// gateway's: any other is unclaimed, a 404.
var remoteEndpoints = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`session/list session/search session/create session/selectModel
		session/initializeDefaultModel session/modelCatalog session/canOpenWorkspacePath session/openWorkspacePath
		session/workspacePathApplications session/rename session/fork session/prompt session/attachment
		session/updateQueue session/cancel session/page session/projections $events/result`) {
		remoteEndpoints[m] = true
	}
}

// cookieName is the session cookie's name for a Host: bound to it.
func cookieName(host string) string {
	sum := sha256.Sum256([]byte(host))
	return "dsh-auth-" + base64.RawURLEncoding.EncodeToString(sum[:])
}

// signIn is the host's GET /: one token, this run's, buys a session cookie
// for the Host it came to, and a 303 to ./ that drops the token; anything
// else is 401, but for a request that has the cookie already.
func (h *Host) signIn(w http.ResponseWriter, r *http.Request) {
	tokens := r.URL.Query()["token"]
	req := Request{Path: "/", Method: "sign-in"}
	unauthorized := func(why string) {
		req.Refused = why
		h.record(req)
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusUnauthorized)
		io.WriteString(w, "dsh web authentication required; reopen the URL printed by dsh web.\n")
	}
	h.mu.Lock()
	token := h.remote.token
	h.mu.Unlock()
	switch {
	case len(tokens) == 0 && h.signedIn(r):
		h.record(req)
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<!doctype html><title>dsh</title>")
	case len(tokens) == 0:
		unauthorized("no token and no cookie")
	case len(tokens) != 1 || tokens[0] != token || r.Method != http.MethodGet:
		unauthorized("not this run's token")
	default:
		value := "v1." + randomToken() + "." + randomToken()
		h.mu.Lock()
		h.remote.cookies[value] = true
		h.mu.Unlock()
		h.record(req)
		const maxAge = 30 * 24 * time.Hour
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Location", "./")
		w.Header().Set("Referrer-Policy", "no-referrer")
		w.Header().Set("Set-Cookie", fmt.Sprintf("%s=%s; Max-Age=%d; Path=/; Expires=%s; HttpOnly; SameSite=Strict",
			cookieName(r.Host), value, int(maxAge.Seconds()), time.Now().Add(maxAge).UTC().Format(http.TimeFormat)))
		w.WriteHeader(http.StatusSeeOther)
	}
}

// signedIn says whether a request carries a session cookie this host issued
// for its Host.
func (h *Host) signedIn(r *http.Request) bool {
	c, err := r.Cookie(cookieName(r.Host))
	if err != nil {
		return false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.remote.cookies[c.Value]
}

// ForgetSignIns makes a 0.2 host forget every session cookie it issued (as
// when its signing secret changes): deck must sign in again.
func (h *Host) ForgetSignIns() {
	h.mu.Lock()
	defer h.mu.Unlock()
	clear(h.remote.cookies)
}

// NewToken gives a 0.2 host a new launch token, as a restart does, and
// forgets its cookies: the token deck was given no longer signs in.
func (h *Host) NewToken() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remote.token = randomToken()
	clear(h.remote.cookies)
}

// Token is a 0.2 host's launch token, for a test to look for in what deck
// shows.
func (h *Host) Token() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.remote.token
}

// unaryRemote checks a client-request the way the host's connection layer
// and gateway do (its envelope, the method naming the path's endpoint, the
// arguments by name, exactly), and answers it.
func (h *Host) unaryRemote(w http.ResponseWriter, endpoint string, body []byte) {
	req := Request{Path: "/api/" + endpoint, Method: endpoint}
	env, _ := asObject(body)
	var kind, rpc, named string
	okEnv := env != nil && jsonline.Unmarshal(env["type"], &kind) == nil && kind == "client-request" &&
		jsonline.Unmarshal(env["rpcId"], &rpc) == nil && jsonline.Unmarshal(env["method"], &named) == nil &&
		env.has("payload") && len(env) == 4
	payload, _ := asObject(env["payload"])
	args, _ := asObject(payload["args"])
	var e *rpcError
	switch {
	case !okEnv:
		if rpc == "" {
			rpc = "invalid-request"
		}
		e = &rpcError{Code: "gateway/bad-request", Message: "invalid client-request message", Details: map[string]any{"issues": []any{}}}
	case named != endpoint:
		e = &rpcError{Code: "gateway/bad-request", Message: fmt.Sprintf("method %q does not match endpoint %q", named, endpoint),
			Details: map[string]any{"issues": []any{}}}
	case payload == nil || args == nil || len(payload) != 1:
		e = argumentsInvalid(endpoint, "the payload is not {args: {…}}")
	default:
		if issue := checkArgs(endpoint, args); issue != "" {
			e = argumentsInvalid(endpoint, issue)
		}
	}
	if e != nil {
		req.RPCID, req.Refused = rpc, e.Message
		h.record(req)
		h.fail("the real host refuses %s: %s (%v)", endpoint, e.Message, e.Details)
		writeRemote(w, rpc, nil, e)
		return
	}
	request, _ := asObject(args["request"])
	req.RPCID, req.Payload = rpc, args["request"]
	switch endpoint {
	case "session/prompt":
		_ = jsonline.Unmarshal(request["requestId"], &req.RPCID)
	case remoteResult:
		_ = jsonline.Unmarshal(args["eventId"], &req.RPCID)
		req.Payload = jsontext.Value(mustCompact(args))
	case "session/list", "session/modelCatalog":
		req.Payload = jsontext.Value(mustCompact(args))
	}
	h.record(req)
	h.mu.Lock()
	more, refused := h.listMore, h.refusal(endpoint)
	h.mu.Unlock()
	if refused != nil {
		writeRemote(w, rpc, nil, refused)
		return
	}
	if endpoint == "session/list" && more > 0 {
		h.writeLongList(w, rpc, more)
		return
	}
	value, e := h.answerRemote(endpoint, rpc, args, request)
	writeRemote(w, rpc, value, e)
}

func argumentsInvalid(endpoint, issue string) *rpcError {
	return &rpcError{Code: "gateway/arguments-invalid", Message: "invalid arguments for " + endpoint,
		Details: map[string]any{"issues": []any{map[string]any{"message": issue}}}}
}

// writeRemote writes a server-response; a value of nil is none, as the
// host's JSON.stringify leaves out undefined.
func writeRemote(w http.ResponseWriter, rpc string, value any, e *rpcError) {
	result := map[string]any{"ok": true}
	if value != nil {
		result["value"] = value
	}
	if e != nil {
		result = map[string]any{"ok": false, "error": e}
	}
	writeJSON(w, map[string]any{"type": "server-response", "rpcId": rpc, "result": result})
}

func mustCompact(v any) []byte {
	b, _ := compact(v)
	return b
}

func notFoundRemote(id string) *rpcError {
	return &rpcError{Code: "session/not-found", Message: fmt.Sprintf("Session %q was not found", id),
		Details: map[string]any{"sessionId": id}}
}

// answerRemote answers a call whose envelope and arguments passed.
func (h *Host) answerRemote(endpoint, rpc string, args, request object) (any, *rpcError) {
	var id string
	_ = jsonline.Unmarshal(request["sessionId"], &id)
	h.mu.Lock()
	s := h.sessions[id]
	h.mu.Unlock()
	switch endpoint {
	case "session/modelCatalog":
		var d struct {
			Provider string `json:"provider"`
			Model    string `json:"model"`
		}
		_ = jsonline.Unmarshal(h.hostAnswer(2), &d)
		return map[string]any{"default": map[string]any{"provider": d.Provider, "model": d.Model},
			"routableProviders": []string{d.Provider},
			"groups": []any{map[string]any{"id": d.Provider, "name": d.Provider,
				"models": []any{map[string]any{"id": d.Model, "name": d.Model}}}},
			"failures": []any{}}, nil
	case "session/list":
		return h.listRemote(), nil
	case "session/create":
		return h.trigger("create", arrival{rpc: rpc, payload: request})
	case "session/prompt":
		if s == nil {
			return nil, notFoundRemote(id)
		}
		if emptyPrompt(request["content"]) {
			h.fail("deck sent an empty prompt to %s; the host refuses content with no text", id)
		}
		var requestID string
		_ = jsonline.Unmarshal(request["requestId"], &requestID)
		return h.trigger("prompt", arrival{rpc: requestID, payload: request})
	case "session/cancel":
		if s == nil || !s.attached {
			return nil, notFoundRemote(id)
		}
		return h.trigger("cancel", arrival{rpc: rpc, payload: request})
	case "session/page":
		var address struct {
			SessionID string `json:"sessionId"`
		}
		_ = jsonline.Unmarshal(request["address"], &address)
		h.mu.Lock()
		s = h.sessions[address.SessionID]
		h.mu.Unlock()
		if s == nil {
			return nil, notFoundRemote(address.SessionID)
		}
		return h.pageRemote(s, request)
	case remoteResult:
		return h.result(args)
	}
	h.fail("livetest does not model %s (a real host endpoint); the %v scenario never called it", endpoint, h.script.scenario)
	return nil, &rpcError{Code: "gateway/internal", Message: "livetest does not model " + endpoint, Details: map[string]any{}}
}
