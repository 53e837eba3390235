package cli

import (
	"math"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

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
	_, short, _ := deck(t, "", "render", dir, "-w", "80", "--color", "never")
	if short != fromFile {
		t.Error("-w is not --width")
	}
}

// deck PATH, when stdout is no terminal, prints what deck render prints.
func TestViewerPrintsCardsWhenPiped(t *testing.T) {
	const dir = "golden/testdata/harness/fs-read"
	code, viewed, _ := deck(t, "", dir, "--no-follow")
	_, rendered, _ := deck(t, "", "render", dir)
	if code != exitOK || viewed != rendered || !strings.Contains(viewed, "✓ Read greeting.txt") {
		t.Fatalf("exit %d:\n%s\n---\n%s", code, viewed, rendered)
	}
	_, light, _ := deck(t, "", dir, "--theme", "light", "--no-follow")
	_, renderedLight, _ := deck(t, "", "render", dir, "--theme", "light")
	if light != renderedLight {
		t.Error("deck --theme light piped is not deck render --theme light")
	}
}

// Piped, deck takes render's printing flags, as it always did, and prints
// what render prints with them.
func TestViewerTakesRendersFlagsWhenPiped(t *testing.T) {
	const dir = "golden/testdata/harness/fs-read"
	for _, flags := range [][]string{
		{"--width", "60", "--collapse"},
		{"-w", "50", "--color", "always"},
		{"--format", "markdown"},
		{"--format", "plain", "--theme", "light"},
	} {
		code, viewed, _ := deck(t, "", append([]string{dir}, flags...)...)
		_, rendered, _ := deck(t, "", append([]string{"render", dir}, flags...)...)
		if code != exitOK || viewed != rendered || viewed == "" {
			t.Errorf("%v: exit %d, deck printed %d bytes, render %d", flags, code, len(viewed), len(rendered))
		}
	}
	if code, _, errOut := deck(t, "", dir, "--format", "html", "--color", "always"); code != exitUsage || !strings.HasPrefix(errOut, "deck: --color is for terminal output") {
		t.Errorf("--format html --color always: exit %d, %q", code, errOut)
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
	for _, args := range [][]string{{"--demo"}, {"render", "--demo"}} {
		if code, demo, _ := deck(t, "", args...); code != exitOK || demo != out {
			t.Errorf("%v: exit %d, or not the demo", args, code)
		}
	}
}

func TestErrorsNameTheFileAndExitNonZero(t *testing.T) {
	code, _, errOut := deck(t, "", "render", "no/such/session.jsonl")
	if code != exitInput || !strings.Contains(errOut, "no/such/session.jsonl") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "deck render: no/such/session.jsonl: no such file or directory\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	code, _, errOut = deck(t, "", "render", "golden")
	if code != exitInput || !strings.Contains(errOut, "golden is a folder with no session log in it") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	code, _, errOut = deck(t, "", "no/such/session.jsonl")
	if code != exitInput || errOut != "deck: no/such/session.jsonl: no such file or directory\n" {
		t.Errorf("deck PATH piped: exit %d: %q", code, errOut)
	}
	for _, args := range [][]string{{"render", "--width", "0"}, {"render", "--color", "sometimes"}, {"render", "--theme", "pink"}, {"render", "--frob"}, {"render", "a", "b"}, {"--frob"}, {"a", "b"}} {
		if code, _, _ := deck(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// A file that is no session log of any format is an error, exit 1, that
// names it; deck prints nothing of it.
func TestNotASessionLog(t *testing.T) {
	binary := filepath.Join(t.TempDir(), "deck.bin")
	if err := os.WriteFile(binary, []byte("\x7fELF\x00\x00\x00\x01\x02\x03\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"render", "README.md"}, `deck render: README.md is not a session log: line 1: not JSON: "# deck"`},
		{"", []string{"README.md"}, `deck: README.md is not a session log: line 1: not JSON: "# deck"`},
		{"# notes\nnot a log either\n", []string{"render"}, `deck render: stdin is not a session log: line 1: not JSON: "# notes"`},
		{"# notes\n", []string{"render", "-"}, `deck render: stdin is not a session log: line 1: not JSON: "# notes"`},
		{"# notes\n", []string{"-"}, `deck: stdin is not a session log: line 1: not JSON: "# notes"`},
		{"", []string{"render", binary}, "deck render: " + binary + ": this looks like a binary file, not a session log"},
		{"", []string{"changes", "README.md"}, `deck changes: README.md is not a session log: line 1: not JSON: "# deck"`},
		{"", []string{"stats", "README.md"}, `deck stats: README.md is not a session log: line 1: not JSON: "# deck"`},
		{"# notes\n", []string{"stats", "-"}, `deck stats: stdin is not a session log: line 1: not JSON: "# notes"`},
	} {
		code, out, errOut := deck(t, c.stdin, c.args...)
		if code != exitInput || !strings.HasPrefix(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q; want exit 1 and %q", c.args, code, len(out), errOut, c.want)
		}
		if strings.Contains(errOut, "--help") {
			t.Errorf("%v: a bad input is no usage error: %q", c.args, errOut)
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
	if want := "deck render: golden/testdata/fixtures/bad-json.jsonl: 6 notices (shown in place)\n"; errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
}

// deck render --last prints the newest session on disk; with none, it says
// where it looked.
func TestRenderTheLastSession(t *testing.T) {
	home := emptyHome(t)
	code, _, errOut := deck(t, "", "render", "--last")
	if code != exitInput || !strings.HasPrefix(errOut, "deck render: no sessions in ") {
		t.Fatalf("no sessions: exit %d: %q", code, errOut)
	}
	place(t, home, "golden/testdata/harness/fs-read/session.jsonl", ".dsh/sessions/--w--/s1/session.jsonl", 0)
	code, out, errOut := deck(t, "", "render", "--last", "--color", "never")
	if code != exitOK || !strings.Contains(out, "✓ Read greeting.txt") {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	if _, viewed, _ := deck(t, "", "--last", "--no-follow"); viewed != out {
		t.Error("deck --last piped is not deck render --last")
	}
}

// A render collects four times less often once its log is loaded (GOGC
// 400), within a soft limit of what the session holds and 64 MiB
// (collect_test.go: the limit follows the live heap up, from the room the log's size gives); with GOGC set,
// as the person running it said. A render puts the collector back as it
// was when it ends.
func TestRenderCollectsLessOften(t *testing.T) {
	gc, limit := debug.SetGCPercent(100), debug.SetMemoryLimit(math.MaxInt64)
	t.Cleanup(func() { debug.SetGCPercent(gc); debug.SetMemoryLimit(limit) })
	percent := func() int { p := debug.SetGCPercent(100); debug.SetGCPercent(p); return p }
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	restore := collectLess(0)
	if got := percent(); got != 400 {
		t.Errorf("GOGC during a render is %d, not 400", got)
	}
	if got := debug.SetMemoryLimit(-1); got < printHeadroom || got > printHeadroom+1<<30 {
		t.Errorf("memory limit %d, not what the session holds and %d", got, printHeadroom)
	}
	restore()
	if got, lim := percent(), debug.SetMemoryLimit(-1); got != 100 || lim != math.MaxInt64 {
		t.Errorf("after a render: GOGC %d, memory limit %d; before it 100 and none", got, lim)
	}
	const dir = "golden/testdata/harness/fs-read"
	deck(t, "", "render", dir, "--width", "80", "--color", "never")
	if got, lim := percent(), debug.SetMemoryLimit(-1); got != 100 || lim != math.MaxInt64 {
		t.Errorf("deck render left GOGC %d, memory limit %d", got, lim)
	}
	t.Setenv("GOGC", "100")
	restore = collectLess(0)
	if got := percent(); got != 100 {
		t.Errorf("with GOGC=100 set, a render ran at %d", got)
	}
	restore()
}
