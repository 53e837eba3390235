package follow

import (
	"runtime/debug"
	"sync"
)

// programBytes is what deck keeps resident besides the heap its session
// and cards take (its code, stacks, the runtime's own structures), roughly.
const programBytes = 32 << 20

// minLimit is the smallest memory limit deck sets: below it, the collector's
// own pacing costs little.
const minLimit = 128 << 20

var largestLog struct {
	sync.Mutex
	bytes int64
}

// limitMemory asks the garbage collector to keep deck within twice the size
// of the largest log it has shown. The session model holds about the log's
// size and the drawn cards a bounded cache; without a limit the collector
// lets the heap grow to twice what is live before it runs. The limit is
// soft: past it the collector works harder, nothing fails. A growing log
// raises it as it grows.
func limitMemory(logBytes int64) {
	largestLog.Lock()
	defer largestLog.Unlock()
	if logBytes <= largestLog.bytes {
		return
	}
	largestLog.bytes = logBytes
	if limit := 2*logBytes - programBytes; limit >= minLimit {
		debug.SetMemoryLimit(limit)
	}
}
