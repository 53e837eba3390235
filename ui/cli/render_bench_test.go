package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
)

// deck render of hostile logs, the whole command, its output written and
// dropped: the cards are written as they are drawn, so its memory is the
// session and a window of cards, never the whole output
// (docs/performance.md, "Hostile sessions").
func BenchmarkRenderHostile(b *testing.B) {
	dir := filepath.Join(os.TempDir(), "deck-bench")
	for _, c := range []struct {
		name string
		log  func(dir string) (string, error)
	}{
		{"bomb-1GiB-newlines", loggen.NewlineBomb},
		{"line-10MB", func(dir string) (string, error) {
			return loggen.Reply(dir, "line-10MB.jsonl", func() string { return loggen.HugeLine(10) })
		}},
	} {
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
					Main(context.Background(), []string{"render", "--width", "120", path}, strings.NewReader(""), &written, &errOut)
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
