package index_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/index"
)

// benchSessions is the tree's size: the 10,000 sessions (about
// 1 GB), or $DECK_BENCH_SESSIONS for a quicker look.
func benchSessions() int {
	if n, err := strconv.Atoi(os.Getenv("DECK_BENCH_SESSIONS")); err == nil && n > 0 {
		return n
	}
	return 10000
}

// benchTree is the generated tree, made once per machine in
// $TMPDIR/deck-bench.
func benchTree(b *testing.B) (loggen.Tree, []catalog.Root) {
	b.Helper()
	tr, err := loggen.MakeTree(filepath.Join(os.TempDir(), "deck-bench"), benchSessions(), "../../golden/testdata/corpus")
	if err != nil {
		b.Fatal(err)
	}
	return tr, []catalog.Root{{Agent: catalog.AgentHarness, Dir: tr.Harness}, {Agent: catalog.AgentClaude, Dir: tr.Claude}, {Agent: catalog.AgentCodex, Dir: tr.Codex}}
}

// benchIndex is the tree's index, built once per machine beside it and
// brought up to the tree (which a benchmark that grew a log put back).
func benchIndex(b *testing.B) (*index.Index, loggen.Tree, []catalog.Root) {
	b.Helper()
	tr, roots := benchTree(b)
	ix, err := index.Open(filepath.Join(os.TempDir(), "deck-bench", fmt.Sprintf("index-v%d-%d", loggen.TreeVersion, tr.Sessions)))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	if _, err := ix.Update(context.Background(), roots, nil); err != nil {
		b.Fatal(err)
	}
	return ix, tr, roots
}

// The first build of the index from nothing: MB/s of logs, the peak of
// memory, and the index's size over the logs'.
func BenchmarkIndexBuild(b *testing.B) {
	tr, roots := benchTree(b)
	b.SetBytes(tr.Bytes)
	var peak loggen.Peak
	var disk, text int64
	cpu := cpuTime()
	for b.Loop() {
		dir := b.TempDir()
		ix, err := index.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		var sum index.Summary
		peak = peak.Max(loggen.PeakMemory(func() { sum, err = ix.Update(context.Background(), roots, nil) }))
		if err != nil || sum.Read != tr.Sessions || sum.Failed != 0 {
			b.Fatalf("%+v %v", sum, err)
		}
		text = sum.TextBytes
		ix.Close()
		disk = 0
		for _, name := range []string{index.FileName, index.FileName + "-wal"} {
			if info, err := os.Stat(filepath.Join(dir, name)); err == nil {
				disk += info.Size()
			}
		}
	}
	reportCPU(b, cpu)
	peak.Report(b)
	b.ReportMetric(float64(disk)/float64(tr.Bytes), "index/logs")
	b.ReportMetric(float64(tr.Bytes)/1e6, "MB-logs")
	b.ReportMetric(float64(text)/float64(tr.Bytes), "text/logs")
}

// What `deck ls` does with nothing changed, as a new process does it: the
// index opened, every log looked at and none read, the list read from the
// index.
func BenchmarkListUnchanged(b *testing.B) {
	tr, roots := benchTree(b)
	dir := filepath.Join(os.TempDir(), "deck-bench", fmt.Sprintf("index-v%d-%d", loggen.TreeVersion, tr.Sessions))
	listUnchanged(b, dir, tr, roots)
}

// The same at 100,000 sessions: a tree of tiny ones (a short turn each,
// laid out as the tree's), since what listing costs is their count.
func BenchmarkListUnchanged100k(b *testing.B) {
	tr, err := loggen.MakeTinyTree(filepath.Join(os.TempDir(), "deck-bench"), 100000)
	if err != nil {
		b.Fatal(err)
	}
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: tr.Harness}, {Agent: catalog.AgentClaude, Dir: tr.Claude}, {Agent: catalog.AgentCodex, Dir: tr.Codex}}
	listUnchanged(b, filepath.Join(os.TempDir(), "deck-bench", fmt.Sprintf("index-tiny-v%d-%d", loggen.TreeVersion, tr.Sessions)), tr, roots)
}

