package live

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live/livetest"
)

// started creates the scenario's session and watches it until the Watch
// is live.
func started(t *testing.T, h *livetest.Host) (*Client, context.Context, *screen) {
	t.Helper()
	c := newClient(t, h)
	ctx := testContext(t)
	id, err := c.Create(ctx, "/srv/dsh/work")
	if err != nil {
		t.Fatal(err)
	}
	s := watch(t, ctx, c, id)
	s.until("the connection", s.isLive)
	return c, ctx, s
}

func (s *screen) isLive() bool { return len(s.conns) > 0 && s.conns[len(s.conns)-1].Live }
func (s *screen) isDown() bool { return len(s.conns) > 0 && !s.conns[len(s.conns)-1].Live }

func prompt(t *testing.T, ctx context.Context, c *Client, id string) {
	t.Helper()
	if err := c.Prompt(ctx, id, "queue", "Please read hello.txt and then run a bash command."); err != nil {
		t.Fatal(err)
	}
}

func TestWatchPlainTurn(t *testing.T) { each(t, testWatchPlainTurn) }

func testWatchPlainTurn(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
	if len(s.conns) != 1 {
		t.Errorf("the connection went %+v, want it live throughout (frames pass 32 KiB)", s.conns)
	}
	// The tool events carry an rc.8 host's views; a 0.2 host sends none.
	for _, seq := range []int64{36, 37, 54, 55} {
		if ev := s.events[seq]; (ev.View == nil || ev.ViewFor == "") != (p == livetest.V02) {
			t.Errorf("event %d (%s) came with view %s for %q", seq, eventType(ev), ev.View, ev.ViewFor)
		}
	}
	// The queue showed the prompt, then emptied when the turn took it.
	s.until("the running state", func() bool { return slices.Equal(s.running, []bool{false, true, false}) })
	if len(s.queue) != 0 {
		t.Errorf("the queue ends with %+v, want it empty", s.queue)
	}
	var queued []QueueItem
	for _, u := range s.all {
		if q, ok := u.(QueueChanged); ok && len(q.Items) > 0 {
			queued = q.Items
		}
	}
	if len(queued) != 1 || queued[0].Placement != "queued" || !strings.Contains(queued[0].Text, "hello.txt") {
		t.Errorf("the queue held %+v, want the prompt, queued", queued)
	}
	if title := string(s.proj["title"].Value); title != `"Scripted probe session"` {
		t.Errorf("the title is %s, want the one the title model gave", title)
	}
}

func TestPromptRPCIDComesBackOnTheUserMessage(t *testing.T) {
	each(t, testPromptRPCIDComesBackOnTheUserMessage)
}

func testPromptRPCIDComesBackOnTheUserMessage(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the turn's end", s.turnEnded)
	rpc := h.Calls("session.prompt")[0].RPCID
	if !bytes.Contains(s.events[7].Raw, []byte(`"rpcId":"`+rpc+`"`)) {
		t.Errorf("the user message %s does not carry the prompt's rpcId %s", s.events[7].Raw, rpc)
	}
}

func TestLiveStreamStitchedAfterTheTail(t *testing.T) { each(t, testLiveStreamStitchedAfterTheTail) }

func testLiveStreamStitchedAfterTheTail(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	h.Hold(40)
	c := newClient(t, h)
	ctx := testContext(t)
	id, err := c.Create(ctx, "")
	if err != nil {
		t.Fatal(err)
	}
	prompt(t, ctx, c, id)
	h.Wait(livetest.Held) // events 0..39 are committed, the turn is half done
	s := watch(t, ctx, c, id)
	s.until("the connection", s.isLive)
	if s.last() != 39 || len(h.Calls("session.history")) != 1 {
		t.Fatalf("the tail shows %v, want 0..39 from one history call", s.seqs)
	}
	h.Resend(39) // live, a repeat of the tail's last event
	h.Release()
	s.until("the turn's end", s.turnEnded)
	h.Resend(50) // a repeat of a live event
	h.Send(map[string]any{"type": "session/projection", "sessionId": id, "key": "marker", "value": 1, "seq": 1000})
	s.until("the marker", func() bool { return s.proj["marker"].Seq == 1000 })
	s.contiguous(0, 83)
	if n := len(h.Calls("session.history")); n != 1 {
		t.Errorf("%d history calls, want only the tail: the live events join it with no gap", n)
	}
}

