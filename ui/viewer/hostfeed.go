package viewer

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
	held    int             // the bytes of events
	keep    int             // the bytes of events held at most (keepBytes; tests shrink it)
	session *harness.Events // the events so far, read into a session
	loading bool            // no events yet
	resets  int             // times the events were read again from the first

	updates chan struct{} // one pending "the session changed" at most
	others  chan tea.Msg  // every update that is not events, for the viewer
}

// liveMsg brings the viewer one update of a host session that is not its
// events (those go into the session, as a log's lines do).
type liveMsg struct{ u live.Update }

// NewLiveSource shows a session on a harness host: its events, as they come
// and page by page before them, read into a session.
func NewLiveSource(c *live.Client, sessionID string) *Feed {
	return &Feed{live: &liveFeed{
		client: c, sessionID: sessionID, session: harness.NewEvents(), loading: true, keep: keepBytes,
		updates: make(chan struct{}, 1), others: make(chan tea.Msg, 256),
	}, done: make(chan struct{})}
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
// the rest to the viewer, in order; when old events were let go, the watch
// is told and the viewer says so.
func (l *liveFeed) read(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case u := <-l.watch.Updates():
			if e, ok := u.(live.Events); ok {
				from, trimmed := l.applyEvents(e)
				if !trimmed {
					continue
				}
				l.watch.Forget(from)
				u = live.Problem{Text: forgotten} // said in the status bar
			}
			select {
			case l.others <- liveMsg{u}:
			case <-ctx.Done():
				return
			}
		}
	}
}

// keepBytes bounds the events a live session holds in memory (the session
// read from them takes about as much again): a host that streams without
// end, or sends frames of tens of megabytes, cannot grow deck past it.
const keepBytes = 32 << 20

// forgotten is what the status bar says when the oldest events go.
const forgotten = "deck holds the last 32 MB of this session's events: older ones were let go, " +
	"and come back from the host when you scroll to the top"

// applyEvents puts a session's events into its reader: new ones at the end,
// an older page by reading every event again from the start (entry ids
// change then: the viewer keeps its place by event seq). When new events
// take the events held past l.keep, the oldest go, down to half of it,
// and trimmed says so, with the seq of the first one kept: the watch is
// told, so that scrolling to the top fetches them again.
func (l *liveFeed) applyEvents(e live.Events) (from int64, trimmed bool) {
	l.mu.Lock()
	defer l.changed()
	defer l.mu.Unlock()
	l.loading = false
	if !e.Older {
		l.events = append(l.events, e.Events...)
		for _, ev := range e.Events {
			l.held += len(ev.Raw)
			l.session.Write(ev.Raw, ev.View, ev.ViewFor)
		}
		if l.held <= l.keep {
			return 0, false
		}
		drop := 0
		for drop < len(l.events)-1 && l.held > l.keep/2 {
			l.held -= len(l.events[drop].Raw)
			drop++
		}
		l.events = append([]live.Event(nil), l.events[drop:]...)
		l.reread()
		return l.events[0].Seq, true
	}
	if n := len(e.Events); n == 0 || len(l.events) > 0 && e.Events[n-1].Seq+1 != l.events[0].Seq {
		return 0, false // a page asked for before the events it meets were let go
	}
	for _, ev := range e.Events {
		l.held += len(ev.Raw)
	}
	l.events = append(append([]live.Event(nil), e.Events...), l.events...)
	l.reread()
	return 0, false
}

// reread reads every event held again, so all it said (a title too) is
// said again.
func (l *liveFeed) reread() {
	l.session = harness.NewEvents()
	l.resets++
	for _, ev := range l.events {
		l.session.Write(ev.Raw, ev.View, ev.ViewFor)
	}
}

// waitLive is the command that delivers the next update that is not
// events.
func (f *Feed) waitLive() tea.Cmd {
	if f.live == nil {
		return nil
	}
	return func() tea.Msg {
		select {
		case msg := <-f.live.others:
			return msg
		case <-f.done:
			return nil
		}
	}
}

// ignoredFrames counts the frames the host sent that deck does not use (a
// newer host's): ignored, and said so, never an error.
func (f *Feed) ignoredFrames() int {
	if f.live == nil || f.live.watch == nil {
		return 0
	}
	n := 0
	for _, c := range f.live.watch.Ignored() {
		n += c
	}
	return n
}
