package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists Copilot CLI's sessions laid out as Copilot CLI lays them
// out, from the index and without it alike: each with its title (the
// person's first words), when it started, the folder it ran in and its
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