func TestGapRefetchesTheTail(t *testing.T) { each(t, testGapRefetchesTheTail) }

func testGapRefetchesTheTail(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	h.Hold(30)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	h.Wait(livetest.Held)
	h.Withhold(5) // events 30..34 are committed but never pushed
	h.Release()
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if n := len(h.Calls("session.history")); n != 2 {
		t.Errorf("%d history calls, want the tail and one refetch for the gap", n)
	}
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
}

func TestApprovalAllowed(t *testing.T) { each(t, testApprovalAllowed) }

func testApprovalAllowed(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Approval)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the approval", func() bool { return len(s.approvals) == 1 })
	a := s.approvals[0]
	if a.ToolName != "bash" || a.CallID != "call-bash-1" || !strings.HasPrefix(a.Reason, "escalate sandbox") ||
		a.SessionID != h.SessionID() || a.ApprovalID == "" || a.RPCID == "" {
		t.Errorf("the approval asked is %+v", a)
	}
	r, err := c.Approve(ctx, a, session.AllowedOnce)
	if err != nil || !r.Accepted {
		t.Fatalf("Approve = %+v, %v", r, err)
	}
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 85)
	s.until("the settlement", func() bool { return len(s.settled) > 0 }) // on 0.2 it comes on another stream than the turn's end
	if !slices.Equal(s.settled, []string{a.ApprovalID + " allowed-once"}) || len(s.approvals) != 0 {
		t.Errorf("settled %q, pending %+v", s.settled, s.approvals)
	}
	// Answered already: the host says so (rc.8), or deck knows it settled
	// (a 0.2 host takes a late answer quietly), and it is no error.
	r, err = c.Approve(ctx, a, session.AllowedOnce)
	if err != nil || r.Accepted || r.Reason != "not-pending" {
		t.Errorf("a second Approve = %+v, %v; want not-pending", r, err)
	}
	sent := 2
	if p == livetest.V02 {
		sent = 1
	}
	if calls := h.Calls("respond"); len(calls) != sent || calls[0].RPCID != a.RPCID {
		t.Errorf("answers sent: %+v", calls)
	}
}

func TestApprovalRejected(t *testing.T) { each(t, testApprovalRejected) }

func testApprovalRejected(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Reject)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the approval", func() bool { return len(s.approvals) == 1 })
	a := s.approvals[0]
	if r, err := c.Approve(ctx, a, session.Rejected); err != nil || !r.Accepted {
		t.Fatalf("Approve = %+v, %v", r, err)
	}
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 90)
	s.until("the settlement", func() bool { return len(s.settled) > 0 }) // on 0.2 it comes on another stream than the turn's end
	if !slices.Equal(s.settled, []string{a.ApprovalID + " rejected"}) {
		t.Errorf("settled %q", s.settled)
	}
	if !bytes.Contains(s.events[57].Raw, []byte("the user rejected escalating")) {
		t.Errorf("the tool result after the rejection is %s", s.events[57].Raw)
	}
}

func askedQuestion(t *testing.T, p livetest.Protocol) (*livetest.Host, *Client, context.Context, *screen, QuestionRequest) {
	h := livetest.Start(t, p, livetest.Question)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the question", func() bool { return len(s.questions) == 1 })
	q := s.questions[0]
	want := Question{ID: "mode", Header: "Mode", Text: "Which path?",
		Options: []Option{{"Safe", "guarded"}, {"Fast", "short"}}}
	if len(q.Questions) != 1 || q.Questions[0].ID != want.ID || q.Questions[0].Header != want.Header ||
		q.Questions[0].Text != want.Text || !slices.Equal(q.Questions[0].Options, want.Options) || q.Questions[0].Multi {
		t.Errorf("the question asked is %+v", q)
	}
	return h, c, ctx, s, q
}

func TestQuestionAnswered(t *testing.T) { each(t, testQuestionAnswered) }

