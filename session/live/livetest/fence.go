package livetest

import (
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
)

// maxBody is the host's default bound on a request body.
const maxBody = 160 << 20

// ServeHTTP checks a request the way the real host's /api fence and
// carrier do, in their order, and answers it.
func (h *Host) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !h.enter() {
		http.Error(w, "the test is over", http.StatusServiceUnavailable)
		return
	}
	defer h.done.Done()
	if h.proto == V02 {
		h.serveRemote(w, r)
		return
	}
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
	if r.URL.Query().Has("token") || r.Header.Get("Cookie") != "" {
		refuse(http.StatusBadRequest, "bad request", "deck sent an rc.8 host a token or a cookie, which it has no use for")
		return
	}
	if r.URL.Path == "/api/events.mux" || r.URL.Path == "/api/events.host" {
		if r.Method == http.MethodGet {
			if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
				refuse(http.StatusUpgradeRequired, "upgrade required", "a downlink is a WebSocket")
				return
			}
			h.record(req)
			h.stream(w, r, r.URL.Path == "/api/events.mux")
			return
		}
	}
	if r.Method != http.MethodPost || !strings.HasPrefix(r.URL.Path, "/api/") {
		refuse(http.StatusNotFound, "not found", "the host answers only POST /api/<method> and its two downlinks")
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
	if len(body) > maxBody {
		refuse(http.StatusRequestEntityTooLarge, "request body too large", "the body passes 160 MiB")
		return
	}
	if !jsonline.Valid(body) {
		refuse(http.StatusBadRequest, "body is not JSON", "the body is not JSON")
		return
	}
	if r.URL.Path == "/api/respond" {
		h.respond(w, body)
		return
	}
	method := strings.TrimPrefix(r.URL.Path, "/api/")
	if !knownMethods[method] {
		refuse(http.StatusNotFound, "not found", "the host has no method "+quote(method))
		return
	}
	h.unary(w, method, body)
}

// enter counts a request in, unless the test is over.
func (h *Host) enter() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	h.done.Add(1)
	return true
}

func (h *Host) record(r Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.requests = append(h.requests, r)
}

// fence is the host's trust fence: a loopback Host, no cross-site fetch,
// and an Origin, when there is one, naming that same host. It says why a
// request fails it, or "".
func fence(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.Host)
	if err != nil {
		host = r.Host
	}
	host = strings.Trim(host, "[]")
	ip := net.ParseIP(host)
	if host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return "its Host " + quote(r.Host) + " is not a loopback address"
	}
	if r.Header.Get("Sec-Fetch-Site") == "cross-site" {
		return "it is a cross-site fetch"
	}
	if origin := r.Header.Get("Origin"); origin != "" {
		u, err := url.Parse(origin)
		if err != nil || u.Host != r.Host {
			return "its Origin " + quote(origin) + " is not http://" + r.Host
		}
	}
	return ""
}

func quote(s string) string { return `"` + s + `"` }

// knownMethods are the host's unary methods (rc.8): any other is a 404.
var knownMethods = map[string]bool{}

func init() {
	for _, m := range strings.Fields(`session.list session.search session.create session.history
		session.models session.selectModel session.rename session.fork session.prompt session.attachment
		session.updateQueue session.cancel subagent.list subagent.history subagent.prompt subagent.interrupt
		host.describe host.pickDirectory host.listDirectory host.createDirectory host.openPath
		workspace.list workspace.create workspace.rename workspace.delete workspace.insertBefore
		workspace.insertSessionBefore workspace.archiveSession skill.list agentPreset.list
		agentPreset.select agentPreset.read agentPreset.copy agentPreset.openDocument agentPreset.remove
		goal.create goal.edit goal.pause goal.resume goal.complete goal.clear settings.describe
		settings.openDocument settings.update settings.replace settings.mutate credentials.describe
		credentials.set credentials.unset llm.providers llm.models llm.discoverModels`) {
		knownMethods[m] = true
	}
}
