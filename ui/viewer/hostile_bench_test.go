package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// The figures of hostile sessions (docs/performance.md): a zstd bomb, a
// huge single line, a huge text of words, written once into
// $TMPDIR/deck-bench. Memory is loggen.PeakMemory's, each run on its own:
// the drawings a run leaves to the background are waited for.

// hostileLog is a hostile log's path, written the first time it is asked for.
func hostileLog(b *testing.B, write func(dir string) (string, error)) string {
	b.Helper()
	path, err := write(filepath.Join(os.TempDir(), "deck-bench"))
	if err != nil {
		b.Fatal(err)
	}
	return path
}

func replyLog(name string, text func() string) func(dir string) (string, error) {
	return func(dir string) (string, error) { return loggen.Reply(dir, name, text) }
}

// promptLog is a log of one prompt of a line of mb megabytes (issue 23:
// 4 MB of it took the viewer to 1.8 GB).
func promptLog(mb int) func(dir string) (string, error) {
	return func(dir string) (string, error) {
		return loggen.Prompt(dir, fmt.Sprintf("prompt-%dMB.jsonl", mb), func() string { return loggen.HugeLine(mb) })
	}
}

// firstFrame opens a log in the viewer and draws its first frame, waiting
// for every card on it as long as it takes (a huge text shows its preview,
// or its first rows). It returns what waits for the drawings still running
// in the background.
func firstFrame(path string) (rest func()) {
	_, rest = openFirstFrame(path)
	return rest
}

// openFirstFrame is firstFrame, with the viewer.
func openFirstFrame(path string) (_ *Viewer, rest func()) {
	v := openViewer(path, false)
	loading := untilLoaded(v)
	v.drawUntil = time.Now().Add(time.Hour)
	cmd := v.prepare()
	v.View()
	return v, func() {
		drawn := startAll(loading, cmd)
		for range len(v.cache.inflight) {
			v.Update(<-drawn) // taken, as the program would: the card is what the background left
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
	path := hostileLog(b, loggen.NewlineBomb)
	var most loggen.Peak
	for b.Loop() {
		most = most.Max(loggen.PeakMemory(func() { firstFrame(path)() }))
	}
	most.Report(b)
}

// A 10 MB reply's first frame in the viewer, from opening the log: target
// 300 ms, under 100 MB. The memory is the peak until what the first frame
// left to the background is done. rows-first-frame is how many rows the
// card had on the first frame (a preview's when laying out its first rows
// took longer than the frame's budget), rows-laid-out how many it has once
// the background is done (the whole card has 10,001: the display cap and
// its note), ms-background how long that took after the first frame (the
// replies are laid out as they are read: a screen's pieces, a huge
// paragraph of plain words cut between its rows too).
func BenchmarkHugeTextFirstFrame(b *testing.B) {
	type hostile struct {
		name string
		log  func(dir string) (string, error)
	}
	cases := []hostile{
		{"line-10MB", replyLog("line-10MB.jsonl", func() string { return loggen.HugeLine(10) })},
		{"words-10MB", replyLog("words-10MB.jsonl", func() string { return loggen.HugeWords(10) })},
		{"paragraphs-10MB", replyLog("paragraphs-10MB.jsonl", func() string { return loggen.HugeParagraphs(10) })},
		{"prompt-8MB", promptLog(8)},
		{"prompt-50MB", promptLog(50)},
	}
	for _, kind := range loggen.MarkdownCardKinds { // issue 23: Markdown and code outside replies
		for _, mb := range []int{1, 20, 50} {
			cases = append(cases, hostile{fmt.Sprintf("card-%s-%dMB", kind, mb), func(dir string) (string, error) {
				return loggen.MarkdownCard(dir, kind, mb)
			}})
		}
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			path := hostileLog(b, c.log)
			var most loggen.Peak
			var times, background []time.Duration
			firstRows, laidOut := 0, 0
			for b.Loop() {
				most = most.Max(loggen.PeakMemory(func() {
					start := time.Now()
					v, rest := openFirstFrame(path)
					times = append(times, time.Since(start))
					firstRows = len(v.rows(len(v.items) - 1))
					start = time.Now()
					rest()
					background = append(background, time.Since(start))
					laidOut = len(v.rows(len(v.items) - 1))
				}))
			}
			percentiles(b, times)
			slices.Sort(background)
			b.ReportMetric(float64(background[len(background)/2])/float64(time.Millisecond), "ms-background")
			b.ReportMetric(float64(firstRows), "rows-first-frame")
			b.ReportMetric(float64(laidOut), "rows-laid-out")
			most.Report(b)
		})
	}
}

// deck render of a huge reply or prompt: reading the log and drawing every
// card.
func BenchmarkHugeRender(b *testing.B) {
	for _, c := range []struct {
		name string
		log  func(dir string) (string, error)
	}{
		{"line-10MB", replyLog("line-10MB.jsonl", func() string { return loggen.HugeLine(10) })},
		{"line-30MB", replyLog("line-30MB.jsonl", func() string { return loggen.HugeLine(30) })},
		{"words-10MB", replyLog("words-10MB.jsonl", func() string { return loggen.HugeWords(10) })},
		{"paragraphs-10MB", replyLog("paragraphs-10MB.jsonl", func() string { return loggen.HugeParagraphs(10) })},
		{"prompt-8MB", promptLog(8)},
		{"prompt-50MB", promptLog(50)},
	} {
		b.Run(c.name, func(b *testing.B) {
			path := hostileLog(b, c.log)
			var most loggen.Peak
			var times []time.Duration
			for b.Loop() {
				start := time.Now()
				most = most.Max(loggen.PeakMemory(func() {
					s, err := source.Open(path)
					if err != nil {
						b.Fatal(err)
					}
					cards.EachCard(s, cards.Options{Width: benchWidth, Theme: theme.Dark(), Expanded: true}, func([]string) error { return nil })
				}))
				times = append(times, time.Since(start))
			}
			percentiles(b, times)
			most.Report(b)
		})
	}
}
