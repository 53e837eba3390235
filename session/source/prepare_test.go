package source

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
)

// A harness log's lines are prepared on every core: its decoder must be a
// preparer, or the Reader quietly reads one line at a time on one core (as
// it did after the decoders' methods were renamed and the harness's were
// not).
func TestHarnessDecoderIsAPreparer(t *testing.T) {
	if _, ok := any(harness.New(session.NewBuilder())).(preparer); !ok {
		t.Fatal("harness.Decoder has no Prepare and ApplyPrepared: its lines are read on one core")
	}
}

// A zstd log's lines are prepared on every core too: a piece's lines are
// passed on to be prepared when the next piece begins, so a piece must hold
// a batch big enough to share (parallelBytes) even when a long line is cut
// at either end. When each piece was drained before the next and pieces
// were 256 KiB, no batch ever was, and zstd logs were read on one core.
func TestZstdPiecesFillAParallelBatch(t *testing.T) {
	if zstdPiece < 2*parallelBytes {
		t.Fatalf("a %d KiB piece of text cannot fill a batch of %d KiB", zstdPiece>>10, parallelBytes>>10)
	}
}
