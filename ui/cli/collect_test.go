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

// The memory limit rises with the live heap and does not come down with
// it: a render's drawing lets its session go, and the memory the reading
// took is the process's already.
func TestRenderMemoryLimitNeverComesDown(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	limit := debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetMemoryLimit(limit) })
	restore := collectLess(0)
	defer restore()
	start := debug.SetMemoryLimit(-1)
	held := make([]*[1 << 20]byte, 128) // 128 MB live, in pieces the collector marks
	for i := range held {
		held[i] = new([1 << 20]byte)
	}
	raised := collectUntil(func(l int64) bool { return l > start })
	if raised <= start {
		t.Fatalf("with 128 MB live the limit stayed at %d MB", start>>20)
	}
	runtime.KeepAlive(held)
	held = nil
	if got := collectUntil(func(l int64) bool { return l < raised }); got < raised {
		t.Errorf("the limit came down from %d MB to %d MB once the heap was let go", raised>>20, got>>20)
	}
}

// collectUntil collects, and lets the finalizer that sets the limit run,
// until done says so of the limit, or 50 times; it returns the limit.
func collectUntil(done func(limit int64) bool) int64 {
	for range 50 {
		runtime.GC()
		runtime.Gosched()
		if l := debug.SetMemoryLimit(-1); done(l) {
			return l
		}
	}
	return debug.SetMemoryLimit(-1)
}
