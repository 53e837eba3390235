package viewer

import (
	"sync"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/session/follow"
)

// Feed is what a viewer shows: a session log read in the background, or a
// session on a harness host. The viewer takes clones of entries under the
// feed's lock and draws them without it.
type Feed struct {
	log  *follow.Log
	live *liveFeed

	// done is closed when the feed stops, and its waits end with it: a
	// wait left blocked would keep a closed viewer's session (back to the
	// picker) for as long as deck runs.
	done     chan struct{}
	stopOnce sync.Once
}

// LogFeed shows a session log.
func LogFeed(l *follow.Log) *Feed { return &Feed{log: l, done: make(chan struct{})} }

// changedMsg says the session changed; the viewer syncs its entries.
type changedMsg struct{}

// with calls f with the session and how its reading goes, under the lock.
func (f *Feed) with(fn func(follow.State)) {
	if f.live != nil {
		f.live.with(fn)
		return
	}
	f.log.With(fn)
}

// start begins reading in the background.
func (f *Feed) start() {
	if f.live != nil {
		f.live.start()
		return
	}
	f.log.Start()
}

// stop ends the background reading.
func (f *Feed) stop() {
	f.stopOnce.Do(func() { close(f.done) })
	if f.live != nil {
		f.live.stop()
		return
	}
	f.log.Stop()
}

// following reports whether the feed follows its log as it grows.
func (f *Feed) following() bool {
	on := false
	f.with(func(s follow.State) { on = s.Following })
	return on
}

// setFollow turns following on or off.
func (f *Feed) setFollow(on bool) {
	if f.log != nil {
		f.log.SetFollow(on)
	}
}

// wait is the command that delivers the next change to the viewer.
func (f *Feed) wait() tea.Cmd {
	changes := f.log.Changes
	if f.live != nil {
		changes = f.live.changes
	}
	return func() tea.Msg {
		select {
		case <-changes():
			return changedMsg{}
		case <-f.done:
			return nil
		}
	}
}
