package copilot

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// folder writes a session folder holding events.jsonl and, when yaml is
// not nil, workspace.yaml; it returns the log's path.
func folder(t *testing.T, yaml []byte) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "5d2e8f1a")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(dir, "events.jsonl")
	if err := os.WriteFile(log, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if yaml != nil {
		if err := os.WriteFile(filepath.Join(dir, "workspace.yaml"), yaml, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return log
}

// The name titles a session; an older release's summary does when there is
// no name; quoted values are read as YAML reads them.
func TestWorkspaceTitle(t *testing.T) {
	for _, c := range []struct{ yaml, title, cwd string }{
		{"id: x\ncwd: /work/a\nsummary: Older summary\nname: Given name\nuser_named: true\n", "Given name", "/work/a"},
		{"id: x\ncwd: /work/a\nsummary: Older summary\n", "Older summary", "/work/a"},
		{"name: \"  \"\nsummary: 'It''s quoted: yes'\n", "It's quoted: yes", ""},
		{"name: \"tab\\there\"\n", "tab\there", ""},
		{"cwd: /work/b\n", "", "/work/b"},
		{"- a list, not a mapping\n", "", ""},
		{"name: [unclosed\n", "", ""},
	} {
		w := WorkspaceOf(folder(t, []byte(c.yaml)))
		if w.Title() != c.title || w.Cwd != c.cwd {
			t.Errorf("%q: title %q cwd %q, want %q %q", c.yaml, w.Title(), w.Cwd, c.title, c.cwd)
		}
	}
}

// Nothing is read for a log that is no session folder's (an older
// release's flat <id>.jsonl), nor from a workspace.yaml that is missing
// or no regular file (a named pipe would never end).
func TestWorkspaceReadOnlyFromAFile(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "workspace.yaml"), []byte("name: not this one\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if w := WorkspaceOf(filepath.Join(dir, "5d2e8f1a.jsonl")); w != (Workspace{}) {
		t.Errorf("a flat log took %+v", w)
	}
	if w := WorkspaceOf(folder(t, nil)); w != (Workspace{}) {
		t.Errorf("no workspace.yaml: %+v", w)
	}
	pipe := folder(t, nil)
	if err := syscall.Mkfifo(filepath.Join(filepath.Dir(pipe), "workspace.yaml"), 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if w := WorkspaceOf(pipe); w != (Workspace{}) { // a blocking open would hang here
		t.Errorf("a named pipe: %+v", w)
	}
	sub := folder(t, nil)
	if err := os.Mkdir(filepath.Join(filepath.Dir(sub), "workspace.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	if w := WorkspaceOf(sub); w != (Workspace{}) {
		t.Errorf("a folder: %+v", w)
	}
}

// Only the first megabyte is read: a name past it is not seen.
func TestWorkspaceReadIsCapped(t *testing.T) {
	huge := "cwd: /work/a\n" + strings.Repeat("# padding\n", maxWorkspaceBytes/10+1) + "name: past the cap\n"
	if w := WorkspaceOf(folder(t, []byte(huge))); w.Title() != "" {
		t.Errorf("read past %d bytes: %+v", maxWorkspaceBytes, w)
	}
	small := "cwd: /work/a\n" + strings.Repeat("# padding\n", 10) + "name: within the cap\n"
	if w := WorkspaceOf(folder(t, []byte(small))); w.Title() != "within the cap" {
		t.Errorf("within the cap: %+v", w)
	}
}