func testQuestionAnswered(t *testing.T, p livetest.Protocol) {
	_, c, ctx, s, q := askedQuestion(t, p)
	r, err := c.Answer(ctx, q, []QuestionAnswer{{ID: "mode", Selected: []string{"Safe"}}})
	if err != nil || !r.Accepted {
		t.Fatalf("Answer = %+v, %v", r, err)
	}
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 54)
	s.until("the settlement", func() bool { return len(s.settled) > 0 }) // on 0.2 it comes on another stream than the turn's end
	if !slices.Equal(s.settled, []string{q.RPCID + " answered"}) || len(s.questions) != 0 {
		t.Errorf("settled %q, pending %+v", s.settled, s.questions)
	}
}

func TestQuestionDismissed(t *testing.T) { each(t, testQuestionDismissed) }

func testQuestionDismissed(t *testing.T, p livetest.Protocol) {
	h, c, ctx, s, q := askedQuestion(t, p)
	r, err := c.Dismiss(ctx, q)
	if err != nil || !r.Accepted {
		t.Fatalf("Dismiss = %+v, %v", r, err)
	}
	s.until("the question to settle", func() bool { return len(s.settled) == 1 })
	if s.settled[0] != q.RPCID+" cancelled" {
		t.Errorf("settled %q", s.settled)
	}
	code := `"code":"cancelled"` // rc.8's error; a 0.2 host's asker takes the question tool's
	if p == livetest.V02 {
		code = `"kind":"rejected","error":{"name":"UserQuestionError","message":"the user dismissed the question","code":"ASK_CANCELLED"}`
	}
	if calls := h.Calls("respond"); len(calls) != 1 || !strings.Contains(string(calls[0].Payload), code) {
		t.Errorf("the dismissal sent %+v", calls)
	}
}

func TestCancel(t *testing.T) { each(t, testCancel) }

func testCancel(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Cancel)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	h.Wait(livetest.AwaitingCancel)
	if err := c.Cancel(ctx, h.SessionID()); err != nil {
		t.Fatal(err)
	}
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 46)
	if end := s.events[46].Raw; !bytes.Contains(end, []byte(`"kind":"aborted"`)) {
		t.Errorf("the turn ends %s, want aborted", end)
	}
}

func TestReconnectMidApproval(t *testing.T) { each(t, testReconnectMidApproval) }

func testReconnectMidApproval(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Reconnect)
	c, ctx, s := started(t, h)
	prompt(t, ctx, c, h.SessionID())
	s.until("the approval", func() bool { return len(s.approvals) == 1 })
	h.Wait(livetest.AwaitingApproval)

	h.DropConnections()
	s.until("the connection to drop", s.isDown)
	s.until("the reconnection", s.isLive)
	if err := s.conns[len(s.conns)-2].Err; err == nil || !strings.Contains(err.Error(), "deck reconnects by itself") {
		t.Errorf("the connection went down for %v", err)
	}
	// The new mux replays the approval (same rpcId); it is still answerable.
	h.Hold(70)
	r, err := c.Approve(ctx, s.approvals[0], session.AllowedOnce)
	if err != nil || !r.Accepted {
		t.Fatalf("Approve after the reconnect = %+v, %v", r, err)
	}
	// And the links drop again mid-stream: what streams meanwhile comes back with the tail.
	h.Wait(livetest.Held)
	h.DropConnections()
	h.Release()
	s.until("the turn's end", s.turnEnded)
	// Settled by its frame, or when that was lost in the drop, by the
	// approval/decided event the tail brings back.
	s.until("the approval to settle", func() bool { return len(s.settled) > 0 })
	s.contiguous(0, 85)
	if want := s.events[55]; !bytes.Contains(want.Raw, []byte(s.settled[0][:36])) {
		t.Errorf("settled %q, not the approval asked at event 55", s.settled)
	}
	if !strings.HasSuffix(s.settled[0], " allowed-once") {
		t.Errorf("settled %q, want allowed-once", s.settled)
	}
	if len(s.asked) != 1 || len(s.settled) != 1 || len(s.approvals) != 0 {
		t.Errorf("asked %q, settled %q: the approval is announced and settled once", s.asked, s.settled)
	}
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
}

func TestResumeFillsTheEndSeedGap(t *testing.T) { each(t, testResumeFillsTheEndSeedGap) }

