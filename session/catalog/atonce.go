package catalog

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// eachAtOnce calls f(i) for every i below n, on every core at once: a
// home's thousands of logs are looked at in as many system calls, which
// wait on the kernel, not on each other.
func eachAtOnce(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(max(runtime.GOMAXPROCS(0), 1), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
}
