package cli

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
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

// A render's memory limit starts at the room its log's size gives it
// (1.5 times a file's size; nothing for a folder or stdin, whose size
// says nothing), and after each collection follows half again what is
// live, not twice: a million small events are 262 MB live, and twice
// that let the render reach 760 MB resident.
func TestRenderMemoryFollowsTheLogAndTheLiveHeap(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "log.jsonl")
	if err := os.WriteFile(path, make([]byte, 4000), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path string
		want int64
	}{{path, 6000}, {dir, 0}, {"-", 0}, {"", 0}, {filepath.Join(dir, "absent"), 0}} {
		if got := logBudget(c.path); got != c.want {
			t.Errorf("logBudget(%q) = %d, want %d", c.path, got, c.want)
		}
	}
	const mb = 1 << 20
	for _, c := range []struct{ floor, live, want int64 }{
		{64 * mb, 262 * mb, 393 * mb}, // a million small events
		{446 * mb, 262 * mb, 446 * mb},
		{64 * mb, 10 * mb, 64 * mb},
	} {
		if got := followingLimit(c.floor, c.live); got != c.want {
			t.Errorf("floor %d MB, %d MB live: limit %d MB, want %d", c.floor/mb, c.live/mb, got/mb, c.want/mb)
		}
	}
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	limit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(limit) })
	restore := collectLess(1 << 40)
	if got := debug.SetMemoryLimit(-1); got != 1<<40 {
		t.Errorf("a render with a budget of 1 TiB has a memory limit of %d", got)
	}
	restore()
}
