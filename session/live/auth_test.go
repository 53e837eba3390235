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

	"github.com/deck-tui/deck/session/live/livetest"
)

// signIns counts the token exchanges deck made, taken or not.
func signIns(h *livetest.Host) int {
	n := 0
	for _, r := range h.Requests() {
		if r.Method == "sign-in" {
			n++
		}
	}
	return n
}

// A 0.2 host answers deck's first call with 401: deck signs in with the
// launch URL's token, once, and goes on in the 0.2 protocol.
func TestA02HostIsToldByItsAnswer(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Resume)
	c := newClient(t, h)
	ctx := testContext(t)
	if _, err := c.Sessions(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Describe(ctx); err != nil {
		t.Fatal(err)
	}
	reqs := h.Requests()
	if reqs[0].Path != "/api/session.list" || !strings.Contains(reqs[0].Refused, "401") || reqs[1].Method != "sign-in" {
		t.Errorf("deck began with %+v, want rc.8's session.list answered 401, then the sign-in", reqs[:2])
	}
	if n := signIns(h); n != 1 {
		t.Errorf("%d sign-ins, want one", n)
	}
	if c.known() != v02 {
		t.Errorf("the protocol is %v", c.known())
	}
}

// Given a 0.2 host's address without its token, deck says what it needs.
func TestA02HostWithoutItsToken(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Resume)
	c, err := New(h.BaseURL(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Sessions(testContext(t))
	var he *HostError
	if !errors.As(err, &he) || he.Status != http.StatusUnauthorized ||
		!strings.Contains(err.Error(), "newer harness host (0.2)") || !strings.Contains(err.Error(), "with its ?token=…") {
		t.Errorf("Sessions = %v", err)
	}
	if n := signIns(h); n != 0 {
		t.Errorf("%d sign-ins without a token", n)
	}
}

// A token the host refuses, a host that forgets deck's cookie, a host
// started again with another token: each said, and the token in no error.
func TestSigningIn(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Resume)
	ctx := testContext(t)
	wrong, err := New(h.BaseURL()+"/?token=not-s3cret", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := wrong.Sessions(ctx); err == nil || !strings.Contains(err.Error(), "refused the token of the URL") ||
		strings.Contains(err.Error(), "not-s3cret") {
		t.Errorf("with another run's token: %v", err)
	}

	c := newClient(t, h)
	if _, err := c.Sessions(ctx); err != nil {
		t.Fatal(err)
	}
	h.ForgetSignIns()
	if _, err := c.Sessions(ctx); err != nil {
		t.Errorf("after the host forgot the cookie: %v", err)
	}
	if n := signIns(h); n != 3 { // the wrong one, and this client's two
		t.Errorf("%d sign-ins, want 3", n)
	}

	token := h.Token()
	h.NewToken()
	_, err = c.Sessions(ctx)
	if err == nil || !strings.Contains(err.Error(), "it was started again; give the URL `dsh web` printed this time") ||
		strings.Contains(err.Error(), token) {
		t.Errorf("after the host was started again: %v", err)
	}
}

// A Watch whose link drops after the host forgot deck's cookie signs in
// again and comes back.
func TestAWatchSignsInAgain(t *testing.T) {
	h := livetest.Start(t, livetest.V02, livetest.Plain)
	c, ctx, s := started(t, h)
	h.ForgetSignIns()
	h.DropConnections()
	s.until("the connection to drop", s.isDown)
	s.until("the reconnection", s.isLive)
	prompt(t, ctx, c, h.SessionID())
	s.until("the turn's end", s.turnEnded)
	s.contiguous(0, 83)
	if n := signIns(h); n != 2 {
		t.Errorf("%d sign-ins, want 2", n)
	}
}

// An rc.8 host never sees the token of a launch URL (its fake fails the
// test on one), and deck speaks rc.8 to it as before.
func TestAnRC8HostGetsNoToken(t *testing.T) {
	h := livetest.New(t, livetest.Plain)
	c, err := New(h.URL()+"/?token=s3cret", Options{})
	if err != nil {
		t.Fatal(err)
	}
	c.backoff = newClient(t, h).backoff
	ctx := testContext(t)
	id, err := c.Create(ctx, "/srv/dsh/work")
	if err != nil {
		t.Fatal(err)
	}
	s := watch(t, ctx, c, id)
	s.until("the connection", s.isLive)
	prompt(t, ctx, c, id)
	s.until("the turn's end", s.turnEnded)
	if c.known() != rc8 {
		t.Errorf("the protocol is %v", c.known())
	}
}

// No error deck gives names the token: a host that is gone, one that
// refuses the sign-in and quotes the request, one that fails, one that sets
// no cookie, one that redirects, one that hangs up.
func TestTheTokenIsInNoError(t *testing.T) {
	const token = "s3cret-launch-token"
	ctx := testContext(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gone := "http://" + l.Addr().String()
	l.Close()
	stub := func(signIn func(w http.ResponseWriter, r *http.Request)) string {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/" {
				signIn(w, r)
				return
			}
			http.Error(w, "unauthorized", http.StatusUnauthorized)
		}))
		t.Cleanup(srv.Close)
		return srv.URL
	}
	quoting := stub(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such token: "+r.URL.RawQuery, http.StatusUnauthorized)
	})
	failing := stub(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "handler failure at "+r.URL.String(), http.StatusInternalServerError)
	})
	noCookie := stub(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "<html>"+r.URL.String()) })
	redirecting := stub(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "http://elsewhere.example/?"+r.URL.RawQuery, http.StatusFound)
	})
	hangingUp := stub(func(w http.ResponseWriter, r *http.Request) {
		conn, _, _ := w.(http.Hijacker).Hijack()
		conn.Close()
	})
	var errs []error
	for _, base := range []string{gone, quoting, failing, noCookie, redirecting, hangingUp} {
		c, err := New(base+"/?token="+token, Options{})
		if err != nil {
			t.Fatal(err)
		}
		c.backoff = func(int) time.Duration { return time.Millisecond }
		_, err = c.Sessions(ctx)
		errs = append(errs, err)
		_, err = c.Describe(ctx)
		errs = append(errs, err)
		errs = append(errs, c.Prompt(ctx, "s", "queue", "hi"))
		s := watch(t, ctx, c, "s")
		s.until("the link to fail", func() bool { return len(s.conns) > 0 })
		errs = append(errs, s.conns[0].Err)
	}
	for i, err := range errs {
		if err == nil {
			t.Errorf("error %d is nil", i)
			continue
		}
		if text := fmt.Sprintf("%v %+v", err, err); strings.Contains(text, token) {
			t.Errorf("error %d shows the token: %s", i, text)
		}
	}
}
