package cli

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	_ "modernc.org/sqlite"
)

// deck ls lists Crush's sessions from each project's store, from the
// index and without it alike: each titled by Crush, started when the
// store says, in its project's folder, and the path that opens it; deck
// search --agent crush finds their words; deck stats says what the store
// does not record.
func TestListCrushSessions(t *testing.T) {
	home := emptyHome(t)
	store, project := catalogtest.CrushHome(t, home)
	want := [][3]string{
		{"2025-08-02T03:25:18Z", "5893253f-6351-4f2c-998d-2bae794714f9", "Nuxt Calculator App with UI and Keyboard Support"},
		{"2025-08-02T03:20:14Z", "f1c755dc-c4a5-41c1-812a-497901900cc2", "Create Development Guidelines for Repository"},
	}
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		rows := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if code != exitOK || len(rows) != len(want) {
			t.Fatalf("%v: exit %d: %q %s", args, code, out, errOut)
		}
		for i, r := range rows {
			f := strings.Split(r, "\t")
			if len(f) != 7 || f[0] != want[i][0] || f[1] != "Crush" || f[4] != store+"#"+want[i][1] || f[5] != project || f[6] != want[i][2] {
				t.Errorf("%v: row %q", args, f)
			}
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "crush", "UApp")
	if code != exitOK || !strings.Contains(out, "crush.db#5893253f-6351-4f2c-998d-2bae794714f9") {
		t.Errorf("search --agent crush: exit %d\n%s", code, out)
	}
	code, out, _ = deck(t, "", "stats", store+"#f1c755dc-c4a5-41c1-812a-497901900cc2")
	if code != exitOK || !strings.Contains(out, "1 turn · steps 16") || !strings.Contains(out, "first token not recorded") || !strings.Contains(out, "input not recorded") {
		t.Errorf("stats: exit %d\n%s", code, out)
	}
}

// The store's titles are as untrusted as its messages, and so is the
// project's folder projects.json names: their escape sequences never
// reach deck ls's output.
func TestCrushRowsAreSanitised(t *testing.T) {
	home := emptyHome(t)
	store, _ := catalogtest.CrushHome(t, home)
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec("UPDATE sessions SET title = ?", "ti\x1b]0;pwned\x07tle\u202e")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	catalogtest.CopyBytes(t, []byte(`{"projects":[{"path":"/work/\u001b[31mred\u202e","data_dir":"`+strings.TrimSuffix(store, "/crush.db")+`"}]}`), home+"/.local/share/crush/projects.json", 0)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, _ := deck(t, "", args...)
		if code != exitOK || strings.ContainsAny(out, "\x1b\x07\u202e") || !strings.Contains(out, "/work/") || !strings.Contains(out, "ti") {
			t.Errorf("%v: exit %d: %q", args, code, out)
		}
	}
}
