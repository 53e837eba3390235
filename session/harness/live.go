package harness

import "github.com/deck-tui/deck/session"

// Events reads the events a live harness host sends into a session, as the
// lines of its log are read; notices number events as a log numbers lines.
type Events struct {
	s *session.Builder
	d *Decoder
	n int
}

// NewEvents starts an empty session of a live host's events.
func NewEvents() *Events {
	b := session.NewBuilder()
	return &Events{s: b, d: New(b)}
}

// Write applies one event (an object as a line of its log holds it) with the
// render intent the host attached to it: view, for "call" or "result"; nil
// when none came.
func (e *Events) Write(event, view []byte, viewFor string) {
	e.n++
	e.d.applyLive(e.n, event, view, viewFor)
}

// Session is the session so far.
func (e *Events) Session() *session.Session { return e.s.Session }
