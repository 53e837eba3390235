package ui

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
)

// The picker's first screen on the generated tree of 10,000 sessions
// (DECK_BENCH_SESSIONS others), its index warm, as a new process gets it:
// the index opened, the logs listed, the rows the index knows taken from
// it, the first frame drawn. The index's update then runs behind it. The
// tree and its index are session/index's benchmarks', made once per
// machine in $TMPDIR/deck-bench.
func BenchmarkPickerFirstScreen(b *testing.B) {
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("DECK_BENCH_SESSIONS")); err == nil && v > 0 {
		n = v
	}
	tr, err := loggen.MakeTree(filepath.Join(os.TempDir(), "deck-bench"), n, "../golden/testdata/corpus")
	if err != nil {
		b.Fatal(err)
	}
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: tr.Harness}, {Agent: catalog.AgentClaude, Dir: tr.Claude}, {Agent: catalog.AgentCodex, Dir: tr.Codex}}
	dir := filepath.Join(os.TempDir(), "deck-bench", fmt.Sprintf("index-v%d-%d", loggen.TreeVersion, tr.Sessions))
	ix, err := index.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := ix.Update(context.Background(), roots, nil); err != nil {
		b.Fatal(err)
	}
	ix.Close()
	var times []time.Duration
	b.ResetTimer()
	for b.Loop() {
		start := time.Now()
		ix, err := index.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		m, err := newApp(Options{Roots: roots, Follow: new(false), Theme: "dark", Index: ix})
		if err != nil {
			b.Fatal(err)
		}
		m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
		screen := m.View().Content
		times = append(times, time.Since(start))
		b.StopTimer()
		if !strings.Contains(screen, fmt.Sprintf("of %d", tr.Sessions)) {
			b.Fatalf("the first screen lists no %d sessions:\n%s", tr.Sessions, screen)
		}
		m.(*app).stop()
		ix.Close()
		b.StartTimer()
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "median-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
}
