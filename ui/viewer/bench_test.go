package viewer

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/follow"
	"github.com/deck-tui/deck/theme"
)

// The viewer's figures on generated sessions of 1, 10 and 100 MB
// (docs/performance.md). Each is a wall-clock time of the work a frame
// takes on the update loop, measured around direct calls to the model: no
// terminal, so what is measured is deck.

var benchSizes = []int64{1 << 20, 10 << 20, 100 << 20}

const benchWidth, benchHeight = 120, 40

func benchLog(b *testing.B, size int64) string {
	b.Helper()
	path, err := loggen.File(filepath.Join(os.TempDir(), "deck-bench"), size, false)
	if err != nil {
		b.Fatal(err)
	}
	return path
}

func sizeName(size int64) string { return fmt.Sprintf("%dMB", size>>20) }

// openViewer starts a viewer on a log, sized like a terminal.
func openViewer(path string, following bool) *Viewer {
	v := New(LogFeed(follow.File(path, path, following)), theme.Dark(), true)
	v.Update(tea.WindowSizeMsg{Width: benchWidth, Height: benchHeight})
	v.Init()
	return v
}

// untilLoaded takes the source's changes until the whole log is read. It
// returns the commands those updates started (the drawings left to the
// background among them), which a benchmark of memory must run to the end.
func untilLoaded(v *Viewer) tea.Cmd {
	var cmds []tea.Cmd
	for {
		_, cmd := v.Update(v.src.wait()())
		cmds = append(cmds, cmd)
		loading := true
		v.src.with(func(st follow.State) { loading = st.Loading })
		if !loading {
			return tea.Batch(cmds...)
		}
	}
}

// highlightScreen draws the cards on screen highlighted, as the commands
// the viewer starts off the loop would, so the cache is warm.
func highlightScreen(v *Viewer) {
	v.prepare()
	for _, p := range v.screen {
		it := v.items[p.idx]
		o := v.options(it)
		k := v.keyOf(it, o)
		if c, ok := v.cache.get(k); !ok || !c.full {
			v.cache.put(k, cards.Render(it.e, o), true)
		}
	}
}

// percentiles reports the median and 99th percentile of frame times.
func percentiles(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "ms-median")
	b.ReportMetric(ms(times[min(len(times)*99/100, len(times)-1)]), "ms-p99")
}

var keyDown = tea.KeyPressMsg{Code: 'j', Text: "j"}
var keyUp = tea.KeyPressMsg{Code: 'k', Text: "k"}

// The first full frame of a session opened from disk: the screen fills
// from the start of the log while the rest is still being read.
func BenchmarkFirstFrame(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			path := benchLog(b, size)
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				v := openViewer(path, false)
				for {
					v.Update(v.src.wait()())
					v.View()
					if len(v.screen) >= v.contentHeight() {
						break
					}
				}
				times = append(times, time.Since(start))
				v.src.stop()
			}
			percentiles(b, times)
		})
	}
}

// A frame after scrolling one line, with the cards on screen drawn before.
func BenchmarkScrollFrame(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			v := openViewer(benchLog(b, size), false)
			untilLoaded(v)
			v.scrollTo(pos{len(v.items) / 2, 0})
			highlightScreen(v)
			v.Update(keyDown)
			highlightScreen(v)
			var times []time.Duration
			i := 0
			for b.Loop() {
				key := keyDown
				if i%2 == 1 {
					key = keyUp
				}
				i++
				start := time.Now()
				v.Update(key)
				v.View()
				times = append(times, time.Since(start))
			}
			v.src.stop()
			percentiles(b, times)
		})
	}
}

// A frame after jumping to a place never drawn (a search hit, G): the
// cards there are drawn quickly and highlighted off the loop after.
func BenchmarkJumpFrame(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			v := openViewer(benchLog(b, size), false)
			untilLoaded(v)
			var times []time.Duration
			i := 0
			for b.Loop() {
				b.StopTimer()
				v.cache = newRenderCache(cacheBytes) // nothing drawn yet
				v.bottom()                           // but the end, drawn at load
				target := (i*7919 + len(v.items)/3) % len(v.items)
				i++
				b.StartTimer()
				start := time.Now()
				v.focus = target
				v.reveal(target)
				v.prepare()
				v.View()
				times = append(times, time.Since(start))
			}
			v.src.stop()
			percentiles(b, times)
		})
	}
}

