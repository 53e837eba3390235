package live

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/live/livetest"
)

// bound is how long a test waits for what must come: a failure bound only.
const bound = 30 * time.Second

// each runs a test against a fake host of each protocol.
func each(t *testing.T, test func(t *testing.T, p livetest.Protocol)) {
	for _, p := range livetest.Protocols {
		t.Run(p.String(), func(t *testing.T) { test(t, p) })
	}
}

// newClient is a client of the fake host whose reconnects wait a moment only.
func newClient(t *testing.T, h *livetest.Host) *Client {
	t.Helper()
	c, err := New(h.URL(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.backoff = func(int) time.Duration { return 20 * time.Millisecond }
	return c
}

func testContext(t *testing.T) context.Context {
	// a backstop only: each wait has its own bound. TestHugeFrames' two
	// 60 MB frames outlasted 2×bound under -race on a loaded machine.
	ctx, cancel := context.WithTimeout(context.Background(), 10*bound)
	t.Cleanup(cancel)
	return ctx
}

// screen is what a UI would hold after applying a Watch's updates.
type screen struct {
	t         *testing.T
	w         *Watch
	seqs      []int64 // every event received, in the order shown
	events    map[int64]Event
	proj      map[string]ProjectionChanged
	queue     []QueueItem
	approvals []ApprovalRequest // asked and not settled
	asked     []string          // every rpcId announced, in order
	settled   []string          // "approvalId outcome" or "rpcId outcome"
	questions []QuestionRequest
	running   []bool
	conns     []Connection
	problems  []string
	all       []Update
}

func watch(t *testing.T, ctx context.Context, c *Client, id string) *screen {
	return &screen{t: t, w: c.Watch(ctx, id), events: map[int64]Event{}, proj: map[string]ProjectionChanged{}}
}

func (s *screen) apply(u Update) {
	s.all = append(s.all, u)
	switch u := u.(type) {
	case Events:
		var seqs []int64
		for _, ev := range u.Events {
			if _, dup := s.events[ev.Seq]; dup {
				s.t.Errorf("event %d delivered twice", ev.Seq)
			}
			s.events[ev.Seq] = ev
			seqs = append(seqs, ev.Seq)
		}
		if u.Older {
			s.seqs = append(seqs, s.seqs...)
		} else {
			s.seqs = append(s.seqs, seqs...)
		}
	case ProjectionChanged:
		s.proj[u.Key] = u
	case QueueChanged:
		s.queue = u.Items
	case ApprovalAsked:
		s.approvals = append(s.approvals, u.Request)
		s.asked = append(s.asked, u.Request.RPCID)
	case ApprovalSettled:
		s.approvals = slices.DeleteFunc(s.approvals, func(a ApprovalRequest) bool { return a.ApprovalID == u.ApprovalID })
		s.settled = append(s.settled, u.ApprovalID+" "+string(u.Outcome))
	case QuestionAsked:
		s.questions = append(s.questions, u.Request)
		s.asked = append(s.asked, u.Request.RPCID)
	case QuestionSettled:
		s.questions = slices.DeleteFunc(s.questions, func(q QuestionRequest) bool { return q.RPCID == u.RPCID })
		s.settled = append(s.settled, u.RPCID+" "+u.Outcome)
	case Running:
		s.running = append(s.running, u.Running)
	case Connection:
		s.conns = append(s.conns, u)
	case Problem:
		s.problems = append(s.problems, u.Text)
	}
}

// until applies updates until cond holds; the test fails when it does not
// within the bound.
func (s *screen) until(what string, cond func() bool) {
	s.t.Helper()
	timeout := time.After(bound)
	for !cond() {
		select {
		case u, ok := <-s.w.Updates():
			if !ok {
				s.t.Fatalf("the updates ended while waiting for %s", what)
			}
			s.apply(u)
		case <-timeout:
			s.t.Fatalf("no %s within %v; events %v, problems %q", what, bound, s.seqs, s.problems)
		}
	}
}

// has reports an event of a type among those received.
func (s *screen) has(kind string) bool {
	for _, ev := range s.events {
		if eventType(ev) == kind {
			return true
		}
	}
	return false
}

func (s *screen) last() int64 {
	if len(s.seqs) == 0 {
		return -1
	}
	return s.seqs[len(s.seqs)-1]
}

// contiguous checks that the events shown run from..to without a gap or a
// repeat, in order.
func (s *screen) contiguous(from, to int64) {
	s.t.Helper()
	want := []int64{}
	for i := from; i <= to; i++ {
		want = append(want, i)
	}
	if !slices.Equal(s.seqs, want) {
		s.t.Errorf("events shown %v, want %d..%d in order", s.seqs, from, to)
	}
}

func eventType(ev Event) string {
	var e struct {
		Type string `json:"type"`
	}
	_ = jsonline.Unmarshal(ev.Raw, &e)
	return e.Type
}

// turnEnded is a condition: a turn/end event arrived.
func (s *screen) turnEnded() bool { return s.has("turn/end") }

// waitFor polls cond until it holds, failing the test after bound: for
// what the host records, which no update announces.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(bound)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %v", what, bound)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
