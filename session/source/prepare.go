package source

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// preparer is a decoder that reads a line in two steps: Prepare, which
// needs no session state and may run for many lines at once on several
// cores, then ApplyPrepared, in the log's order, with what Prepare returned
// (or an error, if it panicked).
type preparer interface {
	Prepare(line []byte) any
	ApplyPrepared(num int, line []byte, prep any)
}

// batches prepares a Write's lines on every core and applies them in
// order, as a pipeline: while one batch is applied (on the Write's own
// goroutine, the only one that touches the session), the next is prepared.
// Lines are only valid during the Write that brought them, so every batch
// is applied before the Write returns (drain).
type batches struct {
	filling []batchLine   // lines waiting for a batch to be full
	bytes   int           // the bytes of their lines
	ahead   *batch        // the batch being prepared, to be applied next
	spare   [][]batchLine // applied batches' lines, to fill again (two at most)
}

// batchLine is a line waiting for its turn, with what Prepare made of it.
type batchLine struct {
	num  int
	line []byte
	prep any
}

// batch is lines being prepared; ready is done when they all are.
type batch struct {
	lines []batchLine
	ready sync.WaitGroup
}

// parallelBytes is the least a batch must hold to be prepared on several
// cores: below it, starting them costs more than it saves.
const parallelBytes = 256 << 10

// A batch is full once it holds batchLines lines or batchBytes bytes,
// whichever comes first, so what waits to be applied is bounded however
// the input is cut: a Write of millions of blank lines, or of 4 MiB of
// events.
const (
	batchLines = 4096
	batchBytes = 1 << 20
)

// add batches a line; applied is called after each line is applied.
func (b *batches) add(p preparer, num int, line []byte, applied func()) {
	b.filling = append(b.filling, batchLine{num: num, line: line})
	b.bytes += len(line)
	if len(b.filling) >= batchLines || b.bytes >= batchBytes {
		b.pass(p, applied)
	}
}

// pass starts preparing the batch being filled, then applies the one
// before it while it is prepared.
func (b *batches) pass(p preparer, applied func()) {
	if len(b.filling) == 0 {
		return
	}
	next := prepare(p, b.filling, b.bytes)
	b.filling, b.bytes = nil, 0
	if n := len(b.spare); n > 0 {
		b.filling, b.spare = b.spare[n-1], b.spare[:n-1]
	}
	b.apply(p, applied)
	b.ahead = next
}

// drain applies every line batched, waiting for the ones being prepared.
func (b *batches) drain(p preparer, applied func()) {
	b.pass(p, applied)
	b.apply(p, applied)
}

// keep ends a run of lines that stay valid until the next run ends (a
// Write of ReadAll's, a zstd piece): what is being filled starts being
// prepared, and every line before it is applied. With nothing being
// filled, the batch ahead may hold lines of the run before, which must not
// outlive it: it is applied too.
func (b *batches) keep(p preparer, applied func()) {
	if len(b.filling) == 0 {
		b.apply(p, applied)
		return
	}
	b.pass(p, applied)
}

// apply waits for the batch ahead and applies it in order; its lines,
// cleared, are kept to be filled again.
func (b *batches) apply(p preparer, applied func()) {
	a := b.ahead
	if a == nil {
		return
	}
	b.ahead = nil
	a.ready.Wait()
	for _, l := range a.lines {
		p.ApplyPrepared(l.num, l.line, l.prep)
		applied()
	}
	clear(a.lines)
	if len(b.spare) < 2 {
		b.spare = append(b.spare, a.lines[:0])
	}
}

// prepare starts preparing lines: on every core when there are enough of
// them, else at once.
func prepare(p preparer, lines []batchLine, size int) *batch {
	a := &batch{lines: lines}
	workers := min(runtime.GOMAXPROCS(0), len(lines))
	if workers < 2 || size < parallelBytes {
		for i := range lines {
			lines[i].prep = prepareSafely(p, lines[i].line)
		}
		return a
	}
	var next atomic.Int64
	for range workers {
		a.ready.Go(func() {
			for i := int(next.Add(1) - 1); i < len(lines); i = int(next.Add(1) - 1) {
				lines[i].prep = prepareSafely(p, lines[i].line)
			}
		})
	}
	return a
}

// prepareSafely prepares a line; a panic (a bug in deck, on a line nobody
// foresaw) must not take down the program from another goroutine, so it
// becomes an error, which the decoder reports as it reports a line it could
// not read.
func prepareSafely(p preparer, line []byte) (prep any) {
	defer func() {
		if e := recover(); e != nil {
			prep = fmt.Errorf("deck could not read this line: %v", e)
		}
	}()
	return p.Prepare(line)
}
