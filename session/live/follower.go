package live

import (
	"context"
	"errors"
	"fmt"
)

// follower is the state of a Watch, owned by its loop.
type follower struct {
	w     *Watch
	c     *Client
	id    string
	out   []Update // updates not yet delivered
	links int      // links opened so far

	drop   func(error) // closes the current link, nil when none
	synced bool        // the current link's frames apply: the tail is installed
	remote bool        // the link is a 0.2 host's mux
	open   bool        // on a 0.2 host: the current link's frames apply (the snapshot comes by it)
	cut    int64       // on a 0.2 host: the log's cut the pages are read from (remote.FollowItem.Cursor)

	held        bool  // some event is held
	first, last int64 // the seqs of the first and last events held

	proj      map[string]projection
	queue     []QueueItem
	approvals []ApprovalRequest // pending, in the order asked
	questions []QuestionRequest
	running   *bool // nil until known
}

func newFollower(w *Watch) *follower {
	return &follower{w: w, c: w.c, id: w.id, first: -1, last: -1, proj: map[string]projection{}}
}

func (f *follower) emit(u Update) {
	// Live events not yet delivered take the new ones along: a slow reader
	// gets one update, not one per event.
	if ev, ok := u.(Events); ok && !ev.Older && len(f.out) > 0 {
		if prev, ok := f.out[len(f.out)-1].(Events); ok && !prev.Older {
			f.out[len(f.out)-1] = Events{Events: append(prev.Events[:len(prev.Events):len(prev.Events)], ev.Events...)}
			return
		}
	}
	f.out = append(f.out, u)
}

func (f *follower) problem(format string, a ...any) {
	f.emit(Problem{Text: fmt.Sprintf(format, a...)})
}

func (f *follower) handle(ctx context.Context, m any) {
	switch m := m.(type) {
	case linkUp:
		f.drop, f.remote = m.drop, m.remote
		if m.remote {
			f.links++
			f.open = true
			return // the snapshot installs
		}
		f.linkUp(ctx)
	case linkDown:
		f.drop, f.synced, f.open = nil, false, false
		f.w.answers.down()
		f.emit(Connection{Live: false, Err: m.err, RetryIn: m.retryIn})
	case linkFrame:
		switch {
		case f.remote && f.open:
			f.remoteFrame(ctx, m.data)
		case !f.remote && f.synced:
			f.frame(ctx, m.data)
		}
	case answered:
		f.settleRequest(m.eventID, m.outcome)
	case passFailed:
		f.problem("deck could not leave a request of the host to its other clients, and the host may wait for it: %v", m.err)
	}
}

// linkUp re-syncs on a new link: the frames of the link wait in the inbox
// while the history tail is fetched, so none is missed and none applied
// before it.
func (f *follower) linkUp(ctx context.Context) {
	f.links++
	if f.links > 1 && len(f.queue) > 0 {
		// The new mux replays a queue that still holds prompts; an emptied one
		// it does not mention.
		f.queue = nil
		f.emit(QueueChanged{})
	}
	if err := f.install(ctx); err != nil && !f.refused(err) {
		f.dropLink(err)
		return
	}
	f.live(ctx)
}

// live ends a re-sync: the session's running state from the host's list,
// then the link is live.
func (f *follower) live(ctx context.Context) {
	list, err := f.c.Sessions(ctx)
	if err != nil && !f.refused(err) {
		f.dropLink(err)
		return
	}
	for _, s := range list {
		if s.ID == f.id {
			f.setRunning(s.Running)
		}
	}
	f.synced = true
	f.emit(Connection{Live: true})
}

// refused reports a refusal by the host as a Problem and says true; any
// other error (the host is gone, or ctx ended) it leaves to the caller.
func (f *follower) refused(err error) bool {
	var rpc *RPCError
	if !errors.As(err, &rpc) {
		return false
	}
	f.problem("%v", err)
	return true
}

// dropLink closes the current link for err; its frames still in the inbox
// are skipped, and the downlinks reconnect.
func (f *follower) dropLink(err error) {
	f.synced, f.open = false, false
	if f.drop != nil {
		f.drop(err)
	}
}

// install fetches the history tail of an rc.8 host and stitches it on.
func (f *follower) install(ctx context.Context) error {
	page, err := f.c.history(ctx, f.id, -1, f.c.page)
	if err != nil {
		return err
	}
	if page.Projections != nil {
		f.seed(*page.Projections)
	}
	return f.stitch(ctx, page)
}

