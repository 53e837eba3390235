package ui

import (
	"context"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/live"
)

// liveFeed is what a source holds of a session on a harness host: the
// watch that brings its events and everything else, and the events so far,
// in seq order, to read again from the start when an older page arrives.
type liveFeed struct {
	client    *live.Client
	sessionID string
	watch     *live.Watch // from start on
	events    []live.Event
	session   *harness.Events // the events so far, read into a session
	others    chan tea.Msg    // every update that is not events, for the viewer
}

// liveMsg brings the viewer one update of a host session that is not its
// events (those go into the session, as a log's lines do).
type liveMsg struct{ u live.Update }

func newLiveSource(name string, c *live.Client, sessionID string) *feed {
	s := newSource(name, "", nil, true)
	s.live = &liveFeed{client: c, sessionID: sessionID, session: harness.NewEvents(), others: make(chan tea.Msg, 256)}
	return s
}

// readLive takes the watch's updates until the end: events into the
// session, the rest to the viewer, in order.
func (s *feed) readLive(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case u := <-s.live.watch.Updates():
			if e, ok := u.(live.Events); ok {
				s.applyEvents(e)
				continue
			}
			select {
			case s.live.others <- liveMsg{u}:
			case <-ctx.Done():
				return
			}
		}
	}
}

// applyEvents puts a session's events into its reader: new ones at the end,
// an older page by reading every event again from the start (entry ids
// change then: the viewer keeps its place by event seq).
func (s *feed) applyEvents(e live.Events) {
	s.mu.Lock()
	defer s.changed()
	defer s.mu.Unlock()
	s.loading = false
	if !e.Older {
		s.live.events = append(s.live.events, e.Events...)
		for _, ev := range e.Events {
			s.live.session.Write(ev.Raw, ev.View, ev.ViewFor)
		}
		return
	}
	s.live.events = append(append([]live.Event(nil), e.Events...), s.live.events...)
	s.live.session = harness.NewEvents() // every event again, so all it said (a title too) is said again
	s.resets++
	for _, ev := range s.live.events {
		s.live.session.Write(ev.Raw, ev.View, ev.ViewFor)
	}
}

// waitLive is the command that delivers the next update that is not
// events.
func (s *feed) waitLive() tea.Cmd {
	if s.live == nil {
		return nil
	}
	return func() tea.Msg { return <-s.live.others }
}
