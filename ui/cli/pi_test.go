package cli

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// deck ls lists pi's sessions laid out as pi lays them out, from the
// index and without it alike: each with its title (its session_info name,
// else its first prompt), its start, its folder and its file; deck search
// --agent pi finds their words, on the branch drawn and not on another;
// deck stats says what pi records and what it does not.
func TestListPiSessions(t *testing.T) {
	home := emptyHome(t)
	logs, cwds := catalogtest.PiHome(t, home)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || len(rows) != len(logs) {
			t.Fatalf("%v: exit %d, %d rows:\n%s%s", args, code, len(rows), out, errOut)
		}
		for _, r := range rows {
			f := strings.Split(r, "\t")
			if len(f) != 7 || f[1] != "pi" || f[4] != logs[f[6]] || f[5] != cwds[f[6]] || f[0] == "-" {
				t.Errorf("%v: row %q", args, f)
			}
		}
	}
	fixture := logs["Retry fetchJSON with backoff"]
	code, out, _ := deck(t, "", "search", "--agent", "pi", "exponential backoff")
	if code != exitOK || !strings.Contains(out, fixture) {
		t.Errorf("search --agent pi: exit %d\n%s", code, out)
	}
	if code, out, _ := deck(t, "", "search", "--agent", "pi", "parsed JSON body"); code == exitOK || out != "" {
		t.Errorf("a reply of a branch not drawn was found: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "stats", fixture)
	if code != exitOK || !strings.Contains(out, "2 turns · steps 7") || !strings.Contains(out, "tool time 7.6s") || !strings.Contains(out, "first token not recorded") || !strings.Contains(out, "reasoning not recorded") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
}
