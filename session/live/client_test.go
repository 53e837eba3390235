package live

import (
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/live/livetest"
)

func TestNewNormalisesTheURL(t *testing.T) {
	t.Setenv("DSH_URL", "")
	for _, tc := range []struct{ in, env, want string }{
		{"", "", "http://127.0.0.1:3080"},
		{"", "localhost:4000", "http://localhost:4000"},
		{"127.0.0.1:45039", "", "http://127.0.0.1:45039"},
		{"  http://127.0.0.1:45039/some/path#y ", "", "http://127.0.0.1:45039"},
		{"https://dsh.example:8443", "", "https://dsh.example:8443"},
		{"HTTPS://Host.example", "", "https://Host.example"},
		{"http://[::1]:3080", "", "http://[::1]:3080"},
	} {
		t.Setenv("DSH_URL", tc.env)
		c, err := New(tc.in, Options{})
		if err != nil {
			t.Errorf("New(%q) with DSH_URL=%q: %v", tc.in, tc.env, err)
			continue
		}
		if c.URL() != tc.want {
			t.Errorf("New(%q) with DSH_URL=%q is %s, want %s", tc.in, tc.env, c.URL(), tc.want)
		}
	}
	for _, tc := range []struct{ in, says string }{
		{"ftp://127.0.0.1:3080", "not an http:// or https:// URL"},
		{"ws://127.0.0.1:3080", "not an http:// or https:// URL"},
		{"http://", "names no host"},
		{"http://:3080", "names no host"},
		{"http://127.0.0.1:port", "not a URL deck understands"},
		{"http://dsh.example:3080", "plain http:// to dsh.example, which is not this machine"},
		{"192.168.1.9:3080", "pass --insecure"},
		{"http://alice:s3cret@127.0.0.1:3080", "user name or password"},
		{"http://127.0.0.1:3080/?token=s3cret&x=1", "has a query (?token=…&x=…) deck would drop"},
		{"http://127.0.0.1:3080/?token=", "has a query (?token=…) deck would drop"},
		{"http://127.0.0.1:3080/?token=a&token=b", "takes only the ?token= of the URL"},
		{"http://127.0.0.1:3080/some/path?x=1#y", "has a query (?x=…)"},
	} {
		_, err := New(tc.in, Options{})
		if err == nil || !strings.Contains(err.Error(), tc.says) {
			t.Errorf("New(%q) = %v, want an error saying %q", tc.in, err, tc.says)
		}
	}
}

