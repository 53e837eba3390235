package index

import (
	"context"
	"testing"
)

// The readers are half a batch of text ahead of the writer at most: a doc
// of that much text (or more) fills the room, and one more waits until the
// writer takes it; the room is freed as docs are taken, or drained.
func TestTheQueueHoldsABatchAhead(t *testing.T) {
	ctx := context.Background()
	q := newQueue()
	if err := q.put(ctx, doc{bytes: 2 * aheadBytes}); err != nil {
		t.Fatal(err)
	}
	if q.room.TryAcquire(1) {
		t.Fatal("room for more than a batch ahead")
	}
	full, cancel := context.WithCancel(ctx)
	cancel()
	if err := q.put(full, doc{bytes: 1}); err == nil {
		t.Fatal("a doc put past the room")
	}
	if d, ok, err := q.take(ctx); !ok || err != nil || d.bytes != 2*aheadBytes {
		t.Fatalf("took %+v %v %v", d, ok, err)
	}
	for range 3 {
		if err := q.put(ctx, doc{bytes: aheadBytes / 4}); err != nil {
			t.Fatal(err)
		}
	}
	if !q.room.TryAcquire(aheadBytes / 4) {
		t.Fatal("no room after the writer took the big doc")
	}
	q.room.Release(aheadBytes / 4)
	close(q.docs)
	q.drain()
	if !q.room.TryAcquire(aheadBytes) {
		t.Error("the room is not whole once drained")
	}
}