// An event appended to a followed log, until it is on screen.
func BenchmarkFollowAppend(b *testing.B) {
	src, err := os.ReadFile(benchLog(b, 1<<20))
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, src, 0o644); err != nil {
		b.Fatal(err)
	}
	v := openViewer(path, true)
	untilLoaded(v)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var times []time.Duration
	n := 0
	for b.Loop() {
		n++
		text := fmt.Sprintf("appended prompt %d", n)
		line := fmt.Sprintf(`{"type":"user/message","seq":%d,"time":1,"data":{"content":[{"type":"text","text":%q}],"source":{"kind":"user"}}}`+"\n", 1000000+n, text)
		start := time.Now()
		if _, err := f.WriteString(line); err != nil {
			b.Fatal(err)
		}
		for !screenHas(v, text) {
			v.Update(v.src.wait()())
		}
		times = append(times, time.Since(start))
	}
	v.src.stop()
	percentiles(b, times)
}

// screenHas reports whether the last card is the prompt with text, on screen.
func screenHas(v *Viewer, text string) bool {
	n := len(v.items)
	if n == 0 {
		return false
	}
	m, ok := v.items[n-1].e.(*session.UserMessage)
	if !ok || session.TextOf(m.Content) != text {
		return false
	}
	return slices.ContainsFunc(v.screen, func(p pos) bool { return p.idx == n-1 })
}

// The viewer's peak memory on a session, whatever was scrolled through:
// measured in a process of its own (the kernel's high-water mark of its
// resident memory), which opens the log, pages through all of it with each
// screen highlighted, and reports.
func BenchmarkPeakMemory(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(sizeName(size), func(b *testing.B) {
			path := benchLog(b, size)
			info, err := os.Stat(path)
			if err != nil {
				b.Fatal(err)
			}
			var peak int64
			for b.Loop() {
				cmd := exec.Command(os.Args[0], "-test.run=^TestPeakMemoryChild$", "-test.v")
				cmd.Env = append(os.Environ(), "DECK_PEAK_LOG="+path)
				out, err := cmd.CombinedOutput()
				if err != nil {
					b.Fatalf("%v\n%s", err, out)
				}
				m := peakRE.FindSubmatch(out)
				if m == nil {
					b.Fatalf("no peak in\n%s", out)
				}
				kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
				peak = max(peak, kb<<10)
			}
			b.ReportMetric(float64(peak)/(1<<20), "MB-peak")
			b.ReportMetric(float64(peak)/float64(info.Size()), "x-file")
		})
	}
}

var peakRE = regexp.MustCompile(`peak (\d+) kB`)

// TestPeakMemoryChild is BenchmarkPeakMemory's other process.
func TestPeakMemoryChild(t *testing.T) {
	path := os.Getenv("DECK_PEAK_LOG")
	if path == "" {
		t.Skip("run by BenchmarkPeakMemory")
	}
	v := openViewer(path, false)
	untilLoaded(v)
	pageDown := tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	for pages := 0; !v.atBottom() && os.Getenv("DECK_PEAK_ONLY_LOAD") == ""; pages++ {
		highlightScreen(v)
		v.Update(pageDown)
		v.View()
	}
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc here")
	}
	m := regexp.MustCompile(`VmHWM:\s+(\d+) kB`).FindSubmatch(status)
	if m == nil {
		t.Fatal("no VmHWM in /proc/self/status")
	}
	fmt.Printf("peak %s kB\n", m[1])
}

// A log of a million small events (issue 23): its first frame, the time
// to read it whole in the viewer, and the peak resident memory of a
// process that opens it and reads it whole (the targets: a first frame
// within 300 ms, memory within twice the file).
func BenchmarkMillionEvents(b *testing.B) {
	path, err := loggen.SmallEvents(filepath.Join(os.TempDir(), "deck-bench"), 1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("first-frame", func(b *testing.B) {
		var times []time.Duration
		for b.Loop() {
			start := time.Now()
			v := openViewer(path, false)
			for len(v.screen) < v.contentHeight() {
				v.Update(v.src.wait()())
				v.View()
			}
			times = append(times, time.Since(start))
			v.src.stop()
		}
		percentiles(b, times)
	})
	b.Run("loaded", func(b *testing.B) {
		for b.Loop() {
			v := openViewer(path, false)
			untilLoaded(v)
			v.src.stop()
		}
	})
	b.Run("peak", func(b *testing.B) {
		var peak int64
		for b.Loop() {
			cmd := exec.Command(os.Args[0], "-test.run=^TestPeakMemoryChild$", "-test.v")
			cmd.Env = append(os.Environ(), "DECK_PEAK_LOG="+path, "DECK_PEAK_ONLY_LOAD=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				b.Fatalf("%v\n%s", err, out)
			}
			m := peakRE.FindSubmatch(out)
			if m == nil {
				b.Fatalf("no peak in\n%s", out)
			}
			kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
			peak = max(peak, kb<<10)
		}
		b.ReportMetric(float64(peak)/(1<<20), "MB-peak")
		b.ReportMetric(float64(peak)/float64(info.Size()), "x-file")
	})
}