func testResumeFillsTheEndSeedGap(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	id := h.SessionID()
	s := watch(t, ctx, c, id)
	s.until("the connection", s.isLive)
	if s.last() != 83 || !slices.Equal(s.running, []bool{false}) {
		t.Fatalf("the cold session shows %v, running %v; want up to 83, not running", s.seqs, s.running)
	}
	prompt(t, ctx, c, id)
	s.until("the second turn's end", func() bool { return s.last() >= 160 })
	s.contiguous(s.seqs[0], 160)
	if eventType(s.events[84]) != "session/end-seed" {
		t.Errorf("event 84 is %s, want the session/end-seed the mux never pushes", eventType(s.events[84]))
	}
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
}

func TestLoadOlder(t *testing.T) { each(t, testLoadOlder) }

func testLoadOlder(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	c.page = 2
	ctx := testContext(t)
	s := watch(t, ctx, c, h.SessionID())
	s.until("the connection", s.isLive)
	if s.seqs[0] != 40 || !s.w.HasOlder() {
		t.Fatalf("the tail starts at %d (older: %v), want 40 with older ones", s.seqs[0], s.w.HasOlder())
	}
	for s.w.HasOlder() {
		if err := s.w.LoadOlder(ctx); err != nil {
			t.Fatal(err)
		}
		first := s.seqs[0]
		s.until("the older page", func() bool { return s.seqs[0] < first })
	}
	s.contiguous(0, 83)
	if err := s.w.LoadOlder(ctx); err != nil {
		t.Errorf("LoadOlder with nothing older: %v", err)
	}
}

// Events the reader forgot come back, page by page, from the history.
func TestForgottenEventsLoadAgain(t *testing.T) { each(t, testForgottenEventsLoadAgain) }

func testForgottenEventsLoadAgain(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	c.page = 2
	ctx := testContext(t)
	s := watch(t, ctx, c, h.SessionID())
	s.until("the connection", s.isLive)
	for s.w.HasOlder() {
		if err := s.w.LoadOlder(ctx); err != nil {
			t.Fatal(err)
		}
		first := s.seqs[0]
		s.until("the older page", func() bool { return s.seqs[0] < first })
	}
	s.w.Forget(60) // as a reader that let go of events 0–59
	s.seqs = slices.DeleteFunc(s.seqs, func(seq int64) bool { return seq < 60 })
	for seq := range int64(60) {
		delete(s.events, seq)
	}
	if !s.w.HasOlder() {
		t.Fatal("after Forget(60), nothing older")
	}
	if err := s.w.LoadOlder(ctx); err != nil {
		t.Fatal(err)
	}
	s.until("the forgotten page", func() bool { return s.seqs[0] < 60 })
	s.contiguous(s.seqs[0], 83)
}

// A 60 MB frame is read; one past the read limit drops the link, which
// says why and reconnects. Neither is kept: the frames are not sessions'.
func TestHugeFrames(t *testing.T) { each(t, testHugeFrames) }

func testHugeFrames(t *testing.T, p livetest.Protocol) {
	if testing.Short() {
		t.Skip("sends 60 MB frames")
	}
	h := livetest.Start(t, p, livetest.Plain)
	_, _, s := started(t, h)
	frame := func(size int) livetest.Raw {
		return livetest.Raw(`{"type":"nobody-knows","pad":"` + strings.Repeat("x", size) + `"}`)
	}
	h.Send(frame(60 << 20))
	h.Send(map[string]any{"type": "host/agent-error", "sessionId": h.SessionID(), "message": "after the 60 MB frame"})
	s.until("the frame after the 60 MB one", func() bool { return len(s.problems) > 0 })
	if len(s.conns) != 1 {
		t.Fatalf("the link dropped on a 60 MB frame: %v", s.conns)
	}
	if n := s.w.Ignored()["nobody-knows"]; n != 1 {
		t.Errorf("the 60 MB frame was ignored %d times, want once", n)
	}
	h.Send(frame(readLimit))
	s.until("the link to drop", s.isDown)
	if err := s.conns[len(s.conns)-1].Err; err == nil || !strings.Contains(err.Error(), "larger than 64 MB") {
		t.Errorf("the link dropped for %v", err)
	}
	s.until("the link to come back", s.isLive)
}

