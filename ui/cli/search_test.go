package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"
	"github.com/go-json-experiment/json"
)

// searchHome is a home of a harness session and a Codex session, a word
// planted in the harness session's prompt.
func searchHome(t *testing.T) string {
	home := emptyHome(t)
	place(t, home, "golden/testdata/corpus/codex/madshn_localpush__rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl",
		".codex/sessions/2026/02/23/rollout-2026-02-23T13-19-38-019c8a70-dda7-7f33-98ea-f30553347322.jsonl", time.Hour)
	dst := filepath.Join(home, ".dsh/sessions/--w--/s1/session.jsonl")
	os.MkdirAll(filepath.Dir(dst), 0o755)
	log := `{"type":"session","version":0,"id":"s1","createdAt":1,"cwd":"/w","delegationDepth":0}
{"seq":1,"time":2,"type":"turn/start","data":{"turn":1}}
{"seq":2,"time":3,"type":"user/message","data":{"content":[{"type":"text","text":"fix the wombatcase\tbug \u001b]0;pwned\u0007 now"}],"source":{"kind":"user"},"role":"user","id":"u1"},"surfaceOp":"append"}
`
	if err := os.WriteFile(dst, []byte(log), 0o644); err != nil {
		t.Fatal(err)
	}
	when := time.Now().Add(-2 * time.Hour)
	os.Chtimes(dst, when, when)
	return home
}

// Piped, a hit is a line of tab-separated fields: path, agent, turn,
// entry, kind, snippet, made safe (a log's escape sequence never reaches
// stdout), then nested (0) and subagent (empty) for a hit in a card's own
// text; exit 0.
func TestSearchForAScript(t *testing.T) {
	home := searchHome(t)
	code, out, errOut := deck(t, "", "search", "wombat")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
	if len(f) != 8 || f[6] != "0" || f[7] != "" || f[0] != filepath.Join(home, ".dsh/sessions/--w--/s1/session.jsonl") || f[1] != "deepseek-harness" ||
		f[2] != "1" || f[3] != "1" || f[4] != "prompt" || !strings.Contains(f[5], "wombatcase bug") {
		t.Fatalf("the hit: %q", out)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("an escape sequence reached stdout: %q", out)
	}
}

