package livetest

import (
	"net/http"

	"github.com/coder/websocket"
)

// link is one open downlink, or a 0.2 host's mux.
type link struct {
	conn    *websocket.Conn // nil until the handshake is done
	mux     bool
	out     chan []byte
	dropped bool // closed by the fake: a handshake under way ends at once

	remote  bool              // a 0.2 host's mux: the streams deck opened on it
	client  string            // its $events generation's client id, "" before it opens
	events  string            // the stream id of $events
	control string            // … of session/control
	follow  map[string]string // … of each session/follow, to its session
	opened  map[string]bool   // every stream id deck opened
}

// close closes the link. Called with h.mu held.
func (l *link) close() {
	l.dropped = true
	if l.conn != nil {
		l.conn.CloseNow()
	}
}

// linkBuffer is more than every frame of a scenario: a fake that blocked on
// a slow reader could hide a deck that never reads.
const linkBuffer = 1 << 14

// stream serves /api/events.mux or /api/events.host: frames only, in one
// direction. Called after the fence.
func (h *Host) stream(w http.ResponseWriter, r *http.Request, mux bool) {
	// The link takes frames from before the handshake ends: deck may act on
	// an open socket before this side of it has returned.
	l := &link{mux: mux, out: make(chan []byte, linkBuffer)}
	h.mu.Lock()
	h.links[l] = true
	if mux {
		for _, b := range h.baseline() {
			l.out <- b
		}
	}
	h.mu.Unlock()
	h.runLink(w, r, l, func(conn *websocket.Conn) {
		// The host closes a downlink deck writes to (1008 "downlink only").
		if _, _, err := conn.Read(h.ctx); err == nil {
			h.fail("deck sent a message on %s; the host takes none there and closes it (1008 downlink only)", r.URL.Path)
			conn.Close(websocket.StatusPolicyViolation, "downlink only")
		}
	})
}

// runLink runs a registered link's socket: it accepts the handshake, writes
// the link's frames as they come and calls read with the socket until it
// returns, then closes it and lets the link go.
func (h *Host) runLink(w http.ResponseWriter, r *http.Request, l *link, read func(*websocket.Conn)) {
	defer func() {
		h.mu.Lock()
		delete(h.links, l)
		h.mu.Unlock()
	}()
	conn, err := websocket.Accept(w, r, &websocket.AcceptOptions{InsecureSkipVerify: true}) // the fence checked Origin
	if err != nil {
		return
	}
	h.mu.Lock()
	l.conn = conn
	dropped := l.dropped
	h.mu.Unlock()
	if dropped {
		conn.CloseNow()
		return
	}
	stop, written := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(written)
		for {
			select {
			case b := <-l.out:
				if conn.Write(h.ctx, websocket.MessageText, b) != nil {
					conn.CloseNow()
					return
				}
			case <-stop:
				return
			case <-h.ctx.Done():
				return
			}
		}
	}()
	read(conn)
	close(stop)
	conn.CloseNow()
	<-written
}

// broadcast sends a message to every open downlink of one kind. Called with
// h.mu held.
func (h *Host) broadcast(mux bool, msg []byte) {
	for l := range h.links {
		if l.mux != mux || l.remote {
			continue
		}
		select {
		case l.out <- msg:
		default:
			h.failLocked("deck does not read its downlinks: %d frames wait unread", linkBuffer)
			l.close()
		}
	}
}