func TestHostDown(t *testing.T) { each(t, testHostDown) }

func testHostDown(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c, ctx, s := started(t, h)
	h.Down()
	s.until("the connection to drop", s.isDown)
	// The next tries find no one.
	s.until("a refused reconnection", func() bool {
		err := s.conns[len(s.conns)-1].Err
		return err != nil && strings.Contains(err.Error(), "no harness host answers at "+c.URL())
	})
	down := s.conns[len(s.conns)-1]
	var he *HostError
	if !errors.As(down.Err, &he) || down.RetryIn <= 0 {
		t.Errorf("down with %#v, retrying in %v", down.Err, down.RetryIn)
	}
	if _, err := c.Sessions(ctx); !errors.As(err, &he) || !strings.Contains(err.Error(), "connection refused") {
		t.Errorf("Sessions on a host that is down = %v", err)
	}
	h.Up()
	s.until("the reconnection", s.isLive)
	prompt(t, ctx, c, h.SessionID())
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
}

func TestStreamErrorReconnects(t *testing.T) { each(t, testStreamErrorReconnects) }

func testStreamErrorReconnects(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	_, _, s := started(t, h)
	h.Send(map[string]any{"type": "stream/error", "error": map[string]any{"code": "internal", "message": "pump failed", "details": map[string]any{}}})
	s.until("the connection to drop", s.isDown)
	s.until("the reconnection", s.isLive)
	if len(s.problems) != 1 || !strings.Contains(s.problems[0], "pump failed") {
		t.Errorf("problems %q, want the stream error", s.problems)
	}
}

func TestMalformedFramesAreProblems(t *testing.T) {
	h := livetest.New(t, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	h.Send(livetest.Raw("not json"))
	h.Send(map[string]any{"type": "session/event", "sessionId": id})
	h.Send(map[string]any{"type": "session/event", "sessionId": id, "event": map[string]any{"type": "x"}})
	h.Send(map[string]any{"type": "host/session-status", "sessionId": id, "running": "yes"})
	h.Send(map[string]any{"type": "approval/requested", "sessionId": id})
	h.Send(map[string]any{"type": "host/agent-error", "sessionId": id, "message": "the model is gone"})
	h.Send(map[string]any{"type": "session/event", "sessionId": "session-other", "event": map[string]any{"type": "x", "seq": 3}})
	h.Send(map[string]any{"type": "workspace/whatever", "items": "not a list"})
	s.until("six problems", func() bool { return len(s.problems) >= 6 })
	for i, says := range []string{"not JSON", "without event", "no type or no seq",
		"does not read", "without rpcId or approvalId", "the model is gone"} {
		if !strings.Contains(s.problems[i], says) {
			t.Errorf("problem %d is %q, want it to say %q", i, s.problems[i], says)
		}
	}
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) != 6 {
		t.Errorf("problems %q, want the six only", s.problems)
	}
}

func TestProjectionsHigherSeqWins(t *testing.T) { each(t, testProjectionsHigherSeqWins) }

func testProjectionsHigherSeqWins(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	// the session's first events, and the permissions as of them: from the
	// snapshot or from the live frames, as the follow's opening fell between
	// the host's pushes (a value repeated at a higher seq is not announced
	// again, so the seq it is announced at depends on that)
	s.until("the first events and the permissions", func() bool {
		_, ok := s.events[2]
		return ok && s.proj["permissions"].Value != nil
	})
	if s.proj["title"].Value == nil {
		t.Errorf("the seed gave %+v", s.proj)
	}
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	h.Send(map[string]any{"type": "session/projection", "sessionId": id, "key": "title", "value": "stale", "seq": 5})
	h.Send(map[string]any{"type": "session/projection", "sessionId": id, "key": "title", "value": "renamed", "seq": 90})
	s.until("the new title", func() bool { return s.proj["title"].Seq == 90 })
	if string(s.proj["title"].Value) != `"renamed"` {
		t.Errorf("the title is %s", s.proj["title"].Value)
	}
	for _, u := range s.all {
		if p, ok := u.(ProjectionChanged); ok && string(p.Value) == `"stale"` {
			t.Error("a projection older than the one held was delivered")
		}
	}
}

