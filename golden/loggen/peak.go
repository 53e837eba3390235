package loggen

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Peak is the most memory a piece of work took, measured two ways: the
// heap in use, sampled every 0.1 ms while the work runs (runtime/metrics:
// its objects, live or not yet swept, and the free room in its spans,
// which is HeapInuse), and the process's resident peak as the kernel
// counts it (VmHWM, reset before the work), which no sampling can miss but
// which holds the program itself too. RSS is 0 where the kernel does not
// tell it.
type Peak struct{ Heap, RSS uint64 }

// Max is the larger of two peaks, each figure on its own.
func (p Peak) Max(q Peak) Peak { return Peak{max(p.Heap, q.Heap), max(p.RSS, q.RSS)} }

// PeakMemory runs f and returns the most memory it took meanwhile. What
// f leaves running in the background is not counted: f must wait for it.
func PeakMemory(f func()) Peak {
	debug.FreeOSMemory() // what earlier work left goes back, so the resident peak is f's
	hwm := resetResidentPeak()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() + sample[1].Value.Uint64() }
	var heap uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(100 * time.Microsecond)
		defer tick.Stop()
		for {
			heap = max(heap, read())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	p := Peak{Heap: max(heap, read())}
	if hwm {
		p.RSS = residentPeak()
	}
	return p
}

// resetResidentPeak sets the kernel's resident peak of this process to
// what it holds now (Linux); false where it cannot.
func resetResidentPeak() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil && residentPeak() > 0
}

// residentPeak is the kernel's resident peak of this process (VmHWM), 0
// where it does not say.
func residentPeak() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for l := range strings.Lines(string(status)) {
		if kb, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

// Report puts the peak among a benchmark's figures (b is a *testing.B):
// MB-peak-heap, and MB-peak-rss where the kernel tells it.
func (p Peak) Report(b interface{ ReportMetric(float64, string) }) {
	b.ReportMetric(float64(p.Heap)/(1<<20), "MB-peak-heap")
	if p.RSS > 0 {
		b.ReportMetric(float64(p.RSS)/(1<<20), "MB-peak-rss")
	}
}
