package cli

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// printHeadroom is how far past what the loaded session holds a render's
// heap may grow between collections while its cards hold little.
const printHeadroom = 64 << 20

// collectLess makes a render's printing, which draws a card at a time and
// then exits, collect less often while little is live: once the heap has
// grown four times what is live (GOGC 400, not 100), but never more than
// printHeadroom past what the loaded session holds, or twice what the last
// collection found live, whichever is more. At GOGC 100 a highlighted card
// of net/http's server.go spent a sixth of its time collecting the lexer's
// garbage. The limit follows the live heap up: held at the session plus
// the headroom, a card whose drawing holds more than that (a reply of
// nested tags, 315 KB of them) had the collector run without pause, four
// times slower than at GOGC 100; following it, the heap grows to twice
// what is live, as at GOGC 100. It leaves the collector alone when GOGC or
// GOMEMLIMIT says how to run it, and the returned func puts it back as it
// was.
func collectLess() (restore func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	floor := liveHeap() + printHeadroom
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
			debug.SetMemoryLimit(max(floor, 2*liveHeap()))
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
