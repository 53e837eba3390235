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
