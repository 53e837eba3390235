package cli

import (
	"database/sql"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/catalog/catalogtest"
	_ "modernc.org/sqlite"
)

// openCodeStore copies the corpus store where opencode keeps it.
func openCodeStore(t *testing.T, home string) string {
	store := home + "/.local/share/opencode/opencode.db"
	catalogtest.CopyFile(t, "golden/testdata/opencode/stunning-memory-opencode.db", store, 0)
	return store
}

// deck ls lists opencode's sessions from its store, from the index and
// without it alike: its title (the first prompt, opencode having named it
// none), start, folder and the path that opens it; deck search --agent
// opencode finds its words.
func TestListOpenCodeSessions(t *testing.T) {
	home := emptyHome(t)
	store := openCodeStore(t, home)
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, errOut := deck(t, "", args...)
		f := strings.Split(strings.TrimSuffix(out, "\n"), "\t")
		if code != exitOK || len(f) != 7 {
			t.Fatalf("%v: exit %d: %q %s", args, code, out, errOut)
		}
		if f[0] != "2026-07-30T14:04:55Z" || f[1] != "opencode" || f[4] != store+"#ses_04ca851f7ffevKrKMHW3RsPK1U" || f[5] != "/workspace" ||
			f[6] != "Read SPEC.md and improve it for you and other ais to read and understand better" {
			t.Errorf("%v: row %q", args, f)
		}
	}
	code, out, _ := deck(t, "", "search", "--agent", "opencode", "sync-sessions")
	if code != exitOK || !strings.Contains(out, "opencode.db#ses_04ca851f7ffevKrKMHW3RsPK1U") {
		t.Errorf("search --agent opencode: exit %d\n%s", code, out)
	}
}

// The store's title and folder are as untrusted as its messages: their
// escape sequences never reach deck ls's output.
func TestOpenCodeRowsAreSanitised(t *testing.T) {
	home := emptyHome(t)
	store := openCodeStore(t, home)
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	_, err = db.Exec("UPDATE session SET title = ?, directory = ?", "ti\x1b]0;pwned\x07tle\u202e", "/work/\x1b[31mred\u202e")
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"ls"}, {"ls", "--no-index"}} {
		code, out, _ := deck(t, "", args...)
		if code != exitOK || strings.ContainsAny(out, "\x1b\x07\u202e") || !strings.Contains(out, "/work/") || !strings.Contains(out, "ti") {
			t.Errorf("%v: exit %d: %q", args, code, out)
		}
	}
}
