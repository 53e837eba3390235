package ui

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
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
// huge single line, a huge text of words. Memory is the peak of the live
// heap, sampled while the work runs.

// peakHeap runs f and returns the most heap its objects took meanwhile.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	var peak uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		for {
			peak = max(peak, read())
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	})
	f()
	close(done)
	wg.Wait()
	return max(peak, read())
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
	untilLoaded(v)
	v.drawUntil = time.Now().Add(time.Hour)
	cmd := v.prepare()
	v.View()
	return func() {
		run(cmd)
		v.src.stop()
	}
}

// run runs a command and the commands it batches, as Bubble Tea would.
func run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	if batch, ok := cmd().(tea.BatchMsg); ok {
		for _, c := range batch {
			run(c)
		}
	}
}

// The 1 GiB-newline zstd bomb opened in the viewer: target under 200 MB.
func BenchmarkBombInViewer(b *testing.B) {
	path := newlineBomb(b)
	var peak uint64
	for b.Loop() {
		peak = max(peak, peakHeap(func() { firstFrame(path)() }))
	}
	b.ReportMetric(float64(peak)/(1<<20), "MB-peak-heap")
}

// A 10 MB single-line reply's first frame in the viewer, from opening the
// log: target 300 ms, under 100 MB. The memory is the peak until the whole
// card, drawn in the background, is done.
func BenchmarkHugeLineFirstFrame(b *testing.B) {
	path := replyLog(b, "line-10MB.jsonl", func() string { return hugeLine(10) })
	var peak uint64
	var times []time.Duration
	for b.Loop() {
		peak = max(peak, peakHeap(func() {
			start := time.Now()
			rest := firstFrame(path)
			times = append(times, time.Since(start))
			rest()
		}))
	}
	percentiles(b, times)
	b.ReportMetric(float64(peak)/(1<<20), "MB-peak-heap")
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
			var peak uint64
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				peak = max(peak, peakHeap(func() {
					s, err := source.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					cards.EachCard(s, cards.Options{Width: benchWidth, Theme: theme.Dark(), Expanded: true}, func([]string) error { return nil })
				}))
				times = append(times, time.Since(start))
			}
			percentiles(b, times)
			b.ReportMetric(float64(peak)/(1<<20), "MB-peak-heap")
		})
	}
}
