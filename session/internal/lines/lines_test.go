package lines

import (
	"math/rand"
	"runtime"
	"strings"
	"testing"
)

// collect feeds text to a splitter in chunks of the given sizes and returns
// every line it emitted, flushing at the end when asked.
func collect(text string, sizes func() int, flush bool) []string {
	var s Splitter
	var got []string
	emit := func(n int, l []byte) {
		if n != len(got)+1 {
			panic("line numbers skip")
		}
		got = append(got, string(l))
	}
	for rest := text; rest != ""; {
		n := min(sizes(), len(rest))
		s.Feed([]byte(rest[:n]), emit)
		rest = rest[n:]
	}
	if flush {
		s.Flush(emit)
	}
	return got
}

func TestLineSplitterIgnoresChunkBoundaries(t *testing.T) {
	huge := strings.Repeat("x", 3<<20) // far past bufio.Scanner's 64 KiB
	text := "first\r\n" + huge + "\n\nlast without newline"
	want := []string{"first", huge, "", "last without newline"}
	rng := rand.New(rand.NewSource(1))
	for _, sizes := range []func() int{
		func() int { return 1 << 30 },
		func() int { return 1 },
		func() int { return 1 + rng.Intn(70000) },
	} {
		got := collect(text, sizes, true)
		if len(got) != len(want) {
			t.Fatalf("got %d lines, want %d", len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("line %d: got %d bytes %.20q, want %d bytes %.20q", i+1, len(got[i]), got[i], len(want[i]), want[i])
			}
		}
	}
}

func TestLineSplitterKeepsAnUnfinishedLineUntilFlushed(t *testing.T) {
	got := collect("a\nb", func() int { return 1 }, false)
	if len(got) != 1 || got[0] != "a" {
		t.Fatalf("before flush: %q", got)
	}
	if got := collect("a\nb", func() int { return 1 }, true); len(got) != 2 || got[1] != "b" {
		t.Fatalf("after flush: %q", got)
	}
}

// A line of megabytes fed in small chunks costs its copies and its whole
// once, not the garbage of growing it by append (about five times its size).
func TestAHugeLineIsJoinedOnce(t *testing.T) {
	const size = 8 << 20
	chunk := []byte(strings.Repeat("x", 64<<10))
	var s Splitter
	got := 0
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range size / len(chunk) {
		s.Feed(chunk, func(int, []byte) {})
	}
	s.Feed([]byte("\n"), func(_ int, l []byte) { got = len(l) })
	runtime.ReadMemStats(&after)
	if got != size {
		t.Fatalf("line of %d bytes, want %d", got, size)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 2*size+size/8 {
		t.Fatalf("joining a line of %d MB allocated %.1f MB, want at most 2.1 × its size", size>>20, float64(allocated)/(1<<20))
	}
}
