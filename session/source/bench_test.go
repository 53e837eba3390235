package source_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/source"
)

// benchSizes are the generated session sizes the benchmarks run on, so the
// growth with size shows.
var benchSizes = []int64{1 << 20, 10 << 20, 100 << 20}

// benchLog returns a generated log of the given size (made once per machine).
func benchLog(b *testing.B, size int64, zstdFrames bool) []byte {
	b.Helper()
	path, err := loggen.File(filepath.Join(os.TempDir(), "deck-bench"), size, zstdFrames)
	if err != nil {
		b.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return data
}

// Decoding a log into the session model: MB/s of JSONL (for zstd, of the
// JSONL it holds, so the two compare).
func BenchmarkDecode(b *testing.B) {
	for _, size := range benchSizes {
		for _, z := range []bool{false, true} {
			name := fmt.Sprintf("%dMB/plain", size>>20)
			if z {
				name = fmt.Sprintf("%dMB/zstd", size>>20)
			}
			b.Run(name, func(b *testing.B) {
				data := benchLog(b, size, z)
				plain := int64(len(data))
				if z {
					plain = int64(len(benchLog(b, size, false)))
				}
				b.SetBytes(plain)
				b.ReportAllocs()
				b.ResetTimer()
				cpu := cpuTime()
				for b.Loop() {
					s, _ := source.ReadAll(bytes.NewReader(data))
					if !s.Account.Balanced() || s.NoticeCount() != 0 {
						b.Fatalf("the generated log read with %d notices", s.NoticeCount())
					}
				}
				b.ReportMetric(float64(cpuTime()-cpu)/1e6/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
