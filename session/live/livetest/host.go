// Package livetest is a fake harness host for tests: it answers deck's
// calls and pushes frames the way the real host did in the captures of
// golden/testdata/harness/live/, replaying one recorded scenario in its
// recorded order, and it checks every request deck makes the way the real
// host would, failing the test with the reason on one the host would refuse.
//
// A scenario waits at each call that moved the recorded run on (create,
// prompt, the answer to an approval or a question, cancel): when it comes,
// the fake pushes the frames that came before its answer in the recording,
// answers, and pushes those that came after, up to the next such call.
// Every other call (describe, list, history, …) is answered from the state
// the pushed frames left, as the real host would.
//
// A test starts one, points deck at its URL, and waits for the points of
// the scenario it needs:
//
//	h := livetest.New(t, livetest.Approval)
//	c, _ := live.New(h.URL(), live.Options{})
//	id, _ := c.Create(ctx, "/srv/dsh/work") // or let the UI create it
//	w := c.Watch(ctx, id)
//	_ = c.Prompt(ctx, id, "queue", "run it")
//	h.Wait(livetest.AwaitingApproval) // the approval is pushed; answer it
//	…
//	h.Wait(livetest.Finished) // the turn is over
//
// Hold and Release stop the replay at an event; DropConnections, Down and
// Up break the link; Withhold, Resend and Send inject faults; Requests says
// what deck sent.
//
// The fake speaks either protocol (Start): rc.8's, as recorded, or the 0.2
// host's (remote*.go), which no host here could record: the same scenario,
// its frames turned into the 0.2 protocol's as the host's source defines
// them (golden/testdata/harness/live-0.2/README.md names the files), behind
// the launch token and the session cookie. A test that runs against both
// names calls as rc.8 does (session.prompt, respond): Calls maps them.
package livetest

import (
	"context"
	"net"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// waitBound bounds Wait: a failure bound, not a pace.
const waitBound = 30 * time.Second

// Host is a running fake host.
type Host struct {
	t      testing.TB
	proto  Protocol
	script *script
	corpus *corpus
	ctx    context.Context
	stop   context.CancelFunc
	srv    *http.Server
	addr   string
	done   sync.WaitGroup // the replay, the servers and the handlers

	arrivals chan arrival // calls the replay waits for

	mu        sync.Mutex
	closed    bool
	listener  net.Listener
	conns     map[net.Conn]bool // every connection, upgraded ones too
	links     map[*link]bool    // open downlinks
	sessions  map[string]*session
	pending   map[string]*frame // approval and question requests not yet settled, by rpcId
	asked     map[string]bool   // every rpcId a requested frame carried
	requests  []Request
	rewrites  []string // old, new pairs of rpcIds: the captured prompt's becomes deck's
	reached   [marks]chan struct{}
	holdSeq   int64 // -1: no hold
	release   chan struct{}
	withheld  int   // session/event frames to commit without pushing
	nextBeat  int   // the beat of the next call the replay takes
	listMore  int   // made-up sessions session.list answers besides (ListMore)
	listBytes int64 // bytes of those answers written

	remote remoteState // the 0.2 protocol's (remote.go)
}

// Protocol is the protocol a fake host speaks.
type Protocol int

const (
	RC8 Protocol = iota // rc.8's, as recorded
	V02                 // the 0.2 host's, built from its source
)

func (p Protocol) String() string {
	if p == V02 {
		return "0.2"
	}
	return "rc.8"
}

// Protocols are both, for tests that run against each.
var Protocols = []Protocol{RC8, V02}

// Request is one request deck made, as the fake saw it.
type Request struct {
	Path    string         // the URL path: /api/session.prompt, /api/respond, /api/events.mux
	Method  string         // the envelope's method; "" for /api/respond and the downlinks
	RPCID   string         // the envelope's rpcId (for /api/respond, the one it echoes)
	Payload jsontext.Value // the envelope's payload (for /api/respond, its result)
	Refused string         // why the real host would refuse it; "" when it would not
	// On a 0.2 host: Method is the endpoint (session/prompt, $events/result,
	// and for a stream opened on the mux its endpoint: session/follow);
	// Payload the session methods' one argument (request), or the others'
	// arguments; RPCID, for session/prompt, its requestId (which comes back
	// on the user message), for $events/result the event id it answers.
}

// New starts a fake rc.8 host replaying scenario s; it stops when the test
// ends.
func New(t testing.TB, s Scenario) *Host {
	t.Helper()
	return Start(t, RC8, s)
}

// Start starts a fake host of protocol p replaying scenario s; it stops
// when the test ends.
func Start(t testing.TB, p Protocol, s Scenario) *Host {
	t.Helper()
	c, err := theCorpus()
	if err != nil {
		t.Fatalf("livetest: reading the captures: %v", err)
	}
	sc, err := buildScript(s, c)
	if err != nil {
		t.Fatalf("livetest: %v", err)
	}
	h := &Host{t: t, proto: p, script: sc, corpus: c, arrivals: make(chan arrival),
		conns: map[net.Conn]bool{}, links: map[*link]bool{}, pending: map[string]*frame{},
		asked: map[string]bool{}, holdSeq: -1}
	for i := range h.reached {
		h.reached[i] = make(chan struct{})
	}
	h.ctx, h.stop = context.WithCancel(context.Background())
	h.remote = newRemoteState()
	h.setUp()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("livetest: %v", err)
	}
	h.addr = l.Addr().String()
	h.srv = &http.Server{Handler: h, ConnState: h.track}
	h.serve(l)
	t.Cleanup(h.close)
	h.done.Go(h.replay)
	return h
}

