package live

import (
	"context"
	"fmt"

	"github.com/coder/websocket"
	"github.com/deck-tui/deck/session/live/remote"
)

// The logical streams a Watch opens on a 0.2 host's mux, by the ids deck
// gives them (the host takes any).
const (
	eventsStream  = "events"  // $events: status, errors, approvals and questions
	followStream  = "follow"  // session/follow: the session's events
	controlStream = "control" // session/control: the projections of live sessions
)

// muxOp names the mux in a HostError.
const muxOp = "remote.mux"

// linkRemote keeps a 0.2 host's one WebSocket open for a Watch until it
// ends or the loop drops it: it opens the three streams, then passes every
// message on, and says whether the link was ever up and why it closed.
func (w *Watch) linkRemote(ctx context.Context) (bool, error) {
	ctx, drop := context.WithCancelCause(ctx)
	defer drop(nil)
	var conn *websocket.Conn
	err := w.c.again(ctx, func() (err error) {
		conn, err = w.c.dialStream(ctx, muxOp, remote.MuxPath)
		return err
	})
	if err != nil {
		return false, err
	}
	defer conn.CloseNow()
	for _, s := range []struct {
		id, endpoint string
		args         any
	}{
		{eventsStream, remote.EventsEndpoint, struct{}{}},
		{followStream, "session/follow", remote.FollowArgs(w.id, w.c.page)},
		{controlStream, "session/control", struct{}{}},
	} {
		msg, err := remote.Open(s.id, s.endpoint, s.args)
		if err != nil {
			return false, fmt.Errorf("deck cannot encode the opening of %s: %w", s.endpoint, err)
		}
		if err := conn.Write(ctx, websocket.MessageText, msg); err != nil {
			return false, w.c.fail(muxOp, &lostError{err})
		}
	}
	if !w.send(ctx, linkUp{drop: drop, remote: true}) {
		return true, context.Cause(ctx)
	}
	w.read(ctx, conn, muxOp, drop)
	return true, context.Cause(ctx)
}
