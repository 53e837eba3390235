package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
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
