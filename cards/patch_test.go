package cards

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A patch names a file inside the session's working directory relative to
// it (git apply refuses an absolute path), and one outside it as the log
// wrote it; a new file comes from /dev/null.
func TestPatchPathsAreRelativeToTheCwd(t *testing.T) {
	old := "x\n"
	for _, c := range []struct{ path, from, to string }{
		{"/w/app/lib/a.go", "--- a/lib/a.go\n", "+++ b/lib/a.go\n"},
		{"lib/a.go", "--- a/lib/a.go\n", "+++ b/lib/a.go\n"},
		{"/etc/hosts", "--- a//etc/hosts\n", "+++ b//etc/hosts\n"},
	} {
		p := Patch([]session.FileDiff{{Path: c.path, OldText: &old, NewText: "y\n"}}, nil, "/w/app")
		if !strings.HasPrefix(p, c.from+c.to) {
			t.Errorf("%s: %q, want it to begin %q", c.path, p, c.from+c.to)
		}
	}
	p := Patch([]session.FileDiff{{Path: "/w/app/n.go", NewText: "y\n"}}, nil, "/w/app")
	if !strings.HasPrefix(p, "--- /dev/null\n+++ b/n.go\n@@ -0,0 +1 @@\n+y\n") {
		t.Errorf("new file: %q", p)
	}
}

// A later hunk of a file is moved by the lines the earlier ones added and
// removed, a removed line that reads like a header ("-- a comment" is
// "--- a comment" in the patch) counted as any other.
func TestPatchMovesALaterHunkByTheEarlierOnes(t *testing.T) {
	first, second := "a\n-- a comment\nb\n", "p\n"
	p := Patch([]session.FileDiff{
		{Path: "q.sql", OldText: &first, NewText: "a\nb\n"},
		{Path: "q.sql", OldText: &second, NewText: "r\n"},
	}, []int{10, 40}, "")
	for _, want := range []string{"@@ -10,3 +10,2 @@\n a\n--- a comment\n b\n", "@@ -40 +39 @@\n-p\n+r\n"} {
		if !strings.Contains(p, want) {
			t.Errorf("no %q in:\n%s", want, p)
		}
	}
}

// A path is one line of the patch: a log's path holding a newline cannot
// add headers that make git apply write another file than the card names.
func TestPatchPathIsOneLine(t *testing.T) {
	old := "x\n"
	p := Patch([]session.FileDiff{{Path: "a.go\n+++ b/.bashrc\n@@ -0,0 +1 @@\n+evil", OldText: &old, NewText: "y\n"}}, nil, "")
	if strings.Count(p, "\n--- ")+strings.Count(p, "\n+++ ") != 1 || strings.Contains(p, "\n+evil") || strings.Count(p, "\n@@ ") != 1 {
		t.Errorf("the path made lines of its own:\n%s", p)
	}
}
