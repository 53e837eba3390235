package cli

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// emptyHome points every agent's folder at an empty home.
func emptyHome(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CACHE_HOME", filepath.Join(home, ".cache")) // the index of this home's sessions
	for _, env := range []string{"DSH_HOME", "CLAUDE_CONFIG_DIR", "CODEX_HOME", "GEMINI_CLI_HOME", "OPENCODE_DB", "XDG_DATA_HOME", "GROK_HOME", "AIDER_CHAT_HISTORY_FILE", "CRUSH_GLOBAL_DATA", "PI_CODING_AGENT_DIR", "COPILOT_HOME"} {
		t.Setenv(env, "")
	}
	return home
}

// place copies the log src to dst under home, last written age ago, and
// returns its size.
func place(t *testing.T, home, src, dst string, age time.Duration) int64 {
	t.Helper()
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

// deck ls, not in a terminal, prints one tab-separated row per session of
// every agent, newest first, with its agent, size and path.
func TestListSessionsForAScript(t *testing.T) {
	home := emptyHome(t)
	harness := place(t, home, "golden/testdata/harness/fs-read/session.jsonl", ".dsh/sessions/--w--/s1/session.jsonl", 2*time.Hour)
	codex := place(t, home, "golden/testdata/corpus/codex/madshn_localpush__rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl",
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

// With no sessions, deck ls says where it looked, and that is no error.
func TestListNoSessions(t *testing.T) {
	emptyHome(t)
	code, out, errOut := deck(t, "", "ls")
	if code != exitOK || out != "" || !strings.HasPrefix(errOut, "deck ls: no sessions in ~/.dsh/sessions, ") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
}

// With no session on disk, --last is an error of the command that asked
// (exit 1), piped or in a terminal, and so is a folder with no log.
func TestNoSessionIsAnError(t *testing.T) {
	emptyHome(t)
	for _, args := range [][]string{{"--last"}, {"render", "--last"}, {"stats", "--last"}, {"changes", "--last"}} {
		code, out, errOut := deck(t, "", args...)
		command := "deck"
		if args[0] != "--last" {
			command += " " + args[0]
		}
		if want := command + ": no sessions in ~/.dsh/sessions, ~/.claude/projects, ~/.codex/sessions, ~/.gemini/tmp, ~/.local/share/opencode, ~/.grok/sessions, ~/.local/share/crush, ~/.pi/agent/sessions, ~/.copilot/session-state, ~/.cursor/projects\n"; code != exitInput || errOut != want || out != "" {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", args, code, errOut, want)
		}
	}
	if code, errOut := deckInTerminal(t, "--last"); code != exitInput || !strings.Contains(errOut, "deck: no sessions in ~/.dsh/sessions") {
		t.Errorf("--last in a terminal: exit %d, %q", code, errOut)
	}
	empty := t.TempDir()
	if code, _, errOut := deck(t, "", empty); code != exitInput || !strings.HasPrefix(errOut, "deck: "+empty+" is a folder with no session log in it") {
		t.Errorf("an empty folder piped: exit %d, %q", code, errOut)
	}
}

// A failed write of what cobra prints itself (--version) is labelled deck's.
func TestAFailedVersionWriteIsLabelled(t *testing.T) {
	full, err := os.OpenFile("/dev/full", os.O_WRONLY, 0)
	if err != nil {
		t.Skip("no /dev/full")
	}
	defer full.Close()
	var errOut strings.Builder
	code := Main(context.Background(), []string{"--version"}, strings.NewReader(""), full, &errOut)
	if code != exitInput || !strings.HasPrefix(errOut.String(), "deck: ") {
		t.Errorf("exit %d, stderr %q", code, errOut.String())
	}
}