// URL is the URL the host prints: its base URL, http://127.0.0.1:PORT,
// and for a 0.2 host its launch token, /?token=….
func (h *Host) URL() string {
	if h.proto == V02 {
		return h.BaseURL() + "/?token=" + h.remote.token
	}
	return h.BaseURL()
}

// BaseURL is the fake's base URL, http://127.0.0.1:PORT.
func (h *Host) BaseURL() string { return "http://" + h.addr }

// Protocol is the protocol the fake speaks.
func (h *Host) Protocol() Protocol { return h.proto }

// SessionID is the id of the session the scenario follows.
func (h *Host) SessionID() string { return h.script.session }

// Requests is every request deck made so far, in order.
func (h *Host) Requests() []Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.requests)
}

// Calls is the requests deck made to one method ("respond" for
// /api/respond), in order. On a 0.2 host rc.8's names mean its calls:
// session.prompt is session/prompt, respond $events/result (but not the
// passes, outcome next), and session.history what brings history, the
// opening of session/follow and session/page.
func (h *Host) Calls(method string) []Request {
	names := map[string]bool{method: true}
	if h.proto == V02 {
		names = remoteNames(method)
	}
	var out []Request
	for _, r := range h.Requests() {
		if h.proto == V02 && method == "respond" && r.Method == remoteResult && passed(r) {
			continue
		}
		if names[r.Method] || (method == "respond" && r.Path == "/api/respond") {
			out = append(out, r)
		}
	}
	return out
}

// Reached is closed once the replay reaches m (for Held: the current Hold).
func (h *Host) Reached(m Mark) <-chan struct{} {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.reached[m]
}

// Wait blocks until the replay reaches m; the test fails when it does not
// within a generous bound.
func (h *Host) Wait(m Mark) {
	h.t.Helper()
	select {
	case <-h.Reached(m):
	case <-time.After(waitBound):
		h.t.Fatalf("livetest: the %v replay never reached %v", h.script.scenario, m)
	}
}

// Hold stops the replay before it pushes the first frame for event seq of
// the scenario's session (and the projection frames that precede it),
// until Release. Call it before the replay gets there.
func (h *Host) Hold(seq int64) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.holdSeq = seq
	h.release = make(chan struct{})
	h.reached[Held] = make(chan struct{})
}

// Release lets a held replay go on.
func (h *Host) Release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.release != nil {
		close(h.release)
		h.release = nil
	}
	h.holdSeq = -1
}

// Withhold makes the replay commit its next n session events without
// pushing them: deck sees a gap.
func (h *Host) Withhold(n int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.withheld += n
}

// Resend pushes again the session/event frame of seq that the replay pushed
// already: deck sees it twice.
func (h *Host) Resend(seq int64) {
	for _, f := range h.script.frames {
		if f.Type == "session/event" && f.seq() == seq {
			h.mu.Lock()
			if h.proto == V02 {
				h.toFollow(f.SessionID, map[string]any{"type": "event", "event": jsontext.Value(h.rewrite(f.Event))})
			} else {
				h.broadcast(true, h.rewrite(f.Msg))
			}
			h.mu.Unlock()
			return
		}
	}
	h.t.Errorf("livetest: the %v scenario has no session/event frame for seq %d", h.script.scenario, seq)
}

// Send pushes a frame of your own on the mux: a payload (its type becomes
// the method, and a fresh rpcId is minted), or with Raw, bytes as they are.
// A 0.2 host turns the payload into its own protocol's frame as it does the
// recorded ones (a session/event into a session/follow item, …), and sends
// Raw bytes as they are on its mux.
func (h *Host) Send(payload any) {
	if h.proto == V02 {
		h.sendRemote(payload)
		return
	}
	msg, ok := payload.(Raw)
	if !ok {
		body, err := compact(payload)
		if err != nil {
			h.t.Fatalf("livetest: Send: %v", err)
		}
		var head struct {
			Type string `json:"type"`
		}
		_ = jsonline.Unmarshal(body, &head)
		b, _ := compact(map[string]any{"type": "server-request", "rpcId": newID(), "method": head.Type,
			"payload": jsontext.Value(body)})
		msg = Raw(b)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	h.broadcast(true, msg)
}

// Raw is a downlink message sent as it is (Send).
type Raw []byte

// fail reports a request the real host would refuse, unless the test is over.
func (h *Host) fail(format string, a ...any) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.failLocked(format, a...)
}

func (h *Host) failLocked(format string, a ...any) {
	if !h.closed {
		h.t.Errorf("livetest: "+format, a...)
	}
}

func (h *Host) reach(m Mark) {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-h.reached[m]:
	default:
		close(h.reached[m])
	}
}
