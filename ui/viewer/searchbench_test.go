package viewer

import (
	"slices"
	"syscall"
	"testing"
	"time"
)

// The search's figures on the generated sessions (docs/performance.md):
// how soon the first hit is on screen, how soon the count is whole, and
// how soon a cancelled search lets go of its core.

// cpuTime is the processor time the process has used: what a search costs
// whatever else the machine runs.
func cpuTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// searchFor types a query into a loaded viewer and returns the run.
func searchFor(v *Viewer, q string) *searchRun {
	v.Update(keyMsg("/"))
	v.search.input.SetValue(q)
	v.search.query = q
	v.startSearch()
	return v.search.run
}

// A query typed: until its first hit is on screen, the frame drawn.
func BenchmarkSearchFirstHit(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			v := openViewer(benchLog(b, size), false)
			untilLoaded(v)
			var times []time.Duration
			for b.Loop() {
				v.search.clear()
				start := time.Now()
				r := searchFor(v, "func")
				for v.search.current < 0 && !v.search.done {
					v.Update(r.next()())
				}
				v.View()
				times = append(times, time.Since(start))
				if v.search.current < 0 {
					b.Fatal("no hit")
				}
			}
			v.search.clear()
			v.src.stop()
			percentiles(b, times)
		})
	}
}

// A query typed: until the count is whole. An identifier the session
// names a few times, as a person looks one up; and queries in nearly every
// card, a letter and a keyword.
func BenchmarkSearchCount(b *testing.B) {
	for _, q := range []string{"makeAddrRange", "e", "func"} {
		for _, size := range benchSizes {
			b.Run(q+"/"+sizeName(size), func(b *testing.B) {
				v := openViewer(benchLog(b, size), false)
				untilLoaded(v)
				var times, cpu []time.Duration
				for b.Loop() {
					v.search.clear()
					start, cpuStart := time.Now(), cpuTime()
					r := searchFor(v, q)
					for !v.search.done {
						v.Update(r.next()())
					}
					times = append(times, time.Since(start))
					cpu = append(cpu, cpuTime()-cpuStart)
				}
				b.ReportMetric(float64(v.search.total), "matches")
				b.ReportMetric(float64(len(v.items)), "cards")
				slices.Sort(cpu)
				b.ReportMetric(float64(cpu[len(cpu)/2])/float64(time.Millisecond), "cpu-ms-median")
				v.search.clear()
				v.src.stop()
				percentiles(b, times)
			})
		}
	}
}

// A search that counts nearly every card (a query in every one), cancelled
// as a newer keystroke or esc cancels it: until its workers have returned.
func BenchmarkSearchCancel(b *testing.B) {
	v := openViewer(benchLog(b, 100<<20), false)
	untilLoaded(v)
	var times []time.Duration
	for b.Loop() {
		r := searchFor(v, "e")
		time.Sleep(20 * time.Millisecond) // well into the counting
		start := time.Now()
		v.search.clear()
		<-r.ended
		times = append(times, time.Since(start))
	}
	v.src.stop()
	percentiles(b, times)
}
