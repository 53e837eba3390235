package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// printHeadroom is how far past what is live at its start a render's heap
// may grow between collections while it holds little.
const printHeadroom = 64 << 20

// collectLess makes a render (and stats and changes, which read a log whole
// as it does), which reads a log and then draws a card at a
// time and exits, collect less often than GOGC 100 would while little is
// live, and use the room the log's size gives it (logBudget) before it
// collects, rather than collecting whenever the heap doubles:
//   - GOGC 400, not 100: at 100 a highlighted card of net/http's server.go
//     spent a sixth of its time collecting the lexer's garbage;
//   - a soft memory limit of the largest of: what was live at the start
//     plus printHeadroom; budget; and, after each collection, half again
//     what it found live. The limit follows the live heap up: held at a
//     fixed figure, a card whose drawing holds more than that (a reply of
//     nested tags, 315 KB of them) had the collector run without pause.
//     Half again, not twice: a session of a million small events is 262 MB
//     live, and twice that was 760 MB resident. It never comes down: the
//     drawing lets the session go, and a limit that followed the live heap
//     down collected a million events' cards 11 times, not 7, in memory
//     the process already held.
//
// Each collection marks the whole session, so how often it runs is what
// it costs: the budget lets the reading of a large log, whose session
// grows from nothing, collect a few times rather than at every doubling.
// It leaves the collector alone when GOGC or GOMEMLIMIT says how to run it,
// and the returned func puts it back as it was.
func collectLess(budget int64) (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	floor := max(liveHeap()+printHeadroom, budget)
	var mu sync.Mutex
	stopped := false
	var watch func()
	watch = func() { // after each collection: the limit from what it found live
		runtime.SetFinalizer(&collection{}, func(*collection) {
			mu.Lock()
			defer mu.Unlock()
			if stopped {
				return
			}
			floor = followingLimit(floor, liveHeap())
			debug.SetMemoryLimit(floor)
			watch()
		})
	}
	limit := debug.SetMemoryLimit(floor)
	percent := debug.SetGCPercent(400)
	watch()
	return func() {
		mu.Lock()
		defer mu.Unlock()
		stopped = true
		debug.SetMemoryLimit(limit)
		debug.SetGCPercent(percent)
	}
}

// followingLimit is the memory limit after a collection that found live
// bytes live: half again what is live, never under floor.
func followingLimit(floor, live int64) int64 { return max(floor, live+live/2) }

// logBudget is the memory a render of the log at path may use before it
// collects: the session it reads holds about the log's size (a million
// small events, 255 MB, are 262 MB live), so it is the limit that session
// will follow (followingLimit), set before the reading makes it: half
// again, room for the garbage of reading and drawing (three quarters again
// peaked at 505 MB resident, this at 455–499). 0 for anything
// but a regular file (stdin, a session folder), whose size says nothing
// (a compressed log's neither, but its budget is small, not wrong).
func logBudget(path string) int64 {
	info, err := os.Stat(path)
	if path == "" || path == "-" || err != nil || !info.Mode().IsRegular() {
		return 0
	}
	return followingLimit(0, info.Size())
}

// collection is a value made to be collected: its finalizer runs after
// the collection that found it unreachable. It holds a pointer, so it is
// never batched with other small values (whose finalizers may never run).
type collection struct{ _ *byte }

// liveHeap is what the last collection found live.
func liveHeap() int64 {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	if live[0].Value.Kind() == metrics.KindUint64 {
		return int64(live[0].Value.Uint64())
	}
	return 0
}