func listUnchanged(b *testing.B, dir string, tr loggen.Tree, roots []catalog.Root) {
	ix, err := index.Open(dir)
	if err != nil {
		b.Fatal(err)
	}
	_, err = ix.Update(context.Background(), roots, nil)
	ix.Close()
	if err != nil {
		b.Fatal(err)
	}
	cpu := cpuTime()
	for b.Loop() {
		ix, err := index.Open(dir)
		if err != nil {
			b.Fatal(err)
		}
		sum, err := ix.Update(context.Background(), roots, nil)
		if err != nil || sum.Read != 0 {
			b.Fatalf("%+v %v", sum, err)
		}
		list, err := ix.Sessions(context.Background())
		if err != nil || len(list) != tr.Sessions {
			b.Fatalf("%d sessions, %v", len(list), err)
		}
		ix.Close()
	}
	reportCPU(b, cpu)
}

// A query's first page (50 hits, or all there are): a rare word, planted
// in two prompts (in one of the tree of 10,000: its harness session n/3
// is another agent's); a word in most sessions; a 3-character substring;
// two characters, rare and common, asked as a prefix; one character,
// which nothing filters; a regular expression. Each query is timed on
// its own: the median and the 99th percentile.
func BenchmarkSearch(b *testing.B) {
	ix, _, _ := benchIndex(b)
	for _, c := range []struct{ name, query string }{
		{"word", loggen.Planted},
		{"common-word", "exported"},
		{"substring3", "kka"},
		{"substring2", "qz"},
		{"substring2-common", "er"},
		{"letter", "q"},
		{"regexp", `\func \w+Addr`},
	} {
		b.Run(c.name, func(b *testing.B) {
			var times []time.Duration
			hits := 0
			for b.Loop() {
				start := time.Now()
				hits = 0
				err := ix.Search(context.Background(), index.Query{Text: c.query, Limit: 50}, func(index.Hit) bool { hits++; return true })
				times = append(times, time.Since(start))
				if err != nil {
					b.Fatal(err)
				}
			}
			reportTimes(b, times)
			b.ReportMetric(float64(hits), "hits")
		})
	}
}

// Re-indexing after one session grew by 1 MB: the append read and its
// new entries written (the log is put back after each, not timed).
func BenchmarkAppendOneMB(b *testing.B) {
	ix, tr, roots := benchIndex(b)
	var path string
	for _, p := range tr.Paths {
		if strings.HasSuffix(p, "session.jsonl") {
			path = p
		}
	}
	info, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	orig, _ := os.ReadFile(path)
	growth, err := loggen.Turns(1<<20, 1000)
	if err != nil {
		b.Fatal(err)
	}
	var times []time.Duration
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		os.WriteFile(path, orig, 0o644)
		os.Chtimes(path, info.ModTime(), info.ModTime())
		if _, err := ix.Update(context.Background(), roots, nil); err != nil {
			b.Fatal(err)
		}
		appendTo(b, path, string(growth), time.Hour)
		b.StartTimer()
		start, c := time.Now(), cpuTime()
		var sum index.Summary
		// labelled, so a -cpuprofile's timed part is -tagfocus=timed
		pprof.Do(context.Background(), pprof.Labels("timed", "append"), func(ctx context.Context) { sum, err = ix.Update(ctx, roots, nil) })
		times, cpu = append(times, time.Since(start)), cpu+cpuTime()-c
		if err != nil || sum.Read != 1 || sum.Rewritten != 0 {
			b.Fatalf("%+v %v", sum, err)
		}
	}
	b.StopTimer()
	os.WriteFile(path, orig, 0o644)
	os.Chtimes(path, info.ModTime(), info.ModTime())
	ix.Update(context.Background(), roots, nil)
	reportTimes(b, times)
	b.ReportMetric(float64(cpu)/float64(time.Millisecond)/float64(len(times)), "cpu-ms/op")
}

// reportCPU reports the processor time per run since cpu, of all the
// cores together.
func reportCPU(b *testing.B, cpu time.Duration) {
	b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// reportTimes reports the median and the 99th percentile of timed runs.
func reportTimes(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "ms-median")
	b.ReportMetric(ms(times[min(len(times)-1, len(times)*99/100)]), "ms-p99")
}
