package cli

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
)

// A render whose card holds far more than its session (a reply of 315 KB
// of nested tags holds some 80 MB while it is drawn) collects about as
// often as at GOGC 100 (7 times here): the memory limit follows the live
// heap up. Held at the session plus 64 MiB, the collector ran 30 times,
// back to back.
func TestRenderDoesNotThrashTheCollector(t *testing.T) {
	if testing.Short() {
		t.Skip("draws a card of some 80 MB")
	}
	path, err := loggen.Reply(t.TempDir(), "nested.jsonl", func() string { return strings.Repeat("<a>", 105000) })
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var out, errOut strings.Builder
	if code := Main(context.Background(), []string{"render", "--width", "120", path}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	runtime.ReadMemStats(&after)
	if n := after.NumGC - before.NumGC; n > 20 {
		t.Errorf("the render collected %d times; at GOGC 100 it collects 7", n)
	}
}
