package cli

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists Copilot CLI's sessions laid out as Copilot CLI lays them
// out, from the index and without it alike: each with its title (its
// workspace.yaml's name, else the person's first words), when it started, the folder it ran in and its
// log; the older flat log of a session that has a folder now not on its
// own. deck search --agent copilot finds their text.
func TestListCopilotSessions(t *testing.T) {
	home := emptyHome(t)
	want := catalogtest.CopilotHome(t, home)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || len(rows) != len(want) {
			t.Fatalf("%v: exit %d, %d rows:\n%s%s", args, code, len(rows), out, errOut)
		}
		for i, r := range rows {
			f := strings.Split(r, "\t")
			w := want[i]
			if len(f) != 7 || f[0] != w.Started.Local().Format("2006-01-02T15:04:05Z07:00") || f[1] != "Copilot CLI" || f[4] != w.Path || f[5] != w.Cwd || f[6] != w.Title {
				t.Errorf("%v: row %q; want %+v", args, f, w)
			}
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "copilot", "--no-index", "exponential backoff")
	if code != exitOK || !strings.Contains(out, "7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl") {
		t.Errorf("search --agent copilot: exit %d\n%s", code, out)
	}
}

// deck ls titles a renamed Copilot CLI session by the name its
// workspace.yaml gives it, the name's escapes made harmless, and lists it
// in the folder workspace.yaml says when its log says none.
func TestListCopilotSessionByItsName(t *testing.T) {
	home := emptyHome(t)
	const id = "5d2e8f1a-6b7c-4d9e-8f0a-1b2c3d4e5f60"
	for _, name := range []string{"events.jsonl", "workspace.yaml"} {
		catalogtest.CopyFile(t, "golden/testdata/copilot/.copilot/session-state/"+id+"/"+name, filepath.Join(home, ".copilot", "session-state", id, name), 1)
	}
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if code != exitOK || len(f) != 7 || f[5] != "/work/login" || !strings.HasPrefix(f[6], "Flaky login") || strings.ContainsAny(out, "\x1b\x07") {
			t.Errorf("%v: exit %d: %q%s", args, code, out, errOut)
		}
	}
}
