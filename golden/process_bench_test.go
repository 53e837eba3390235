// The command line's tests are in ui/cli; these benchmarks time the whole
// process, built as a user builds it.
package golden

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/deck-tui/deck/golden/loggen"
)

// deckBinary builds deck once for the benchmarks that time the whole
// process, as a user runs it.
func deckBinary(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "deck")
	if out, err := exec.Command("go", "build", "-o", bin, "..").CombinedOutput(); err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	return bin
}

// readCardFile is the first n lines of net/http/server.go (4,073 lines),
// repeated until there are n, as a file, and as a session of one read of it.
func readCardFile(b *testing.B, n int) (file, log string) {
	b.Helper()
	data, err := os.ReadFile(filepath.Join(loggen.GoRoot(), "src", "net", "http", "server.go"))
	if err != nil {
		b.Fatal(err)
	}
	src := strings.SplitAfter(strings.TrimSuffix(string(data), "\n")+"\n", "\n")
	src = src[:len(src)-1] // the empty string after the last newline
	var lines []string
	for len(lines) < n {
		lines = append(lines, src[:min(len(src), n-len(lines))]...)
	}
	text := strings.Join(lines, "")
	dir := b.TempDir()
	file, log = filepath.Join(dir, "big.go"), filepath.Join(dir, "session.jsonl")
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(log)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	if err := loggen.ReadSession(f, "big.go", text); err != nil {
		b.Fatal(err)
	}
	return file, log
}

// interleaved runs each command once an iteration, one after the other, so
// that a load on the machine falls on all of them alike, and reports each
// one's median in ms and, with ratio, the first's over the second's.
func interleaved(b *testing.B, ratio bool, cmds map[string][]string, order ...string) {
	times := map[string][]time.Duration{}
	for b.Loop() {
		for _, name := range order {
			cmd := exec.Command(cmds[name][0], cmds[name][1:]...)
			cmd.Stdout = io.Discard
			start := time.Now()
			if err := cmd.Run(); err != nil {
				b.Fatalf("%s: %v", name, err)
			}
			times[name] = append(times[name], time.Since(start))
		}
	}
	median := func(ds []time.Duration) float64 {
		slices.Sort(ds)
		return float64(ds[len(ds)/2]) / float64(time.Millisecond)
	}
	for _, name := range order {
		b.ReportMetric(median(times[name]), name+"-ms")
	}
	if ratio && len(order) == 2 {
		b.ReportMetric(median(times[order[0]])/median(times[order[1]]), "ratio")
	}
	b.ReportMetric(0, "ns/op") // the sum of all, which says nothing
}

// deck render of one read card of 1,000, 4,073 (net/http/server.go whole)
// and 20,000 lines of Go, and of 3 lines (a cold start), against bat
// printing the same file with line numbers, interleaved: ratio is deck's
// median over bat's. Without batcat (Debian's bat package), deck alone.
func BenchmarkRenderReadCard(b *testing.B) {
	bin := deckBinary(b)
	bat, batErr := exec.LookPath("batcat")
	for _, n := range []int{3, 1000, 4073, 20000} {
		b.Run(fmt.Sprintf("%dlines", n), func(b *testing.B) {
			file, log := readCardFile(b, n)
			cmds := map[string][]string{"deck": {bin, "render", log, "--color", "always", "--width", "120"}}
			order := []string{"deck"}
			if batErr == nil {
				cmds["batcat"] = []string{bat, "--color=always", "--style=numbers", "--paging=never", file}
				order = append(order, "batcat")
			}
			interleaved(b, true, cmds, order...)
		})
	}
}

// deck --help and deck ls on an empty home, whole process: a cold start.
func BenchmarkColdStart(b *testing.B) {
	bin := deckBinary(b)
	home := b.TempDir()
	b.Setenv("HOME", home)
	b.Setenv("XDG_CONFIG_HOME", filepath.Join(home, ".config"))
	b.Setenv("XDG_DATA_HOME", filepath.Join(home, ".local", "share"))
	interleaved(b, false, map[string][]string{"help": {bin, "--help"}, "ls": {bin, "ls"}}, "help", "ls")
}

// deck render of a whole generated session: the cores it keeps busy (CPU
// time over wall time) and its speed.
func BenchmarkRenderSession(b *testing.B) {
	for _, size := range []int64{1 << 20, 10 << 20, 100 << 20} {
		b.Run(fmt.Sprintf("%dMB", size>>20), func(b *testing.B) {
			log, err := loggen.File(filepath.Join(os.TempDir(), "deck-bench"), size, false)
			if err != nil {
				b.Fatal(err)
			}
			bin := deckBinary(b)
			b.SetBytes(size)
			var cpu, wall time.Duration
			var rss int64
			for b.Loop() {
				cmd := exec.Command(bin, "render", log, "--color", "always", "--width", "120")
				cmd.Stdout = io.Discard
				start := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				wall += time.Since(start)
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
				if u, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
					rss = max(rss, u.Maxrss) // KiB on Linux
				}
			}
			b.ReportMetric(float64(cpu)/float64(wall), "cores")
			b.ReportMetric(float64(rss)/1024, "MB-peak-rss")
		})
	}
}
