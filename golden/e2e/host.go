//go:build e2e

// Package e2e runs the real deepseek-harness Web host (dsh) for tests, with
// the scripted model of scripted-llm.mjs in place of a real one. Its files
// build only with the tag e2e; `make e2e` installs the host and runs them.
// README.md says what the host needs and what the script does.
package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// What the scripted model does, as tests see it. scripted-llm.mjs is the
// source of truth; the smoke test checks these against the running host.
const (
	// TurnPrompt runs the whole script in one turn: read WorkspaceFile, a
	// bash call that waits for approval, ask_user_question, then FinalText.
	TurnPrompt = "ESCALATE ASK: read hello.txt, run a command, then ask me."
	// SlowPrompt streams text deltas for 20 s, long enough to cancel.
	SlowPrompt = "SLOW: keep talking until I stop you."
	// FinalText is the model's text after the last tool result.
	FinalText = "All steps done."
	// QuestionID is the id of the one question ASK asks; its option labels
	// are "Safe" and "Fast".
	QuestionID = "mode"

	// WorkspaceFile, with WorkspaceText in it, sits in the host's cwd, which
	// is the workspace a session gets when session.create names no cwd.
	WorkspaceFile = "hello.txt"
	WorkspaceText = "Hello from the e2e workspace.\n"
)

// startTimeout bounds the wait for the host's "listening" line (about 2 s
// here); it is a failure bound, not a speed test.
const startTimeout = 90 * time.Second

// stopTimeout is how long the host gets to exit after SIGTERM.
const stopTimeout = 10 * time.Second

var (
	setupOnce sync.Once
	setupOut  []byte
	setupErr  error
)

// StartHost starts a fresh host for t and returns its base URL, e.g.
// http://127.0.0.1:41234. The host has its own empty DSH_HOME and workspace
// under t.TempDir(), listens on a free loopback port, and is stopped when t
// ends (its log is shown if t failed). The first call in a process runs
// ./setup, which installs the host if it is missing (network, ~1-2 min) and
// is quick otherwise.
func StartHost(t testing.TB) string {
	t.Helper()
	src := sourceDir(t)
	ranSetup := false
	setupOnce.Do(func() {
		ranSetup = true
		setupOut, setupErr = exec.Command(filepath.Join(src, "setup")).CombinedOutput()
	})
	if setupErr != nil {
		t.Fatalf("e2e setup failed: %v\n%s", setupErr, setupOut)
	}
	if ranSetup {
		t.Logf("%s", setupOut) // what it installed, if anything
	}
	cache := cacheDir(t)

	root := t.TempDir()
	home, work := filepath.Join(root, "home"), filepath.Join(root, "work")
	for _, dir := range []string{home, work} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(work, WorkspaceFile), []byte(WorkspaceText), 0o644); err != nil {
		t.Fatal(err)
	}
	patch := writePatch(t, src, root)

	cmd := exec.Command(filepath.Join(cache, "dsh", "node_modules", ".bin", "dsh"),
		"--profile", "web", "--patch", patch,
		"--no-open", "--host", "127.0.0.1", "--port", "0")
	cmd.Dir = work // the host's default workspace is its cwd
	cmd.Env = hostEnv(home, filepath.Join(cache, "node22", "node_modules", ".bin"))
	// Its own process group, so a host that ignores SIGTERM can be killed
	// with whatever it started.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	log := newHostLog()
	cmd.Stdout, cmd.Stderr = log, log
	cmd.WaitDelay = stopTimeout
	started := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatalf("start host: %v", err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		stop(t, cmd.Process.Pid, exited)
		if t.Failed() {
			t.Logf("host log:\n%s", log)
		}
	})

	select {
	case url := <-log.ready:
		t.Logf("host listening at %s after %s (DSH_HOME and workspace in %s)", url, time.Since(started).Round(time.Millisecond), root)
		return url
	case <-exited:
		t.Fatalf("host exited before listening: %v (its log follows)", waitErr)
	case <-time.After(startTimeout):
		t.Fatalf("host not listening after %s (its log follows)", startTimeout)
	}
	return ""
}

// stop ends the host: SIGTERM to the node process (it exits in about 2 s),
// then SIGKILL to its process group if it is still there.
func stop(t testing.TB, pid int, exited <-chan struct{}) {
	select {
	case <-exited:
		return // already reaped: its pid may belong to someone else now
	default:
	}
	_ = syscall.Kill(pid, syscall.SIGTERM)
	select {
	case <-exited:
		return
	case <-time.After(stopTimeout):
	}
	t.Errorf("host ignored SIGTERM for %s; killing it", stopTimeout)
	_ = syscall.Kill(-pid, syscall.SIGKILL)
	<-exited
}

// sourceDir is this package's directory, where setup, the plugin and the
// patch live; tests of any package run with the source tree at hand.
func sourceDir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		t.Fatalf("cannot locate golden/e2e from %q (built with -trimpath?)", file)
	}
	return filepath.Dir(file)
}

// cacheDir is where setup installed the host: the same rule as setup's.
func cacheDir(t testing.TB) string {
	if dir := os.Getenv("DECK_E2E_CACHE"); dir != "" {
		return dir
	}
	home, err := os.UserHomeDir()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(home, ".cache", "deck-e2e")
}

// writePatch writes patch.yml into dir with the plugin's absolute path
// filled in (the launcher resolves plugin names against its profile, not
// against the patch file) and returns the copy's path.
func writePatch(t testing.TB, src, dir string) string {
	template, err := os.ReadFile(filepath.Join(src, "patch.yml"))
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(template), "@SCRIPTED_LLM@", filepath.Join(src, "scripted-llm.mjs"))
	path := filepath.Join(dir, "patch.yml")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// hostEnv is this process's environment with Node 22 first in PATH (the
// dsh launcher is `#!/usr/bin/env node`), the test's DSH_HOME, and no other
// DSH_ variable: DSH_PERMISSION_MODE, for one, would turn approvals off.
func hostEnv(home, nodeBin string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "DSH_") || strings.HasPrefix(kv, "PATH=") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "DSH_HOME="+home, "PATH="+nodeBin+string(os.PathListSeparator)+os.Getenv("PATH"))
}

// listening is the line the host prints once it accepts connections.
var listening = regexp.MustCompile(`dsh web: (http://127\.0\.0\.1:\d+)`)

// hostLog keeps everything the host prints and reports its URL, once, as
// soon as the listening line is complete.
type hostLog struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	seen  int // bytes of buf already searched, up to a line end
	found bool
	ready chan string
}

func newHostLog() *hostLog { return &hostLog{ready: make(chan string, 1)} }

func (l *hostLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.buf.Write(p)
	if l.found {
		return len(p), nil
	}
	tail := l.buf.Bytes()[l.seen:]
	end := bytes.LastIndexByte(tail, '\n')
	if end < 0 {
		return len(p), nil
	}
	if m := listening.FindSubmatch(tail[:end]); m != nil {
		l.found = true
		l.ready <- string(m[1])
	}
	l.seen += end + 1
	return len(p), nil
}

func (l *hostLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
