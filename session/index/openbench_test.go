package index_test

import (
	"testing"
	"time"

	"github.com/deck-tui/deck/session/index"
)

// Opening an index made already, as every deck process that lists or
// searches does at its start (and the picker): the database opened, its
// schema checked, its files kept private; and closed.
func BenchmarkOpen(b *testing.B) {
	dir := b.TempDir()
	ix, err := index.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	ix.Close()
	cpu := cpuTime()
	var times []time.Duration
	for b.Loop() {
		start := time.Now()
		ix, err := index.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		ix.Close()
		times = append(times, time.Since(start))
	}
	reportCPU(b, cpu)
	reportTimes(b, times)
}
