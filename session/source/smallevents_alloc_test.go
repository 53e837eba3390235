//go:build !race

package source_test

import (
	"bytes"
	"os"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/source"
)

// Reading a small event costs few allocations: a million of them are read
// before a render draws a card, and what reading allocates is what the
// collector runs for, marking the session read so far each time. 29.3 an
// event before issue 23's render work (a record of 480 bytes a line, the
// envelope decoded again from a copy, two errors made for each absent
// usage figure); 25.3 after it, each call's arguments parsed again for
// its tool/call event and its result; 20.0 with recentArgs; 17.4 with
// the busiest events' data decoded by hand (harness/byhand.go), a block
// read in place and its type one string; 16.6, isReplace making
// nothing for an op that is a string; 14.9 now, the surfaceOp "append"
// shared, a presenter picked without a copy, a call's view kept for its
// tool/call event.
func TestASmallEventAllocatesLittle(t *testing.T) {
	const events = 1200
	path, err := loggen.SmallEvents(t.TempDir(), events)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	perEvent := testing.AllocsPerRun(5, func() {
		if _, err := source.ReadAll(bytes.NewReader(data)); err != nil {
			t.Fatal(err)
		}
	}) / events
	if perEvent > 15.5 {
		t.Errorf("a small event allocates %.1f times", perEvent)
	}
}
