package ui

import (
	"context"
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/live"
)

// liveFeed is a session on a harness host: the watch that brings its events
// and everything else, and the events so far, in seq order, to read again
// from the start when an older page arrives.
type liveFeed struct {
	client    *live.Client
	sessionID string
	watch     *live.Watch // from start on
	cancel    context.CancelFunc

	mu      sync.Mutex
	events  []live.Event
	session *harness.Events // the events so far, read into a session
	loading bool            // no events yet
	resets  int             // times the events were read again from the first

	updates chan struct{} // one pending "the session changed" at most
	others  chan tea.Msg  // every update that is not events, for the viewer
}

// liveMsg brings the viewer one update of a host session that is not its
// events (those go into the session, as a log's lines do).
type liveMsg struct{ u live.Update }

func newLiveSource(c *live.Client, sessionID string) *feed {
	return &feed{live: &liveFeed{
		client: c, sessionID: sessionID, session: harness.NewEvents(), loading: true,
		updates: make(chan struct{}, 1), others: make(chan tea.Msg, 256),
	}}
}

func (l *liveFeed) with(fn func(follow.State)) {
	l.mu.Lock()
	defer l.mu.Unlock()
	fn(follow.State{Session: l.session.Session(), Loading: l.loading, Following: true, Resets: l.resets})
}

func (l *liveFeed) changes() <-chan struct{} { return l.updates }

// changed tells the viewer, without ever blocking the reader.
func (l *liveFeed) changed() {
	select {
	case l.updates <- struct{}{}:
	default:
	}
}

func (l *liveFeed) start() {
	ctx, cancel := context.WithCancel(context.Background())
	l.cancel = cancel
	l.watch = l.client.Watch(ctx, l.sessionID)
	go l.read(ctx)
}

func (l *liveFeed) stop() {
	if l.cancel != nil {
		l.cancel()
	}
}

// read takes the watch's updates until the end: events into the session,
// the rest to the viewer, in order.
func (l *liveFeed) read(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case u := <-l.watch.Updates():
			if e, ok := u.(live.Events); ok {
				l.applyEvents(e)
				continue
			}
			select {
			case l.others <- liveMsg{u}:
			case <-ctx.Done():
				return
			}
		}
	}
}

// applyEvents puts a session's events into its reader: new ones at the end,
// an older page by reading every event again from the start (entry ids
// change then: the viewer keeps its place by event seq).
func (l *liveFeed) applyEvents(e live.Events) {
	l.mu.Lock()
	defer l.changed()
	defer l.mu.Unlock()
	l.loading = false
	if !e.Older {
		l.events = append(l.events, e.Events...)
		for _, ev := range e.Events {
			l.session.Write(ev.Raw, ev.View, ev.ViewFor)
		}
		return
	}
	l.events = append(append([]live.Event(nil), e.Events...), l.events...)
	l.session = harness.NewEvents() // every event again, so all it said (a title too) is said again
	l.resets++
	for _, ev := range l.events {
		l.session.Write(ev.Raw, ev.View, ev.ViewFor)
	}
}

// waitLive is the command that delivers the next update that is not
// events.
func (f *feed) waitLive() tea.Cmd {
	if f.live == nil {
		return nil
	}
	return func() tea.Msg { return <-f.live.others }
}
