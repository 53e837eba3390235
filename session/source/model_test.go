package source_test

import (
	"bytes"
	"crypto/sha256"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

var update = flag.Bool("update", false, "rewrite testdata/models.txt")

// Making decoding faster must not change what it decodes: every log under
// golden/testdata decodes into the same model, byte for byte, as when
// testdata/models.txt was written (each line a file and the SHA-256 of its
// model's dump). Rewrite it only for a change that means to change models,
// and say which and why.
func TestModelsUnchanged(t *testing.T) {
	var got bytes.Buffer
	for _, path := range testdataLogs(t) {
		s, _ := source.Open(path)
		var dump bytes.Buffer
		sessiontest.Dump(&dump, s)
		// the checkout's place is in paths and notices: a model is the same wherever it is
		model := bytes.ReplaceAll(dump.Bytes(), []byte(sessiontest.Testdata), []byte("TESTDATA"))
		rel, _ := filepath.Rel(sessiontest.Testdata, path)
		fmt.Fprintf(&got, "%x %s\n", sha256.Sum256(model), filepath.ToSlash(rel))
	}
	const golden = "testdata/models.txt"
	if *update {
		if err := os.WriteFile(golden, got.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := string(sessiontest.ReadFile(t, golden))
	if got.String() == want {
		return
	}
	wantLines := strings.Split(want, "\n")
	for i, line := range strings.Split(got.String(), "\n") {
		if i >= len(wantLines) || line != wantLines[i] {
			t.Errorf("the model changed: %s (was %s)", line, wantLines[min(i, len(wantLines)-1)])
		}
	}
}

// Lines decoded on every core (a large Write) make the same model as lines
// decoded one at a time (small Writes), and as a log fed as it grows: the
// corpus, every fixture and a generated session, whose large lines take the
// parallel path.
func TestParallelDecodingIsSequentialDecoding(t *testing.T) {
	paths := testdataLogs(t)
	gen, err := loggen.File(t.TempDir(), 1<<20, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range append(paths, gen) {
		data := sessiontest.ReadFile(t, path)
		whole, _ := source.ReadAll(bytes.NewReader(data))
		var a, b bytes.Buffer
		sessiontest.Dump(&a, whole)
		sessiontest.Dump(&b, sessiontest.ReadBytes(data, 4096))
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Errorf("%s: read whole and read 4 KiB at a time, the models differ", path)
		}
	}
}

// testdataLogs is every log the golden tests read: the fixtures, the
// corpus, the harness's scenarios and live logs, the generations.
func testdataLogs(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(sessiontest.Testdata, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && (strings.HasPrefix(e.Name(), "Test") || e.Name() == "fuzz") {
			return filepath.SkipDir // goldens and fuzz inputs
		}
		if !e.IsDir() && (strings.HasSuffix(path, ".jsonl") || strings.HasSuffix(path, ".zstd") || strings.HasSuffix(path, ".json")) {
			out = append(out, path)
		}
		return nil
	})
	if err != nil || len(out) < 100 {
		t.Fatalf("found %d logs under %s: %v", len(out), sessiontest.Testdata, err)
	}
	return out
}