// Plain http:// to another machine needs Options.Insecure, and says so;
// no refusal shows a password or a token.
func TestInsecureAndSecrets(t *testing.T) {
	t.Setenv("DSH_URL", "")
	c, err := New("http://dsh.example:3080", Options{Insecure: true})
	if err != nil || !c.Unencrypted() {
		t.Fatalf("with Insecure: %v, unencrypted %v", err, err == nil && c.Unencrypted())
	}
	for _, u := range []string{"http://127.0.0.1:3080", "http://localhost:3080", "http://[::1]:3080", "https://dsh.example"} {
		if c, err := New(u, Options{}); err != nil || c.Unencrypted() {
			t.Errorf("%s: %v", u, err)
		}
	}
	for _, u := range []string{"http://alice:s3cret@127.0.0.1:3080", "http://127.0.0.1:3080/?token=s3cret&x=1",
		"http://127.0.0.1:3080/?token=s3cret&token=s3cret", "http://a:s3cret@[::1", "http://a:s3cret@host:port",
		"http://127.0.0.1:port/?token=s3cret", "http://127.0.0.1:3080/?token=s3cret%zz", "ftp://127.0.0.1/?token=s3cret",
		"http://dsh.example:3080/?token=s3cret"} {
		if _, err := New(u, Options{}); err == nil || strings.Contains(err.Error(), "s3cret") {
			t.Errorf("New(%q) = %v: want a refusal without the secret", u, err)
		}
	}
	// A launch URL's token is taken, and shown nowhere: not in the URL, not
	// in the client printed.
	c, err = New("http://127.0.0.1:3080/?token=s3cret", Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, shown := range []string{c.URL(), fmt.Sprintf("%v %+v %#v", c, c, c)} {
		if strings.Contains(shown, "s3cret") {
			t.Errorf("the client shows its token: %s", shown)
		}
	}
}

// A redirect to another origin is not followed and the body is not posted
// there; one to the same origin is, with the body again (a 307).
func TestRedirectsStayOnTheHost(t *testing.T) {
	ctx := testContext(t)
	other := make(chan string, 4)
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		other <- string(b)
		http.Error(w, "no", http.StatusTeapot)
	}))
	t.Cleanup(elsewhere.Close)
	h := livetest.New(t, livetest.Resume)
	redirecting := func(to string) *Client {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.RawQuery == "moved" {
				h.ServeHTTP(w, r)
				return
			}
			http.Redirect(w, r, to+r.URL.Path+"?moved", http.StatusTemporaryRedirect)
		}))
		t.Cleanup(s.Close)
		c, err := New(s.URL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	_, err := redirecting(elsewhere.URL).Sessions(ctx)
	if err == nil || !strings.Contains(err.Error(), "deck follows no redirect to another host") ||
		!strings.Contains(err.Error(), strings.TrimPrefix(elsewhere.URL, "http://")) {
		t.Errorf("a redirect elsewhere: %v", err)
	}
	select {
	case body := <-other:
		t.Errorf("the other host got %q", body)
	default:
	}
	if list, err := redirecting("").Sessions(ctx); err != nil || len(list) == 0 {
		t.Errorf("a redirect on the same host: %v, %d sessions", err, len(list))
	}
}

func TestDescribeAndList(t *testing.T) { each(t, testDescribeAndList) }

