package livetest

import (
	"net"
	"net/http"
)

// serve accepts connections on l until it closes.
func (h *Host) serve(l net.Listener) {
	h.mu.Lock()
	h.listener = l
	h.mu.Unlock()
	h.done.Go(func() { _ = h.srv.Serve(l) })
}

// track keeps every connection, so that Down can close them, upgraded
// ones too.
func (h *Host) track(c net.Conn, s http.ConnState) {
	h.mu.Lock()
	defer h.mu.Unlock()
	switch s {
	case http.StateNew:
		h.conns[c] = true
	case http.StateClosed:
		delete(h.conns, c)
	}
}

// DropConnections closes every open downlink, as a host restart or a
// network break would: deck must reconnect. The host goes on answering.
func (h *Host) DropConnections() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for l := range h.links {
		l.close()
	}
}

// Down stops the host answering: its port refuses connections, and those
// open are closed. The replay goes on, with no one to push to.
func (h *Host) Down() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.listener != nil {
		h.listener.Close()
		h.listener = nil
	}
	for c := range h.conns {
		c.Close()
	}
	for l := range h.links {
		l.close()
	}
}

// Up makes a host that is Down answer again, on the same port.
func (h *Host) Up() {
	h.t.Helper()
	l, err := net.Listen("tcp", h.addr)
	if err != nil {
		h.t.Fatalf("livetest: listening again on %s: %v", h.addr, err)
	}
	h.serve(l)
}

// close ends everything when the test is over, and waits for it.
func (h *Host) close() {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	h.stop()
	_ = h.srv.Close()
	h.Down()
	h.done.Wait()
}
