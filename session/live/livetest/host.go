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
}

// Request is one request deck made, as the fake saw it.
type Request struct {
	Path    string         // the URL path: /api/session.prompt, /api/respond, /api/events.mux
	Method  string         // the envelope's method; "" for /api/respond and the downlinks
	RPCID   string         // the envelope's rpcId (for /api/respond, the one it echoes)
	Payload jsontext.Value // the envelope's payload (for /api/respond, its result)
	Refused string         // why the real host would refuse it; "" when it would not
}

// New starts a fake host replaying scenario s; it stops when the test ends.
func New(t testing.TB, s Scenario) *Host {
	t.Helper()
	c, err := theCorpus()
	if err != nil {
		t.Fatalf("livetest: reading the captures: %v", err)
	}
	sc, err := buildScript(s, c)
	if err != nil {
		t.Fatalf("livetest: %v", err)
	}
	h := &Host{t: t, script: sc, corpus: c, arrivals: make(chan arrival),
		conns: map[net.Conn]bool{}, links: map[*link]bool{}, pending: map[string]*frame{},
		asked: map[string]bool{}, holdSeq: -1}
	for i := range h.reached {
		h.reached[i] = make(chan struct{})
	}
	h.ctx, h.stop = context.WithCancel(context.Background())
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

// URL is the fake's base URL, http://127.0.0.1:PORT.
func (h *Host) URL() string { return "http://" + h.addr }

// SessionID is the id of the session the scenario follows.
func (h *Host) SessionID() string { return h.script.session }

// Requests is every request deck made so far, in order.
func (h *Host) Requests() []Request {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.requests)
}

// Calls is the requests deck made to one method ("respond" for
// /api/respond), in order.
func (h *Host) Calls(method string) []Request {
	var out []Request
	for _, r := range h.Requests() {
		if r.Method == method || (method == "respond" && r.Path == "/api/respond") {
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
			h.broadcast(true, h.rewrite(f.Msg))
			h.mu.Unlock()
			return
		}
	}
	h.t.Errorf("livetest: the %v scenario has no session/event frame for seq %d", h.script.scenario, seq)
}

// Send pushes a frame of your own on the mux: a payload (its type becomes
// the method, and a fresh rpcId is minted), or with Raw, bytes as they are.
func (h *Host) Send(payload any) {
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