func testDescribeAndList(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	info, err := c.Describe(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := HostInfo{Protocol: "rc.8", Version: "0.0.1", Cwd: "/srv/dsh/work", Provider: "scripted",
		Model: "scripted-model", Home: "/root"}
	if p == livetest.V02 {
		want = HostInfo{Protocol: "0.2", Provider: "scripted", Model: "scripted-model"} // what its model catalog says
	}
	if info != want {
		t.Errorf("Describe = %+v, want %+v", info, want)
	}
	list, err := c.Sessions(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 5 {
		t.Fatalf("Sessions lists %d sessions, want the 5 cold ones", len(list))
	}
	preset := "standard" // a 0.2 host's rows do not say
	if p == livetest.V02 {
		preset = ""
	}
	for i, s := range list {
		if s.Running || s.Blank || s.Cwd != "/srv/dsh/work" || s.AgentPreset != preset || s.FormatStatus == FormatMigrationRequired {
			t.Errorf("session %d = %+v, want a cold, not blank session in /srv/dsh/work", i, s)
		}
		if i > 0 && s.UpdatedAt > list[i-1].UpdatedAt {
			t.Errorf("session %d is newer than the one before it: the list is newest first", i)
		}
		if s.Title == "" || s.Projections.Values["tokenUsage"] == nil {
			t.Errorf("session %s has no title or no token usage: %+v", s.ID, s.Projections)
		}
	}
	if list[4].ID != h.SessionID() || list[4].Projections.AsOfSeq != 83 {
		t.Errorf("the oldest session is %s as of %d, want the plain session as of 83", list[4].ID, list[4].Projections.AsOfSeq)
	}
}

func TestCreateListsTheNewSession(t *testing.T) { each(t, testCreateListsTheNewSession) }

func testCreateListsTheNewSession(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Plain)
	c := newClient(t, h)
	ctx := testContext(t)
	list, err := c.Sessions(ctx)
	if err != nil || len(list) != 0 {
		t.Fatalf("an empty host lists %v, %v", list, err)
	}
	id, err := c.Create(ctx, "/srv/dsh/work")
	if err != nil {
		t.Fatal(err)
	}
	if id != h.SessionID() {
		t.Errorf("Create = %q, want the recorded %q", id, h.SessionID())
	}
	h.Wait(livetest.AwaitingPrompt)
	list, err = c.Sessions(ctx)
	if err != nil || len(list) != 1 || list[0].ID != id || !list[0].Blank {
		t.Fatalf("after Create, Sessions = %+v, %v; want the new blank session", list, err)
	}
	if calls := h.Calls("session.create"); len(calls) != 1 || string(calls[0].Payload) != `{"cwd":"/srv/dsh/work"}` {
		t.Errorf("session.create sent %+v", calls)
	}
}

func TestHistoryPages(t *testing.T) {
	h := livetest.New(t, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	id := h.SessionID()

	tail, err := c.history(ctx, id, -1, 2)
	if err != nil {
		t.Fatal(err)
	}
	// As captured (web-api, maxMessages 2): the last two messages and
	// everything after the first one's chunks.
	if first, last := tail.Events[0].Seq, tail.Events[len(tail.Events)-1].Seq; first != 40 || last != 83 || !tail.HasMore {
		t.Errorf("the tail page is %d..%d (more: %v), want 40..83 with more", first, last, tail.HasMore)
	}
	if tail.Projections == nil || tail.Projections.AsOfSeq != 83 {
		t.Errorf("the tail page's projections are %+v, want them as of 83", tail.Projections)
	}
	views := 0
	for _, ev := range tail.Events {
		if ev.View != nil {
			views++
			if ev.ViewFor != "call" && ev.ViewFor != "result" {
				t.Errorf("event %d has a view for %q", ev.Seq, ev.ViewFor)
			}
		}
	}
	if views != 2 {
		t.Errorf("the tail page has %d views, want the bash call's and result's", views)
	}

	got := tail.Events
	for before := tail.Events[0].Seq; ; {
		page, err := c.history(ctx, id, before, 2)
		if err != nil {
			t.Fatal(err)
		}
		if page.Projections != nil {
			t.Errorf("the page before %d carries projections: only the tail does", before)
		}
		if len(page.Events) == 0 || page.Events[len(page.Events)-1].Seq != before-1 {
			t.Fatalf("the page before %d does not end at %d", before, before-1)
		}
		got = append(page.Events, got...)
		before = page.Events[0].Seq
		if !page.HasMore {
			break
		}
	}
	for i, ev := range got {
		if ev.Seq != int64(i) {
			t.Fatalf("paging back gave event %d at place %d: pages overlap or leave a gap", ev.Seq, i)
		}
	}
	if len(got) != 84 {
		t.Errorf("paging back gave %d events, want 84", len(got))
	}
}

func TestRefusalsAreRPCErrors(t *testing.T) { each(t, testRefusalsAreRPCErrors) }

func testRefusalsAreRPCErrors(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	var rpc *RPCError
	notFound := "session-not-found"
	if p == livetest.V02 {
		notFound = "session/not-found"
	}
	var err error
	if p == livetest.RC8 {
		_, err = c.history(ctx, "session-does-not-exist", -1, 0)
		if !errors.As(err, &rpc) || rpc.Code != notFound || rpc.Method != "session.history" {
			t.Errorf("History of an unknown session: %v", err)
		} else if !strings.Contains(err.Error(), `session "session-does-not-exist" not found`) {
			t.Errorf("the refusal says %q", err)
		}
	} else {
		_, err = c.pageRemote(ctx, "session-does-not-exist", 3, 2, 0)
		if !errors.As(err, &rpc) || rpc.Code != notFound || rpc.Method != "session/page" {
			t.Errorf("a page of an unknown session: %v", err)
		}
	}
	// A cold session is not attached: there is no turn to cancel.
	if err := c.Cancel(ctx, h.SessionID()); !errors.As(err, &rpc) || rpc.Code != notFound {
		t.Errorf("Cancel of a cold session: %v", err)
	}
	if err := c.Prompt(ctx, "session-does-not-exist", "queue", "hello"); !errors.As(err, &rpc) || rpc.Code != notFound {
		t.Errorf("Prompt to an unknown session: %v", err)
	}
}

func TestRefusedHere(t *testing.T) { each(t, testRefusedHere) }

func testRefusedHere(t *testing.T, p livetest.Protocol) {
	h := livetest.Start(t, p, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	id := h.SessionID()
	if err := c.Prompt(ctx, id, "queue", " \n\t"); err == nil || !strings.Contains(err.Error(), "empty prompt") {
		t.Errorf("Prompt of blank text: %v", err)
	}
	if err := c.Prompt(ctx, id, "later", "hello"); err == nil || !strings.Contains(err.Error(), `"queue" or "steer"`) {
		t.Errorf("Prompt in mode later: %v", err)
	}
	a := ApprovalRequest{RPCID: "r", SessionID: id, ApprovalID: "a"}
	if _, err := c.Approve(ctx, a, session.AllowedAlways); err == nil {
		t.Error("Approve with outcome allowed-always was sent")
	}
	q := QuestionRequest{RPCID: "q", SessionID: id, Questions: []Question{{ID: "mode",
		Options: []Option{{Label: "Safe"}, {Label: "Fast"}}}}}
	for _, bad := range [][]QuestionAnswer{
		nil,
		{{ID: "other", Selected: []string{"Safe"}}},
		{{ID: "mode", Selected: []string{"Slow"}}},
		{{ID: "mode", Selected: []string{"Safe", "Fast"}}},
		{{ID: "mode", Selected: []string{"Safe"}, Custom: "and quick"}},
		{{ID: "mode", Custom: "  "}},
	} {
		if _, err := c.Answer(ctx, q, bad); err == nil {
			t.Errorf("Answer %+v was sent", bad)
		}
	}
	if n := len(h.Requests()); n != 0 {
		t.Errorf("%d requests reached the host, want none: %+v", n, h.Requests())
	}
}

func TestHostErrors(t *testing.T) {
	ctx := testContext(t)
	refusing := func(status int, body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(status)
			w.Write([]byte(body))
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	answering := func(body string) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.Write([]byte(body))
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	// A port nothing listens on.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String()
	l.Close()

	for _, tc := range []struct {
		name, url string
		status    int
		says      []string
	}{
		{"refused", closed, 0, []string{"no harness host answers at " + closed + " (connection refused)", "start one with `dsh web`"}},
		{"403", refusing(403, "forbidden"), 403, []string{"refused deck (403 forbidden)", "accepts only loopback addresses", "--trusted-host"}},
		{"415", refusing(415, "content type must be application/json"), 415, []string{"(415 content type must be application/json)", "a bug in deck"}},
		{"404", refusing(404, "not found"), 404, []string{"does not know session.list (404 not found)", "not a harness host"}},
		{"500", refusing(500, "handler failure: boom"), 500, []string{"failed on session.list (500 handler failure: boom)", "restart"}},
		{"html", answering("<html>hello</html>"), 0, []string{"not the harness protocol", "the answer is not JSON"}},
		{"other rpcId", answering(`{"type":"server-response","rpcId":"x","result":{"ok":true,"value":{"items":[]}}}`), 0,
			[]string{"not the harness protocol", `rpcId "x"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, err := New(tc.url, Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Sessions(ctx)
			var he *HostError
			if !errors.As(err, &he) {
				t.Fatalf("Sessions = %v, want a *HostError", err)
			}
			if he.Status != tc.status || he.URL != c.URL() || he.Op != "session.list" {
				t.Errorf("HostError %+v, want status %d", he, tc.status)
			}
			for _, s := range tc.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("the error says %q; it should say %q", err, s)
				}
			}
		})
	}
}

func TestReconnectWaitGrowsToTenSeconds(t *testing.T) {
	for n, d := range []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second,
		8 * time.Second, 10 * time.Second, 10 * time.Second, 10 * time.Second} {
		for range 100 {
			if b := reconnectWait(n); b < d/2 || b > d {
				t.Fatalf("reconnectWait(%d) = %v, want within [%v, %v]", n, b, d/2, d)
			}
		}
	}
	if reconnectWait(1000) > 10*time.Second {
		t.Error("reconnectWait passes 10 s")
	}
}
