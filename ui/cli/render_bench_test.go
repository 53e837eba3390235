package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/deck-tui/deck/golden/loggen"
)

// deck render of hostile logs, the whole command, its output written and
// dropped: the cards are written as they are drawn, so its memory is the
// session and a window of cards, never the whole output
// (docs/performance.md, "Hostile sessions"). A huge prompt or title is
// written in every format (issue 23: an 8 MB prompt took 92 s and 1.9 GB),
// and so is a card of Markdown or code of megabytes other than a reply
// (loggen.MarkdownCard: a web answer of 1 MB took 37 s and 516 MB).
func BenchmarkRenderHostile(b *testing.B) {
	dir := filepath.Join(os.TempDir(), "deck-bench")
	prompt := func(mb int) func(dir string) (string, error) {
		return func(dir string) (string, error) {
			return loggen.Prompt(dir, fmt.Sprintf("prompt-%dMB.jsonl", mb), func() string { return loggen.HugeLine(mb) })
		}
	}
	type hostile struct {
		name string
		log  func(dir string) (string, error)
	}
	cases := []hostile{
		{"bomb-1GiB-newlines", loggen.NewlineBomb},
		{"line-10MB", func(dir string) (string, error) {
			return loggen.Reply(dir, "line-10MB.jsonl", func() string { return loggen.HugeLine(10) })
		}},
		{"nested-tags-315KB", func(dir string) (string, error) { // its drawing holds far more than the session
			return loggen.Reply(dir, "nested-tags-315KB.jsonl", func() string { return strings.Repeat("<a>", 105000) })
		}},
	}
	for _, format := range []string{"plain", "ansi", "html", "markdown"} {
		cases = append(cases, hostile{"prompt-8MB/" + format, prompt(8)}, hostile{"prompt-50MB/" + format, prompt(50)},
			hostile{"title-8MB/" + format, func(dir string) (string, error) {
				return loggen.Title(dir, "title-8MB.jsonl", func() string { return loggen.HugeLine(8) })
			}})
	}
	for _, kind := range loggen.MarkdownCardKinds { // issue 23: Markdown and code outside replies
		for _, mb := range []int{1, 20, 50} {
			for _, format := range []string{"plain", "ansi", "html", "markdown"} {
				cases = append(cases, hostile{fmt.Sprintf("card-%s-%dMB/%s", kind, mb, format), func(dir string) (string, error) {
					return loggen.MarkdownCard(dir, kind, mb)
				}})
			}
		}
	}
	for _, c := range cases {
		args := []string{"render", "--width", "120"}
		if _, format, ok := strings.Cut(c.name, "/"); ok {
			args = append(args, "--format", format)
		}
		b.Run(c.name, func(b *testing.B) {
			path, err := c.log(dir)
			if err != nil {
				b.Fatal(err)
			}
			var most loggen.Peak
			var written counter
			for b.Loop() {
				written = 0
				most = most.Max(loggen.PeakMemory(func() {
					var errOut strings.Builder
					Main(context.Background(), append(args, path), strings.NewReader(""), &written, &errOut)
				}))
			}
			most.Report(b)
			b.ReportMetric(float64(written)/(1<<20), "MB-written")
		})
	}
}

// counter counts what is written to it and keeps none of it.
type counter int64

func (c *counter) Write(p []byte) (int, error) { *c += counter(len(p)); return len(p), nil }

// deck render of a million small events (loggen.SmallEvents, 255 MB:
// issue 23's targets are 5 s and 500 MB), the whole command in process,
// its output counted and dropped: the time, the processor time on every
// core (which the machine's load blurs less), and the peak heap and
// resident memory.
func BenchmarkRenderMillionEvents(b *testing.B) {
	path, err := loggen.SmallEvents(filepath.Join(os.TempDir(), "deck-bench"), 1_000_000)
	if err != nil {
		b.Fatal(err)
	}
	for _, format := range []string{"plain", "ansi"} {
		b.Run(format, func(b *testing.B) {
			var most loggen.Peak
			var written counter
			cpu := processorTime()
			for b.Loop() {
				written = 0
				most = most.Max(loggen.PeakMemory(func() {
					var errOut strings.Builder
					Main(context.Background(), []string{"render", "--width", "100", "--format", format, path}, strings.NewReader(""), &written, &errOut)
				}))
			}
			b.ReportMetric((processorTime()-cpu).Seconds()/float64(b.N), "cpu-s/op")
			most.Report(b)
			b.ReportMetric(float64(written)/(1<<20), "MB-written")
		})
	}
}

// processorTime is the processor time this process has used, on every
// core, in user and system mode.
func processorTime() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
