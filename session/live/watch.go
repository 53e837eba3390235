package live

import (
	"context"
	"errors"
	"sync/atomic"
)

// Watch follows one session: the history tail, then every live event in
// seq order, exactly once (deduplicated by seq; a gap, from a reconnect or a
// resume, is filled by fetching the events missed), with the session's
// projections, queue, pending approvals and questions, and the state of the
// connection. It reconnects its link (rc.8's two downlinks, a 0.2 host's
// mux) with backoff and re-syncs after each reconnect, losing nothing. An
// approval or question stays pending across reconnects until it settles,
// and is announced once.
type Watch struct {
	c        *Client
	id       string
	updates  chan Update
	inbox    chan any // from the downlinks: linkUp, linkDown, linkFrame
	older    chan olderRequest
	forget   chan forgetRequest
	done     chan struct{} // closed when the loop ends
	hasOlder atomic.Bool
	ignored  ignoredFrames // frames of types deck has no use for (ignored.go)
	answers  *answerer     // on a 0.2 host: what answering its waterfalls needs
}

type olderRequest struct {
	ctx   context.Context
	reply chan error
}

// errEnded is what LoadOlder says once the Watch is over.
var errEnded = errors.New("the watch of this session has ended")

// Watch starts following session id; it ends when ctx ends.
func (c *Client) Watch(ctx context.Context, id string) *Watch {
	w := &Watch{
		c:       c,
		id:      id,
		updates: make(chan Update),
		inbox:   make(chan any, 256),
		older:   make(chan olderRequest),
		forget:  make(chan forgetRequest),
		done:    make(chan struct{}),
		answers: newAnswerer(),
	}
	go w.links(ctx)
	go w.loop(ctx)
	return w
}

// Updates delivers what the Watch learns, in order. It is closed only after
// ctx ends. Read it promptly: the Watch holds what is not yet read.
func (w *Watch) Updates() <-chan Update { return w.updates }

// HasOlder says whether events older than the first one held exist.
func (w *Watch) HasOlder() bool { return w.hasOlder.Load() }

// LoadOlder fetches the page before the first event held and delivers it as
// Events{Older: true}. With nothing older, it does nothing.
func (w *Watch) LoadOlder(ctx context.Context) error {
	req := olderRequest{ctx: ctx, reply: make(chan error, 1)}
	select {
	case w.older <- req:
	case <-ctx.Done():
		return ctx.Err()
	case <-w.done:
		return errEnded
	}
	select {
	case err := <-req.reply:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Forget says the reader let go of every event before seq, to bound its
// memory: LoadOlder then fetches them again, from the host's history. A
// seq outside the events held changes nothing.
// It returns once the Watch has let go of them, so HasOlder says so.
func (w *Watch) Forget(seq int64) {
	req := forgetRequest{seq: seq, done: make(chan struct{})}
	select {
	case w.forget <- req:
	case <-w.done:
		return
	}
	select {
	case <-req.done:
	case <-w.done:
	}
}

// forgetRequest is a Forget for the loop, which closes done once applied.
type forgetRequest struct {
	seq  int64
	done chan struct{}
}

// loop owns the Watch's state: it applies what the downlinks bring, answers
// LoadOlder, and delivers updates, never waiting on the reader of Updates
// while it has something else to do.
func (w *Watch) loop(ctx context.Context) {
	defer close(w.updates)
	defer close(w.done)
	f := newFollower(w)
	for {
		var out chan<- Update
		var next Update
		if len(f.out) > 0 {
			out, next = w.updates, f.out[0]
		}
		select {
		case <-ctx.Done():
			return
		case out <- next:
			f.out[0] = nil
			f.out = f.out[1:]
		case m := <-w.inbox:
			f.handle(ctx, m)
		case req := <-w.forget:
			f.forget(req.seq)
			close(req.done)
		case req := <-w.older:
			rctx, cancel := context.WithCancel(req.ctx)
			stop := context.AfterFunc(ctx, cancel)
			req.reply <- f.loadOlder(rctx)
			stop()
			cancel()
		}
	}
}
