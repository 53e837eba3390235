package source

import (
	"bytes"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// aheadCounter is a preparer that counts how many lines were prepared
// ahead of the one applied.
type aheadCounter struct {
	prepared atomic.Int64
	applied  int64
	ahead    int64 // the most ever prepared ahead
}

func (c *aheadCounter) Prepare([]byte) any { c.prepared.Add(1); return nil }

func (c *aheadCounter) ApplyPrepared(int, []byte, any) {
	c.applied++
	c.ahead = max(c.ahead, c.prepared.Load()-c.applied)
}

func (c *aheadCounter) Apply(int, []byte) {}
func (c *aheadCounter) Finish()           {}

// smallFrames is lines of text as the harness writes them: a zstd frame
// every few lines (each frame 16 KiB of text, 16 lines).
func smallFrames(t *testing.T, frames int) []byte {
	t.Helper()
	enc, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedFastest))
	if err != nil {
		t.Fatal(err)
	}
	defer enc.Close()
	var out []byte
	for f := range frames {
		var text bytes.Buffer
		for l := range 16 {
			fmt.Fprintf(&text, "{\"frame\":%d,\"line\":%d,\"pad\":%q}\n", f, l, bytes.Repeat([]byte("x"), 1000))
		}
		out = enc.EncodeAll(text.Bytes(), out)
	}
	return out
}

// A zstd log's lines are prepared on every core however small its frames:
// the text of many frames makes one batch. When each frame was drained
// before the next was decompressed, a batch was a frame's 16 KiB, far under
// what is worth sharing (parallelBytes), and such logs were read on one core.
func TestSmallZstdFramesArePreparedTogether(t *testing.T) {
	c := &aheadCounter{}
	r := NewReader()
	r.dec = c
	r.Write(smallFrames(t, 256))
	r.Close()
	if c.applied != 256*16 {
		t.Fatalf("applied %d lines, want %d", c.applied, 256*16)
	}
	if want := int64(parallelBytes / 1024); c.ahead < want {
		t.Fatalf("at most %d lines were prepared ahead of the one applied, want %d (a batch worth sharing)", c.ahead, want)
	}
}
