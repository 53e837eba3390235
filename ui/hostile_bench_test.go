package ui

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/klauspost/compress/zstd"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// The figures of hostile sessions (docs/performance.md): a zstd bomb, a
// huge single line, a huge text of words. Memory is measured two ways,
// each run on its own (the drawings it left to the background waited for):
// the peak of the heap, sampled every 0.1 ms while the work runs
// (runtime/metrics: its objects, live or not yet swept, and the free room
// in its spans, which is HeapInuse), and the process's resident peak as
// the kernel counts it (VmHWM, reset before the run), which no sampling
// can miss but which holds the program itself too.

// peak is the most memory a run took.
type peak struct{ heap, rss uint64 }

func (p peak) max(q peak) peak { return peak{max(p.heap, q.heap), max(p.rss, q.rss)} }

// report puts the peaks in the benchmark's figures; rss only where the
// kernel tells it.
func (p peak) report(b *testing.B) {
	b.ReportMetric(float64(p.heap)/(1<<20), "MB-peak-heap")
	if p.rss > 0 {
		b.ReportMetric(float64(p.rss)/(1<<20), "MB-peak-rss")
	}
}

// peakMemory runs f and returns the most memory it took meanwhile.
func peakMemory(f func()) peak {
	debug.FreeOSMemory() // what earlier runs left goes back, so the resident peak is this run's
	hwm := resetResidentPeak()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() + sample[1].Value.Uint64() }
	var heap uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(100 * time.Microsecond)
		defer tick.Stop()
		for {
			heap = max(heap, read())
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	p := peak{heap: max(heap, read())}
	if hwm {
		p.rss = residentPeak()
	}
	return p
}

// resetResidentPeak sets the kernel's resident peak of this process to
// what it holds now (Linux); false where it cannot.
func resetResidentPeak() bool {
	return os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil && residentPeak() > 0
}

// residentPeak is the kernel's resident peak of this process (VmHWM), 0
// where it does not say.
func residentPeak() uint64 {
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for l := range strings.Lines(string(status)) {
		if kb, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(kb), " kB"), 10, 64)
			return n << 10
		}
	}
	return 0
}

// hostileLog writes a log once, in $TMPDIR/deck-bench, and returns its path.
func hostileLog(b *testing.B, name string, write func(f *os.File) error) string {
	b.Helper()
	dir := filepath.Join(os.TempDir(), "deck-bench")
	path := filepath.Join(dir, name)
	if _, err := os.Stat(path); err == nil {
		return path
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(path + ".tmp")
	if err != nil {
		b.Fatal(err)
	}
	if err := write(f); err != nil {
		b.Fatal(err)
	}
	f.Close()
	if err := os.Rename(path+".tmp", path); err != nil {
		b.Fatal(err)
	}
	return path
}

// newlineBomb is 1 GiB of newlines as one zstd frame (some 40 KB).
func newlineBomb(b *testing.B) string {
	return hostileLog(b, "bomb-1GiB-newlines.jsonl.zstd", func(f *os.File) error {
		w, err := zstd.NewWriter(f, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
		if err != nil {
			return err
		}
		chunk := []byte(strings.Repeat("\n", 1<<20))
		for range 1024 {
			w.Write(chunk)
		}
		return w.Close()
	})
}

const hostileHeader = `{"type":"session","version":0,"id":"s","createdAt":1,"cwd":"/w","delegationDepth":0}` + "\n"

// replyLog is a log of one assistant reply of text.
func replyLog(b *testing.B, name string, text func() string) string {
	return hostileLog(b, name, func(f *os.File) error {
		_, err := f.WriteString(hostileHeader + `{"type":"assistant/message","seq":1,"time":1,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"text","text":"` +
			text() + `"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"x"}}}` + "\n")
		return err
	})
}

func hugeLine(mb int) string { return strings.Repeat("x", mb<<20) }

func hugeWords(mb int) string {
	words := strings.Fields("the session card width memory of a reply and its words")
	var s strings.Builder
	for i := 0; s.Len() < mb<<20; i++ {
		s.WriteString(words[i*7%len(words)])
		s.WriteByte(' ')
	}
	return s.String()
}

// firstFrame opens a log in the viewer and draws its first frame, waiting
// for every card on it as long as it takes (a huge text shows its preview).
// It returns what waits for the drawings still running in the background.
func firstFrame(path string) (rest func()) {
	v := openViewer(path, false)
	loading := untilLoaded(v)
	v.drawUntil = time.Now().Add(time.Hour)
	cmd := v.prepare()
	v.View()
	return func() {
		drawn := startAll(loading, cmd)
		for range len(v.cache.inflight) {
			<-drawn
		}
		v.src.stop()
	}
}

// startAll runs commands, and the commands they batch, each on a goroutine of
// its own, as Bubble Tea would; the drawings they bring back come out of
// the channel. The others (one waits for the log to change) are left.
func startAll(cmds ...tea.Cmd) <-chan renderedMsg {
	drawn := make(chan renderedMsg, 16)
	var run func(tea.Cmd)
	run = func(cmd tea.Cmd) {
		if cmd == nil {
			return
		}
		go func() {
			switch msg := cmd().(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					run(c)
				}
			case renderedMsg:
				drawn <- msg
			}
		}()
	}
	for _, c := range cmds {
		run(c)
	}
	return drawn
}

// The 1 GiB-newline zstd bomb opened in the viewer: target under 200 MB.
func BenchmarkBombInViewer(b *testing.B) {
	path := newlineBomb(b)
	var most peak
	for b.Loop() {
		most = most.max(peakMemory(func() { firstFrame(path)() }))
	}
	most.report(b)
}

// A 10 MB single-line reply's first frame in the viewer, from opening the
// log: target 300 ms, under 100 MB. The memory is the peak until the whole
// card, drawn in the background, is done.
func BenchmarkHugeLineFirstFrame(b *testing.B) {
	path := replyLog(b, "line-10MB.jsonl", func() string { return hugeLine(10) })
	var most peak
	var times []time.Duration
	for b.Loop() {
		most = most.max(peakMemory(func() {
			start := time.Now()
			rest := firstFrame(path)
			times = append(times, time.Since(start))
			rest()
		}))
	}
	percentiles(b, times)
	most.report(b)
}

// deck render of a huge reply: reading the log and drawing every card.
func BenchmarkHugeRender(b *testing.B) {
	for _, c := range []struct {
		name string
		text func() string
	}{
		{"line-10MB", func() string { return hugeLine(10) }},
		{"line-30MB", func() string { return hugeLine(30) }},
		{"words-10MB", func() string { return hugeWords(10) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			path := replyLog(b, c.name+".jsonl", c.text)
			var most peak
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				most = most.max(peakMemory(func() {
					s, err := source.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					cards.EachCard(s, cards.Options{Width: benchWidth, Theme: theme.Dark(), Expanded: true}, func([]string) error { return nil })
				}))
				times = append(times, time.Since(start))
			}
			percentiles(b, times)
			most.report(b)
		})
	}
}
