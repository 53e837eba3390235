package live

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// readLimit bounds one downlink frame. The host's frames pass the
// library's 32 KiB default on the first turn (a request/header event holds
// the whole system prompt), so the bound is set far above any seen. A
// frame is not kept: what a session holds is bounded by its reader.
const readLimit = 64 << 20

// dialTimeout bounds the opening of one downlink.
const dialTimeout = 10 * time.Second

// What the downlinks tell a Watch's loop.
type (
	linkUp struct { // the link is open; drop closes it with a cause
		drop   func(error)
		remote bool // a 0.2 host's mux, else rc.8's two downlinks
	}
	linkDown struct { // it is closed; the next try is in retryIn
		err     error
		retryIn time.Duration
	}
	linkFrame struct{ data []byte } // one message from a downlink
)

// links keeps the link of a Watch open until ctx ends: rc.8's two
// downlinks, or a 0.2 host's mux, as the host's protocol is; when it ends,
// it opens it again after a backoff that grows while tries fail.
func (w *Watch) links(ctx context.Context) {
	attempt := 0
	for {
		up, err := w.linkOnce(ctx)
		if ctx.Err() != nil {
			return
		}
		if up {
			attempt = 0
		}
		wait := w.c.backoff(attempt)
		attempt++
		if !w.send(ctx, linkDown{err: err, retryIn: wait}) {
			return
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return
		}
	}
}

// linkOnce opens the link of the host's protocol, asking the host which
// one it speaks when that is not known yet.
func (w *Watch) linkOnce(ctx context.Context) (bool, error) {
	p, err := w.c.protocol(ctx)
	switch {
	case err != nil:
		return false, err
	case p == v02:
		return w.linkRemote(ctx)
	}
	return w.link(ctx)
}

// link opens both downlinks of an rc.8 host, passes on their frames until
// one of them ends or the loop drops them, and says whether they were ever
// open and why they closed.
func (w *Watch) link(ctx context.Context) (bool, error) {
	ctx, drop := context.WithCancelCause(ctx)
	defer drop(nil)
	host, err := w.c.dialStream(ctx, "events.host", "/api/events.host")
	if err != nil {
		return false, err
	}
	defer host.CloseNow()
	mux, err := w.c.dialStream(ctx, "events.mux", "/api/events.mux")
	if err != nil {
		return false, err
	}
	defer mux.CloseNow()
	if !w.send(ctx, linkUp{drop: drop}) {
		return true, context.Cause(ctx)
	}
	var readers sync.WaitGroup
	for name, conn := range map[string]*websocket.Conn{"events.host": host, "events.mux": mux} {
		readers.Go(func() { w.read(ctx, conn, name, drop) })
	}
	<-ctx.Done()
	host.CloseNow()
	mux.CloseNow()
	readers.Wait() // no frame of this link reaches the loop after linkDown
	return true, context.Cause(ctx)
}

// read passes on every message of one downlink until it ends. deck never
// writes to an rc.8 downlink: the host closes one that is written to.
func (w *Watch) read(ctx context.Context, conn *websocket.Conn, name string, drop func(error)) {
	for {
		_, data, err := conn.Read(ctx)
		if errors.Is(err, websocket.ErrMessageTooBig) {
			err = fmt.Errorf("the host sent a frame larger than %d MB on %s, more than any host sends", readLimit>>20, name)
		}
		if err != nil {
			drop(w.c.fail(name, &lostError{err})) // the first cause wins: a later one is the closing itself
			return
		}
		if !w.send(ctx, linkFrame{data: data}) {
			return
		}
	}
}

// dialStream opens one WebSocket at path, named op in errors: rc.8's
// events.mux or events.host, or a 0.2 host's remote.mux (its cookie goes
// with the upgrade, from the jar). It sends no Origin (the host accepts
// none, or only its own) and no subprotocol.
func (c *Client) dialStream(ctx context.Context, op, path string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, c.base+path, &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		he := c.fail(op, unwrapURL(err))
		if resp != nil && resp.StatusCode != http.StatusSwitchingProtocols {
			he.Status = resp.StatusCode
			if resp.Body != nil {
				var b [1024]byte
				n, _ := resp.Body.Read(b[:])
				he.Body = bodyStart(b[:n])
			}
		}
		return nil, he
	}
	conn.SetReadLimit(readLimit)
	return conn, nil
}

// send hands a message to the loop, unless ctx ends first.
func (w *Watch) send(ctx context.Context, m any) bool {
	select {
	case w.inbox <- m:
		return true
	case <-ctx.Done():
		return false
	}
}
