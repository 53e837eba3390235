package main

import (
	"bytes"
	"os"
	"strings"
	"testing"
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
