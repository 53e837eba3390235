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
	linkUp   struct{ drop func(error) } // both downlinks are open; drop closes them with a cause
	linkDown struct {                   // they are closed; the next try is in retryIn
		err     error
		retryIn time.Duration
	}
	linkFrame struct{ data []byte } // one message from either downlink
)

// links keeps the two downlinks of a Watch open until ctx ends: it opens
// both, and when either ends, closes both and opens them again after a
// backoff that grows while tries fail.
func (w *Watch) links(ctx context.Context) {
	attempt := 0
	for {
		up, err := w.link(ctx)
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

// link opens both downlinks, passes on their frames until one of them ends
// or the loop drops them, and says whether they were ever open and why they
// closed.
func (w *Watch) link(ctx context.Context) (bool, error) {
	ctx, drop := context.WithCancelCause(ctx)
	defer drop(nil)
	host, err := w.c.dialStream(ctx, "events.host")
	if err != nil {
		return false, err
	}
	defer host.CloseNow()
	mux, err := w.c.dialStream(ctx, "events.mux")
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
// writes to a downlink: the host closes one that is written to.
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

// dialStream opens one downlink, "events.mux" or "events.host". It sends no
// Origin (the host accepts none, or only its own) and no subprotocol.
func (c *Client) dialStream(ctx context.Context, stream string) (*websocket.Conn, error) {
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, c.base+"/api/"+stream, &websocket.DialOptions{HTTPClient: c.http})
	if err != nil {
		he := c.fail(stream, unwrapURL(err))
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