// older is the page of events before seq before.
func (f *follower) older(ctx context.Context, before int64) (Page, error) {
	if f.remote {
		return f.c.pageRemote(ctx, f.id, max(f.cut, f.last, before-1), before, f.c.page)
	}
	return f.c.history(ctx, f.id, before, f.c.page)
}

// stitch applies what a tail page holds past the last event applied,
// fetching older pages too when the gap is wider than the tail.
func (f *follower) stitch(ctx context.Context, page Page) error {
	f.pageProblems(page)
	fresh := after(page.Events, f.last)
	if !f.held {
		f.w.hasOlder.Store(page.HasMore)
	}
	for more := page.HasMore; f.held && more && len(fresh) > 0 && fresh[0].Seq > f.last+1; {
		older, err := f.older(ctx, fresh[0].Seq)
		if err != nil {
			return err
		}
		f.pageProblems(older)
		add := after(older.Events, f.last)
		if len(add) == 0 || add[len(add)-1].Seq >= fresh[0].Seq {
			break // the host has nothing in between, or pages oddly: take what there is
		}
		fresh = append(add, fresh...)
		more = older.HasMore
	}
	f.apply(fresh)
	return nil
}

// after keeps the events past seq last, in strictly rising seq order.
func after(events []Event, last int64) []Event {
	var out []Event
	for _, ev := range events {
		if ev.Seq > last {
			out = append(out, ev)
			last = ev.Seq
		}
	}
	return out
}

func (f *follower) pageProblems(p Page) {
	for _, text := range p.Problems {
		f.problem("the host sent a %s", text)
	}
}

// event applies one live event: once, in seq order; a gap first refetches
// the tail.
func (f *follower) event(ctx context.Context, ev Event) {
	if ev.Seq > f.last+1 && !f.catchUp(ctx, ev.Seq-1) {
		return // the event comes back with the tail after the reconnect
	}
	if ev.Seq <= f.last {
		return
	}
	if ev.Seq > f.last+1 {
		// The host pushes an event once it is in the log: one its history
		// does not reach is not to be trusted, and taking it would make
		// every event before it look seen.
		f.problem("the host sent event %d of session %s, but its history ends at %d: the event is left out",
			ev.Seq, f.id, f.last)
		return
	}
	f.apply([]Event{ev})
}

// catchUp fetches the events up to seq when they are not all held: rc.8's
// tail, or a 0.2 host's page that ends at seq. It says false when that
// failed and the link is dropped.
func (f *follower) catchUp(ctx context.Context, seq int64) bool {
	if seq <= f.last {
		return true
	}
	fetch := f.install
	if f.remote {
		f.cut = max(f.cut, seq) // an event past seq came: the log holds seq
		fetch = func(ctx context.Context) error {
			page, err := f.c.pageRemote(ctx, f.id, f.cut, seq+1, f.c.page)
			if err != nil {
				return err
			}
			return f.stitch(ctx, page)
		}
	}
	if err := fetch(ctx); err != nil && !f.refused(err) {
		f.dropLink(err)
		return false
	}
	return true
}

// apply holds events past the last one and delivers them.
func (f *follower) apply(events []Event) {
	if len(events) == 0 {
		return
	}
	if !f.held {
		f.held, f.first = true, events[0].Seq
	}
	f.last = events[len(events)-1].Seq
	f.emit(Events{Events: events})
	for _, ev := range events {
		f.settledBy(ev)
	}
}

// forget moves the first event held up to seq: the reader dropped those
// before it, and the next older page brings them back.
func (f *follower) forget(seq int64) {
	if f.held && seq > f.first && seq <= f.last {
		f.first = seq
		f.w.hasOlder.Store(true)
	}
}

// loadOlder fetches the page before the first event held.
func (f *follower) loadOlder(ctx context.Context) error {
	if !f.held || !f.w.hasOlder.Load() {
		return nil
	}
	page, err := f.older(ctx, f.first)
	if err != nil {
		return err
	}
	f.pageProblems(page)
	var older []Event
	for _, ev := range after(page.Events, -1) {
		if ev.Seq < f.first {
			older = append(older, ev)
		}
	}
	if len(older) == 0 || older[len(older)-1].Seq+1 != f.first {
		// The page does not meet the events held: paging on could only skip some.
		f.w.hasOlder.Store(false)
		if len(older) > 0 || page.HasMore {
			f.problem("the host's page of events before %d does not end at %d: no older events are loaded",
				f.first, f.first-1)
		}
		return nil
	}
	f.first = older[0].Seq
	f.w.hasOlder.Store(page.HasMore)
	f.emit(Events{Events: older, Older: true})
	return nil
}
