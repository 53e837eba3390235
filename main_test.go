// The command line's tests are in ui/cli; these benchmarks time the whole
// process, built as a user builds it.
package main

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/golden/loggen"
)

// deckBinary builds deck once for the benchmarks that time the whole
// process, as a user runs it.
func deckBinary(b *testing.B) string {
	b.Helper()
	bin := filepath.Join(b.TempDir(), "deck")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("%v\n%s", err, out)
	}
	return bin
}

// readCardFile is the first 4,000 lines of the first Go source file in
// GOROOT that has that many, as a file, and as a session of one read of it.
func readCardFile(b *testing.B) (file, log string) {
	b.Helper()
	var text string
	filepath.WalkDir(filepath.Join(loggen.GoRoot(), "src"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || text != "" || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, _ := os.ReadFile(path)
		if lines := strings.SplitAfter(string(data), "\n"); len(lines) > 4000 {
			text = strings.Join(lines[:4000], "")
		}
		return nil
	})
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

// deck render of one read card of a 4,000-line Go file, against bat
// printing the same file with line numbers (when bat is installed).
func BenchmarkRenderReadCard(b *testing.B) {
	file, log := readCardFile(b)
	run := func(b *testing.B, name string, args ...string) {
		for b.Loop() {
			cmd := exec.Command(name, args...)
			cmd.Stdout = io.Discard
			if err := cmd.Run(); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.Run("deck", func(b *testing.B) {
		bin := deckBinary(b)
		run(b, bin, "render", log, "--color", "always", "--width", "120")
	})
	b.Run("batcat", func(b *testing.B) {
		bat, err := exec.LookPath("batcat")
		if err != nil {
			b.Skip("batcat is not installed (Debian's bat package)")
		}
		run(b, bat, "--color=always", "--style=numbers", "--paging=never", file)
	})
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
			for b.Loop() {
				cmd := exec.Command(bin, "render", log, "--color", "always", "--width", "120")
				cmd.Stdout = io.Discard
				start := time.Now()
				if err := cmd.Run(); err != nil {
					b.Fatal(err)
				}
				wall += time.Since(start)
				cpu += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
			}
			b.ReportMetric(float64(cpu)/float64(wall), "cores")
		})
	}
}
