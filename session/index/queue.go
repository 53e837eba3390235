package index

import (
	"context"

	"golang.org/x/sync/semaphore"
)

// queue takes the docs the readers read to the writer. The readers may be
// half a batch of text ahead of it, no more: while the writer writes a
// batch, they read on, and no core waits on the other; a home of huge logs
// is never all in memory at once. (A whole batch ahead was no faster on
// the tree, and took 20 MB more.)
const aheadBytes = batchBytes / 2

type queue struct {
	docs chan doc
	room *semaphore.Weighted // the text of the docs read and not yet taken
}

func newQueue() queue {
	return queue{docs: make(chan doc, batchDocs), room: semaphore.NewWeighted(aheadBytes)}
}

// weight is what a doc takes of the room: its text, all the room at most.
func weight(d doc) int64 { return min(max(int64(d.bytes), 1), aheadBytes) }

// put hands a doc to the writer, once there is room for it.
func (q queue) put(ctx context.Context, d doc) error {
	if err := q.room.Acquire(ctx, weight(d)); err != nil {
		return err
	}
	select {
	case q.docs <- d:
		return nil
	case <-ctx.Done():
		q.room.Release(weight(d))
		return ctx.Err()
	}
}

// take is the next doc, ok false once the readers are done.
func (q queue) take(ctx context.Context) (d doc, ok bool, err error) {
	select {
	case d, ok = <-q.docs:
		if ok {
			q.room.Release(weight(d))
		}
		return d, ok, nil
	case <-ctx.Done():
		return d, false, ctx.Err()
	}
}

// drain takes what the readers still give after the writer gave up, so
// that they end.
func (q queue) drain() {
	for d := range q.docs {
		q.room.Release(weight(d))
	}
}
