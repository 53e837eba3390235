package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls, run inside a project Aider worked in, lists its chat history,
// from the index and without it alike: its title (the first thing typed),
// its first run's start, its agent and version-less name, its folder (the
// project's) and its path; deck search --agent aider finds its words, and
// deck stats and deck changes read it. Outside the project it is not
// listed, and deck PATH opens it anywhere.
func TestListAiderHistory(t *testing.T) {
	home := emptyHome(t)
	history, inside := catalogtest.AiderProject(t, filepath.Join(home, "code"))
	t.Chdir(inside)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if code != exitOK || len(f) != 7 {
			t.Fatalf("%v: exit %d: %q %s", args, code, out, errOut)
		}
		if f[0] != "2025-05-04T17:02:36Z" || f[1] != "Aider" || f[4] != history || f[5] != filepath.Dir(history) || f[6] != "give me a quick summarized overview of this repo" {
			t.Errorf("%v: row %q", args, f)
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "aider", "--no-index", "nyancat")
	if code != exitOK || !strings.Contains(out, history) {
		t.Errorf("search --agent aider: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "stats", history)
	if code != exitOK || !strings.Contains(out, "input 148,200") || !strings.Contains(out, "steps not recorded") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "changes", history)
	if code != exitOK || !strings.Contains(out, "src/styles.css") {
		t.Errorf("changes: exit %d\n%s", code, out)
	}
	t.Chdir(home)
	if code, out, _ := deck(t, "", "ls"); code == exitOK && strings.Contains(out, "Aider") {
		t.Errorf("outside the project, deck ls lists it:\n%s", out)
	}
	if code, out, _ := deck(t, "", "render", "--width", "80", history); code != exitOK || !strings.Contains(out, "Aider v0.82.2") {
		t.Errorf("deck render PATH: exit %d\n%.300s", code, out)
	}
}
