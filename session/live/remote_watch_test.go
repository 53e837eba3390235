package live

import (
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/live/livetest"
)

// item is a 0.2 host's item frame on one of the streams a Watch opened.
func item(stream, value string) livetest.Raw {
	return livetest.Raw(`{"type":"item","streamId":"` + stream + `","value":` + value + `}`)
}

// What a 0.2 host sends that deck has no use for is counted, never a
// problem: a kind of frame, a stream deck did not open, host events, the
// pieces of an answer being written, kinds of follow and control items. A
// waterfall deck does not answer (another session's approval, an event it
// does not know) is left to the other clients at once (outcome next), or
// the host would wait for deck.
func TestRemoteItemsDeckDoesNotKnowAreCounted(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	h.Send(livetest.Raw(`{"type":"ping"}`))
	h.Send(item("nobody", `{}`))
	h.Send(item(eventsStream, `{"type":"emit","event":"commands/change","args":[]}`))
	h.Send(item(eventsStream, `{"type":"waterfall","event":"approval/request","eventId":"e-other","agentId":"session-other","request":{"toolName":"bash"}}`))
	h.Send(item(eventsStream, `{"type":"waterfall","event":"cordis/request-run","eventId":"e-cordis","agentId":"`+id+`","request":{}}`))
	h.Send(item(eventsStream, `{"type":"hello"}`))
	h.Send(item(followStream, `{"type":"assistant-stream","frame":{"type":"start","attemptId":"a","revision":1,"startedAfterSeq":2,"turn":1,"step":1}}`))
	h.Send(item(followStream, `{"type":"future"}`))
	h.Send(item(controlStream, `{"type":"future"}`))
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) > 0 {
		t.Errorf("problems: %q", s.problems)
	}
	want := map[string]int{"ping": 1, "(a stream deck did not open)": 1, "commands/change": 1, "approval/request": 1,
		"cordis/request-run": 1, "hello": 1, "assistant-stream": 1, "future": 2}
	got := s.w.Ignored()
	for name, n := range want {
		if got[name] != n {
			t.Errorf("ignored %v, want %v", got, want)
			break
		}
	}
	if len(s.approvals) != 0 {
		t.Errorf("another session's approval was announced: %+v", s.approvals)
	}
	passed := func() []string {
		var ids []string
		for _, r := range h.Requests() {
			if r.Method == "$events/result" && strings.Contains(string(r.Payload), `"outcome":{"kind":"next"}`) {
				ids = append(ids, r.RPCID)
			}
		}
		slices.Sort(ids)
		return ids
	}
	// deck passes them on while the turn goes on: they may reach the
	// host after its end.
	waitFor(t, "both passes", func() bool { return len(passed()) >= 2 })
	if passed := passed(); !slices.Equal(passed, []string{"e-cordis", "e-other"}) {
		t.Errorf("deck passed on %q, want both waterfalls it does not answer", passed)
	}
}

// What does not read, or lacks what deck uses, is a problem, said; the
// turn goes on.
func TestRemoteMalformedFramesAreProblems(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Plain)
	c, ctx, s := started(t, h)
	id := h.SessionID()
	for _, msg := range []livetest.Raw{
		livetest.Raw("not json"),
		livetest.Raw(`{"type":"item","value":{}}`),
		item(eventsStream, `{"type":"ready","host":{"home":"/h"}}`),
		item(eventsStream, `{"type":"emit","event":"api-session/status","args":["`+id+`","yes"]}`),
		item(eventsStream, `{"type":"waterfall","event":"approval/request","eventId":"e-bad","agentId":"`+id+`","request":{"callId":"c"}}`),
		item(followStream, `{"type":"event","event":{"type":"x"}}`),
		item(controlStream, `{"type":"projection","sessionId":"`+id+`","key":"title","value":"t"}`),
		item(eventsStream, `{"type":"emit","event":"api-session/error","args":["`+id+`","the model is gone"]}`),
	} {
		h.Send(msg)
	}
	says := []string{"not JSON", "without a streamId", "without clientId or host", "not [sessionId, running]",
		"deck cannot answer it", "no type or no seq", "without sessionId, key, value or seq", "the model is gone"}
	s.until("the problems", func() bool { return len(s.problems) >= len(says) })
	for i, want := range says {
		if !strings.Contains(s.problems[i], want) {
			t.Errorf("problem %d is %q, want it to say %q", i, s.problems[i], want)
		}
	}
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if len(s.problems) != len(says) {
		t.Errorf("problems %q, want those only", s.problems)
	}
	if calls := h.Calls("respond"); len(h.Requests()) == 0 || len(calls) != 0 {
		t.Errorf("answers sent: %+v", calls)
	}
}

