package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists Cursor CLI's transcripts laid out as Cursor CLI lays them
// out, from the index and without it alike: each with its title (the
// person's first words), its file's time (the transcripts record none),
// the folder its project's name stands for (none when that folder is
// gone) and its transcript; its subagents' transcripts not on their own.
// deck search --agent cursor finds their text.
func TestListCursorTranscripts(t *testing.T) {
	home := emptyHome(t)
	want := catalogtest.CursorHome(t, home)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || len(rows) != len(want) {
			t.Fatalf("%v: exit %d, %d rows:\n%s%s", args, code, len(rows), out, errOut)
		}
		for i, r := range rows {
			f := strings.Split(r, "\t")
			w := want[i]
			if len(f) != 7 || f[0] != w.Started.Local().Format("2006-01-02T15:04:05Z07:00") || f[1] != "Cursor CLI" || f[4] != w.Path || f[5] != w.Cwd || f[6] != w.Title {
				t.Errorf("%v: row %q; want %+v", args, f, w)
			}
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "cursor", "--no-index", "expects 5 retries")
	if code != exitOK || !strings.Contains(out, "3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f.jsonl") {
		t.Errorf("search --agent cursor: exit %d\n%s", code, out)
	}
}