// No hit: exit 1, nothing on stdout or stderr, as grep.
func TestSearchWithNoHit(t *testing.T) {
	searchHome(t)
	code, out, errOut := deck(t, "", "search", "no such words anywhere")
	if code != exitInput || out != "" || errOut != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// --json is JSON Lines: one object a hit, each line whole, its text made
// safe by escapes.
func TestSearchJSONLines(t *testing.T) {
	searchHome(t)
	code, out, _ := deck(t, "", "search", "--json", "e")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitOK || len(lines) < 3 {
		t.Fatalf("exit %d, %d lines", code, len(lines))
	}
	for _, l := range lines {
		var hit struct {
			Path    string `json:"path"`
			Agent   string `json:"agent"`
			Kind    string `json:"kind"`
			Snippet string `json:"snippet"`
			Match   string `json:"match"`
			Turn    *int   `json:"turn"`
			Entry   *int   `json:"entry"`
		}
		if err := json.Unmarshal([]byte(l), &hit); err != nil {
			t.Fatalf("%v: %q", err, l)
		}
		if hit.Path == "" || hit.Agent == "" || hit.Kind == "" || hit.Turn == nil || hit.Entry == nil || !strings.Contains(strings.ToLower(hit.Match), "e") {
			t.Errorf("a hit lacks a field: %q", l)
		}
		if strings.ContainsAny(l, "\x1b\x07") {
			t.Errorf("a raw control character: %q", l)
		}
	}
}

// The filters and the limit; --no-index finds the same by reading the logs.
func TestSearchFlags(t *testing.T) {
	searchHome(t)
	count := func(args ...string) int {
		code, out, errOut := deck(t, "", append([]string{"search"}, args...)...)
		if code == exitUsage {
			t.Fatalf("%v: %s", args, errOut)
		}
		if out == "" {
			return 0
		}
		return strings.Count(out, "\n")
	}
	all := count("--limit", "0", "e")
	if all < 5 {
		t.Fatalf("%d hits of e", all)
	}
	for _, c := range []struct {
		args []string
		want func(n int) bool
	}{
		{[]string{"--limit", "2", "e"}, func(n int) bool { return n == 2 }},
		{[]string{"--agent", "harness", "--limit", "0", "e"}, func(n int) bool { return n == 1 }},
		{[]string{"--kind", "prompt,reply", "--limit", "0", "e"}, func(n int) bool { return n > 0 && n < all }},
		{[]string{"--cwd", "/w", "--limit", "0", "e"}, func(n int) bool { return n == 1 }},
		{[]string{"--since", "90m", "--limit", "0", "e"}, func(n int) bool { return n > 0 && n < all }},
		{[]string{"--until", "2026-01-01", "--limit", "0", "e"}, func(n int) bool { return n == 1 }}, // the Codex session began in February
		{[]string{"--no-index", "--limit", "0", "e"}, func(n int) bool { return n == all }},
		{[]string{"WOMBAT"}, func(n int) bool { return n == 0 }}, // a capital: exactly
	} {
		if n := count(c.args...); !c.want(n) {
			t.Errorf("%v: %d hits (of %d)", c.args, n, all)
		}
	}
}

// A bad flag or query is a usage error: exit 2.
func TestSearchUsage(t *testing.T) {
	searchHome(t)
	for _, args := range [][]string{
		{"search"}, {"search", "a", "b"}, {"search", `\(`}, {"search", "--kind", "nope", "x"},
		{"search", "--since", "yesterday", "x"}, {"search", "--limit", "-1", "x"}, {"search", "--agent", "gpt", "x"},
		{"search", ""},
	} {
		if code, out, errOut := deck(t, "", args...); code != exitUsage || out != "" || errOut == "" {
			t.Errorf("%q: exit %d, %q, %q", args, code, out, errOut)
		}
	}
}

// A cache folder deck cannot write: deck ls and deck search work without
// the index, and say so once.
func TestNoIndexWhereTheCacheCannotBeWritten(t *testing.T) {
	searchHome(t)
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o600)
	t.Setenv("XDG_CACHE_HOME", blocker) // deck's folder would be under a file
	for _, args := range [][]string{{"ls"}, {"search", "wombat"}} {
		code, out, errOut := deck(t, "", args...)
		if code != exitOK || out == "" || strings.Count(errOut, "working without the index") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	if code, _, errOut := deck(t, "", "--no-index", "ls"); code != exitOK || errOut != "" {
		t.Errorf("--no-index ls: exit %d, %q", code, errOut)
	}
}

// deck index reads what changed and says so; --status says what it
// holds; --rebuild reads every log again.
func TestIndexCommand(t *testing.T) {
	home := searchHome(t)
	code, out, errOut := deck(t, "", "index")
	if code != exitOK || !strings.HasPrefix(out, "2 sessions; read 2 ") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	if _, out, _ = deck(t, "", "index"); !strings.HasPrefix(out, "2 sessions; read 0 ") {
		t.Errorf("again: %q", out)
	}
	if _, out, _ = deck(t, "", "index", "--rebuild"); !strings.HasPrefix(out, "2 sessions; read 2 ") {
		t.Errorf("--rebuild: %q", out)
	}
	_, out, _ = deck(t, "", "index", "--status")
	for _, want := range []string{"sessions  2\n", filepath.Join(home, ".cache/deck/index.db"), "on disk", "updated"} {
		if !strings.Contains(out, want) {
			t.Errorf("--status lacks %q:\n%s", want, out)
		}
	}
	if code, _, _ := deck(t, "", "--no-index", "index"); code != exitUsage {
		t.Errorf("--no-index index: exit %d", code)
	}
}

// In a terminal: the session's line (title · agent · when), then the hit's
// (its turn, kind and snippet, the match highlighted), all made safe.
func TestSearchInATerminal(t *testing.T) {
	searchHome(t)
	t.Setenv("COLORTERM", "truecolor")
	t.Setenv("NO_COLOR", "")
	code, shown := searchOnATerminal(t, 80, "wombat")
	plain := ansi.Strip(shown)
	if code != exitOK || !strings.Contains(plain, " · deepseek-harness · ") || !strings.Contains(plain, "turn 1 · prompt  fix the wombatcase bug") {
		t.Fatalf("exit %d:\n%s", code, plain)
	}
	if !strings.Contains(shown, "wombat\x1b[") {
		t.Errorf("the match is not highlighted: %q", shown)
	}
}

// searchOnATerminal runs deck search for query with a terminal of cols
// columns as its stdout, and returns its exit code and what the terminal
// was sent, failing if a log's escape sequence is among it.
func searchOnATerminal(t *testing.T, cols uint16, query string) (int, string) {
	t.Helper()
	screen, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	defer screen.Close()
	pty.Setsize(tty, &pty.Winsize{Rows: 24, Cols: cols})
	var shown bytes.Buffer
	copied := make(chan struct{})
	go func() { io.Copy(&shown, screen); close(copied) }()
	code := Main(context.Background(), []string{"search", query}, tty, tty, io.Discard)
	tty.Close()
	<-copied
	if strings.Contains(shown.String(), "\x1b]0;") || strings.Contains(shown.String(), "\a") {
		t.Errorf("the log's escape sequence reached the terminal: %q", shown.String())
	}
	return code, shown.String()
}