// A 0.2 host's refusals that a person must act on are said in words that
// say what to do: a session whose log another process writes, one in an
// older format; following one refused, deck says so once and stays up.
func TestA02HostsRefusals(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	id := h.SessionID()
	h.RefuseNext("session/prompt", "session/writer-held", "Session log is held by another writer")
	err := c.Prompt(ctx, id, "queue", "hello")
	if err == nil || !strings.Contains(err.Error(), "another process holds its log for writing") ||
		!strings.Contains(err.Error(), id) || !strings.Contains(err.Error(), "session/writer-held") {
		t.Errorf("a prompt to a session another process writes: %v", err)
	}
	h.RefuseNext("session/follow", "session/migration-required", "Session log requires migration")
	s := watch(t, ctx, c, id)
	s.until("the connection", s.isLive)
	if len(s.problems) != 1 || !strings.Contains(s.problems[0], "in an older log format that the harness host must migrate first") ||
		len(s.seqs) != 0 {
		t.Errorf("problems %q, events %v", s.problems, s.seqs)
	}
}

// An approval answered by another client is withdrawn from deck by the
// host: the dialog closes (settled cancelled); the answer is the other's.
func TestApprovalAnsweredElsewhereIsWithdrawn(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Approval)
	c, ctx, s := started(t, h)
	other := newClient(t, h)
	os := watch(t, ctx, other, h.SessionID())
	os.until("the connection", os.isLive)
	prompt(t, ctx, c, h.SessionID())
	s.until("the approval", func() bool { return len(s.approvals) == 1 })
	os.until("the approval, to the other client", func() bool { return len(os.approvals) == 1 })
	if r, err := other.Approve(ctx, os.approvals[0], session.AllowedOnce); err != nil || !r.Accepted {
		t.Fatalf("the other client's answer: %+v, %v", r, err)
	}
	s.until("the turn's end", s.turnEnded)
	if a := s.approvals; len(a) != 0 || len(s.settled) != 1 || !strings.HasSuffix(s.settled[0], " cancelled") {
		t.Errorf("settled %q, pending %+v; want the approval withdrawn", s.settled, a)
	}
	os.until("the other client's settlement", func() bool { return len(os.settled) > 0 })
	if len(os.settled) != 1 || !strings.HasSuffix(os.settled[0], " allowed-once") {
		t.Errorf("the other client settled %q", os.settled)
	}
	if r, err := c.Approve(ctx, s.approvalsAsked()[0], session.AllowedOnce); err != nil || r.Accepted || r.Reason != "not-pending" {
		t.Errorf("an answer to the withdrawn approval = %+v, %v", r, err)
	}
}

// approvalsAsked are the approvals announced, settled or not.
func (s *screen) approvalsAsked() []ApprovalRequest {
	var out []ApprovalRequest
	for _, u := range s.all {
		if a, ok := u.(ApprovalAsked); ok {
			out = append(out, a.Request)
		}
	}
	return out
}

// An answer that carries bytes comes as multipart: its metadata part is
// the answer, the bytes' places null; read as the JSON one is.
func TestAMultipartAnswerIsRead(t *testing.T) {
	const cookie = "dsh-auth-x=v1.p.s"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/" && r.URL.Query().Get("token") == "t":
			w.Header().Set("Set-Cookie", cookie+"; Path=/; HttpOnly; SameSite=Strict")
			http.Redirect(w, r, "./", http.StatusSeeOther)
		case r.Header.Get("Cookie") != cookie:
			http.Error(w, "unauthorized", http.StatusUnauthorized)
		case r.URL.Path == "/api/session/list":
			var req struct {
				RPCID string `json:"rpcId"`
			}
			body, _ := io.ReadAll(r.Body)
			_ = jsonline.Unmarshal(body, &req)
			mw := multipart.NewWriter(w)
			w.Header().Set("Content-Type", mw.FormDataContentType())
			part, _ := mw.CreateFormFile("bytes-0", "blob")
			part.Write([]byte{0, 1, 2})
			meta, _ := mw.CreateFormField("metadata")
			fmt.Fprintf(meta, `{"type":"server-response","rpcId":%q,"result":{"ok":true,"value":{"items":[`+
				`{"sessionId":"s1","updatedAt":5,"running":false,"blank":false,"cwd":"/w","preview":null,`+
				`"projections":{"kind":"cached","asOfSeq":3,"values":{"title":"with bytes"}}}]}},`+
				`"attachments":[{"path":["items",0,"preview"],"codec":"bytes","part":"bytes-0"}]}`, req.RPCID)
			mw.Close()
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	c, err := New(srv.URL+"/?token=t", Options{})
	if err != nil {
		t.Fatal(err)
	}
	list, err := c.Sessions(testContext(t))
	if err != nil || len(list) != 1 || list[0].ID != "s1" || list[0].Title != "with bytes" {
		t.Errorf("Sessions = %+v, %v", list, err)
	}
}
