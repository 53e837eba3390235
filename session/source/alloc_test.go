package source_test

import (
	"bytes"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Reading a small log costs about its size, not the 4 MiB ReadAll reads at
// a time: its buffer is kept between reads (a new one is zeroed), and the
// first bytes are not copied to tell the format.
func TestASmallLogCostsItsSize(t *testing.T) {
	log := []byte(sessiontest.FirstLine + strings.Repeat(`{"type":"turn/start","seq":0,"time":1,"data":{"turn":1}}`+"\n", 20))
	source.ReadAll(bytes.NewReader(log)) // the buffer, made once
	// no collection first, as allocated does: two would empty the pool; the
	// least of a few reads, as the race detector makes a pool drop a buffer
	// now and then
	alloc := uint64(1 << 62)
	for range 8 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		source.ReadAll(bytes.NewReader(log))
		runtime.ReadMemStats(&after)
		alloc = min(alloc, after.TotalAlloc-before.TotalAlloc)
	}
	if alloc > 512<<10 {
		t.Errorf("reading a log of %d bytes allocated %d KiB", len(log), alloc>>10)
	}
}
