package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/theme"
)

// The where bar above the status bar says the session's model, tokens and
// folder, as render's header does (the web client's usage pill: 48,832
// tokens, 33,792 of the 47,632 prompt tokens from cache, 70.9%); a narrower
// screen drops the cache hits, then the folder's start, then the tokens.
func TestTheWhereBarSaysWhereTheSessionIs(t *testing.T) {
	for _, c := range []struct {
		width int
		want  string
	}{
		{120, " deepseek-v4-pro · 48.8k tokens · 71% cache hits · /home/dev/src/tinyhttp"},
		{60, " deepseek-v4-pro · 48.8k tokens · /home/dev/src/tinyhttp"},
		{50, " deepseek-v4-pro · 48.8k tokens · …/src/tinyhttp"},
		{40, " deepseek-v4-pro · …/dev/src/tinyhttp"},
	} {
		x := start(t, Options{Demo: true}, c.width, 20)
		x.waitFor("card 1 of 29")
		x.waitWhere(c.want)
		x.quit()
	}
}

// While the log is followed, the where bar takes the tokens of each new
// step; the folder from the log is sanitised.
func TestTheWhereBarFollowsTheLog(t *testing.T) {
	data, err := os.ReadFile(testdata + "/harness/fs-edit/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `"cwd":"{{cwd}}"`, `"cwd":"/srv/\u001b]0;pwned\u0007\u202ework"`, 1))
	path := filepath.Join(t.TempDir(), "session.jsonl")
	cut := strings.Index(string(data), `"type":"tool/call"`)
	if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: path, Follow: new(true)}, 120, 30)
	x.waitFor("following", "◌ Read config.txt")
	x.waitWhere(" deepseek-v4-flash · 3k tokens · 0% cache hits · /srv/⟨RLO⟩work") // 2,900 + 91; none of 2,900 from cache
	appendLog(t, path, data[cut:])
	x.waitFor("turn 1 done · 3 steps", "following")
	x.waitWhere(" deepseek-v4-flash · 9.4k tokens · 63% cache hits · /srv/⟨RLO⟩work") // 9,145 + 206; 5,760 of 9,145 from cache, 62.98%
	x.quit()
}

// waitWhere waits until the where bar, the third row from the foot of
// the screen, reads want.
func (x *term) waitWhere(want string) {
	x.t.Helper()
	x.waitUntil("the where bar "+want, func(s string) bool {
		rows := strings.Split(s, "\n")
		return len(rows) >= 3 && rows[len(rows)-3] == want
	})
}

// The where bar's facts come from the log: they reach the screen
// sanitised, at any width.
func TestTheWhereBarIsSanitised(t *testing.T) {
	evil := "\x1b]52;c;cm0gLXJmIH4=\x07\x1b[2Jrun \u202eit"
	for _, w := range []int{120, 60, 40, 12} {
		v := &Viewer{model: evil, where: "/srv/" + evil, th: theme.Dark(), width: w, height: 30}
		bar := v.whereBar()
		for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\u202e"} {
			if strings.Contains(bar, bad) {
				t.Errorf("at %d columns the where bar lets %q through:\n%q", w, bad, bar)
			}
		}
		if got := cards.Width(bar); got > w {
			t.Errorf("at %d columns the where bar is %d wide: %q", w, got, ansi.Strip(bar))
		}
	}
}

// A log whose format number only forks wrote says so in the where bar,
// and whose when the log gave it away; it goes before the model does.
func TestTheWhereBarSaysAForksFormat(t *testing.T) {
	x := start(t, Options{Path: testdata + "/fixtures/harness-v5.jsonl"}, 120, 30)
	x.waitWhere(" deepseek-v4-pro · quockhang's format v5 · 3.8k tokens · /work/app") // 3,600 + 240; no cache count
	x.quit()
	x = start(t, Options{Path: testdata + "/fixtures/harness-v4.jsonl"}, 120, 30)
	x.waitWhere(" deepseek-v4-pro · 2.6k tokens · /work/app")
	x.quit()
	v := &Viewer{model: "deepseek-v4-pro", fork: "a fork's format v6", where: "/work/app", th: theme.Dark(), width: 40, height: 30}
	if got := ansi.Strip(v.whereBar()); got != " deepseek-v4-pro · a fork's format v6" {
		t.Errorf("at 40 columns: %q", got)
	}
}

// After the log moves the session (working-directory/change), the where
// bar says the folder it moved to, followed as a fresh open shows it; the
// cards drawn before the move keep their paths from the header's folder.
func TestTheWhereBarFollowsTheWorkingDirectory(t *testing.T) {
	data, err := os.ReadFile(testdata + "/fixtures/harness-v4-cwd.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	cut := strings.Index(string(data), `{"type":"working-directory/change"`)
	if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: path, Follow: new(true)}, 120, 30)
	x.waitFor("following", "Read README.md")
	x.waitWhere(" deepseek-v4-pro · 2.6k tokens · /work/app")
	appendLog(t, path, data[cut:])
	x.waitFor("turn 1 done", "following")
	x.waitWhere(" deepseek-v4-pro · 9.1k tokens · /work/app/pkg/api")
	x.quit()
	x = start(t, Options{Path: path}, 120, 30)
	x.waitWhere(" deepseek-v4-pro · 9.1k tokens · /work/app/pkg/api")
	x.quit()
}
