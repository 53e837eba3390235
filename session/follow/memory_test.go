package follow

import (
	"math"
	"runtime/debug"
	"testing"
)

// The memory limit follows the largest log shown: twice its size less the
// program's own, none for small logs, never lowered.
func TestMemoryLimitFollowsTheLargestLog(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	defer debug.SetMemoryLimit(before)
	largestLog.bytes = 0
	debug.SetMemoryLimit(math.MaxInt64)
	limitMemory(10 << 20)
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("a 10 MB log set a limit of %d MB", got>>20)
	}
	limitMemory(100 << 20)
	if got := debug.SetMemoryLimit(-1); got != 200<<20-programBytes {
		t.Errorf("a 100 MB log set a limit of %d MB", got>>20)
	}
	limitMemory(50 << 20)
	if got := debug.SetMemoryLimit(-1); got != 200<<20-programBytes {
		t.Errorf("a smaller log changed the limit to %d MB", got>>20)
	}
}
