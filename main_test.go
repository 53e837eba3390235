package main

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/golden/loggen"
)

func deck(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestRenderAFileAFolderAndStdin(t *testing.T) {
	const dir = "golden/testdata/harness/fs-read"
	log, err := os.ReadFile(dir + "/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	_, fromFile, _ := deck(t, "", "render", dir+"/session.jsonl", "--width", "80", "--color", "never")
	_, fromDir, _ := deck(t, "", "render", dir, "--width=80", "--color=never")
	_, fromStdin, _ := deck(t, string(log), "render", "-", "--width", "80", "--color", "never")
	_, piped, _ := deck(t, string(log), "render", "--width", "80", "--color", "never")
	if !strings.Contains(fromFile, "✓ Read greeting.txt") || fromFile != fromDir || fromFile != fromStdin || fromFile != piped {
		t.Fatalf("file, folder and stdin differ:\n%s\n---\n%s\n---\n%s", fromFile, fromDir, fromStdin)
	}
	if strings.ContainsRune(fromFile, 0x1B) {
		t.Error("--color never printed an escape byte")
	}
	_, colored, _ := deck(t, "", "render", dir, "--width", "80", "--color", "always")
	if !strings.Contains(colored, "\x1b[") {
		t.Error("--color always printed no colour")
	}
}

func TestNoArgumentsShowTheDemo(t *testing.T) {
	code, out, _ := deck(t, "this is not a log")
	if code != exitOK || !strings.Contains(out, "Fix /healthz 500 without config.yaml") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, card := range []string{"✓ Read server/health.go", "✓ Edit server/health.go", "✗ $ go test ./...", "✓ Grep healthz", "✓ Glob", "HTTP 200", "3 sources", "mcp__linear__create_issue", "FS_NOT_FOUND", "new file"} {
		if !strings.Contains(out, card) {
			t.Errorf("the demo lacks %q", card)
		}
	}
}

func TestErrorsNameTheFileAndExitNonZero(t *testing.T) {
	code, _, errOut := deck(t, "", "render", "no/such/session.jsonl")
	if code != exitInput || !strings.Contains(errOut, "no/such/session.jsonl") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, _, errOut = deck(t, "", "render", "golden")
	if code != exitInput || !strings.Contains(errOut, "golden is a folder with no session log in it") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"render", "--width", "0"}, {"render", "--color", "sometimes"}, {"render", "--theme", "pink"}, {"render", "--frob"}, {"render", "a", "b"}, {"--frob"}, {"a", "b"}} {
		if code, _, _ := deck(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// A partly bad file still renders, with its notices in place and a count of
// them on stderr.
func TestPartlyBadFileRendersWithNotices(t *testing.T) {
	code, out, errOut := deck(t, "", "render", "golden/testdata/fixtures/bad-json.jsonl", "--color", "never")
	if code != exitOK || !strings.Contains(out, "! line 5: not JSON") || !strings.Contains(out, "› the last line has no newline") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	if !strings.Contains(errOut, "6 notices") {
		t.Errorf("stderr: %q", errOut)
	}
}

// deck ls, not in a terminal, prints one tab-separated row per session of
// every agent, newest first, with its agent, size and path.
func TestListSessionsForAScript(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, env := range []string{"DSH_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME"} {
		t.Setenv(env, "")
	}
	place := func(src, dst string, age time.Duration) int64 {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst = filepath.Join(home, dst)
		os.MkdirAll(filepath.Dir(dst), 0o755)
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		os.Chtimes(dst, when, when)
		return int64(len(data))
	}
	harness := place("golden/testdata/harness/fs-read/session.jsonl", ".dsh/sessions/--w--/s1/session.jsonl", 2*time.Hour)
	codex := place("golden/testdata/corpus/codex/madshn_localpush__rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl",
		".codex/sessions/2026/02/23/rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl", time.Hour)
	code, out, errOut := deck(t, "", "ls")
	rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(rows) != 2 {
		t.Fatalf("exit %d, %d rows:\n%s%s", code, len(rows), out, errOut)
	}
	for i, want := range []struct {
		agent string
		size  int64
		path  string
	}{{"Codex", codex, "/.codex/sessions/2026/02/23/"}, {"deepseek-harness", harness, "/.dsh/sessions/--w--/s1/session.jsonl"}} {
		f := strings.Split(rows[i], "\t")
		if len(f) != 7 || f[1] != want.agent || f[2] != strconv.FormatInt(want.size, 10) || f[3] != "-" || !strings.Contains(f[4], want.path) {
			t.Errorf("row %d: %q", i, f)
		}
	}
	if code, _, _ := deck(t, "", "ls", "extra"); code != exitUsage {
		t.Errorf("ls with an argument exited %d", code)
	}
}

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
	filepath.WalkDir(filepath.Join(runtime.GOROOT(), "src"), func(path string, d fs.DirEntry, err error) error {
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

// deck attach to a host that is not there says so, and how to fix it,
// with exit code 1; a bad command line is exit code 2.
func TestAttachErrors(t *testing.T) {
	code, _, errOut := deck(t, "", "attach", "http://127.0.0.1:1")
	if code != exitInput || !strings.Contains(errOut, "http://127.0.0.1:1") || !strings.Contains(errOut, "dsh web") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, args := range [][]string{{"attach", "--frob"}, {"attach", "a", "b"}, {"attach", "ftp://host"}} {
		if code, _, errOut := deck(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
}