func TestEventPastTheHistoryIsLeftOut(t *testing.T) { each(t, testEventPastTheHistoryIsLeftOut) }

func testEventPastTheHistoryIsLeftOut(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	h.Send(map[string]any{"type": "session/event", "sessionId": id,
		"event": map[string]any{"type": "turn/end", "seq": 1 << 40, "time": 0, "data": map[string]any{}}})
	// A 0.2 host's stream has no gaps: deck asks for the page up to the
	// event, past the log, which the host refuses.
	want := []string{"is left out"}
	if p == livetest.V02 {
		want = []string{"refused session/page", "is left out"}
	}
	s.until("the problems", func() bool { return len(s.problems) == len(want) })
	for i, says := range want {
		if !strings.Contains(s.problems[i], says) {
			t.Errorf("problem %d says %q, want %q", i, s.problems[i], says)
		}
	}
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
}

// gate holds a client's reconnects while shut, and says when one is due.
type gate struct {
	mu   sync.Mutex
	shut bool
	due  chan struct{}
	open chan struct{}
}

func gated(c *Client) *gate {
	g := &gate{due: make(chan struct{}, 8), open: make(chan struct{})}
	c.backoff = func(int) time.Duration {
		g.mu.Lock()
		shut := g.shut
		g.mu.Unlock()
		if shut {
			g.due <- struct{}{}
			<-g.open
		}
		return 20 * time.Millisecond
	}
	return g
}

func (g *gate) close() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.shut = true
}

func TestSettledWhileAway(t *testing.T) { each(t, testSettledWhileAway) }

func testSettledWhileAway(t *testing.T, p livetest.Protocol) {
	for _, sc := range []livetest.Scenario{livetest.Approval, livetest.Question} {
		t.Run(sc.String(), func(t *testing.T) {
			h := livetest.Start(t, p, sc)
			c := newClient(t, h)
			g := gated(c)
			ctx := testContext(t)
			id, err := c.Create(ctx, "")
			if err != nil {
				t.Fatal(err)
			}
			s := watch(t, ctx, c, id)
			prompt(t, ctx, c, id)
			s.until("the request", func() bool { return len(s.asked) == 1 })
			g.close()
			h.DropConnections()
			<-g.due // the Watch is away
			// Another client answers; the settling frames reach no one. A
			// 0.2 host's request is answered on the link it came by: the
			// other client watches the session too.
			other := newClient(t, h)
			approval, question := s.approvals, s.questions
			if p == livetest.V02 {
				os := watch(t, ctx, other, id)
				os.until("the request, to the other client", func() bool { return len(os.asked) == 1 })
				approval, question = os.approvals, os.questions
			}
			var r Receipt
			if sc == livetest.Approval {
				r, err = other.Approve(ctx, approval[0], session.AllowedOnce)
			} else {
				r, err = other.Answer(ctx, question[0], []QuestionAnswer{{ID: "mode", Selected: []string{"Fast"}}})
			}
			if err != nil || !r.Accepted {
				t.Fatalf("the other client's answer: %+v, %v", r, err)
			}
			h.Wait(livetest.Finished)
			close(g.open)
			s.until("the request to settle", func() bool { return len(s.settled) > 0 })
			want := " allowed-once" // from the approval/decided event
			if sc == livetest.Question {
				want = " unavailable" // no event records a question: its turn ended
			}
			if len(s.settled) != 1 || !strings.HasSuffix(s.settled[0], want) {
				t.Errorf("settled %q, want one%s", s.settled, want)
			}
			s.until("the turn's end", s.turnEnded)
			s.contiguous(0, s.last())
		})
	}
}

func TestWatchOfAnUnknownSession(t *testing.T) { each(t, testWatchOfAnUnknownSession) }

func testWatchOfAnUnknownSession(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	s := watch(t, testContext(t), c, "session-does-not-exist")
	s.until("the connection", s.isLive)
	code := map[livetest.Protocol]string{livetest.RC8: "session-not-found", livetest.V02: "session/not-found"}[p]
	if len(s.problems) != 1 || !strings.Contains(s.problems[0], code) || len(s.seqs) != 0 {
		t.Errorf("problems %q, events %v; want the refusal reported and nothing shown", s.problems, s.seqs)
	}
}
