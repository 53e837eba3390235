package cli

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// printHeadroom is how far past what the loaded session holds a render's
// heap may grow between collections.
const printHeadroom = 64 << 20

// collectLess makes a render's printing, which draws a card at a time and
// then exits, collect four times less often: once the heap has grown four
// times what is live (GOGC 400, not 100), and never more than printHeadroom
// past what the loaded session holds. At GOGC 100 a highlighted card of
// net/http's server.go spent a sixth of its time collecting the lexer's
// garbage. It leaves the collector alone when GOGC or GOMEMLIMIT says how to
// run it.
func collectLess() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	held := int64(0)
	if live[0].Value.Kind() == metrics.KindUint64 {
		held = int64(live[0].Value.Uint64())
	}
	debug.SetMemoryLimit(held + printHeadroom)
	debug.SetGCPercent(400)
}
