package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// A log deck does not show as understood or current (too new a format, a
// superseded generation) is shown in place as deck render says it: the
// header card, then why, naming the file, and none of its entries.
func TestTheViewerShowsWhyALogIsNotShown(t *testing.T) {
	for path, says := range map[string]string{
		"../../golden/testdata/generations/too-new":           "session.v9.jsonl is session log format v9, newer than deck reads (v7 at most)",
		"../../golden/testdata/generations/two/session.jsonl": "two/session.jsonl is session log format v0, superseded by session.v5.jsonl",
	} {
		v := openViewer(path, false)
		untilLoaded(v)
		v.src.stop()
		if len(v.items) != 2 || v.items[0].header == nil {
			t.Fatalf("%s: %d cards, want the header and one that says why", path, len(v.items))
		}
		n, ok := v.items[1].e.(*session.Notice)
		if !ok || !strings.Contains(n.Text, says) {
			t.Errorf("%s: the card is %#v, want a notice saying %q", path, v.items[1].e, says)
		}
		if v.title == "" {
			t.Errorf("%s: the header's title is not shown", path)
		}
		if v.failures != 0 {
			t.Errorf("%s: why it is not shown counts as %d errors: it is no error in the log", path, v.failures)
		}
	}
}

// The viewer shows a log not shown as render prints it: the header card
// (its id, its start, its folder), then why; the status bar and the title
// take nothing of the body (not its first prompt, not its model), and the
// stats, changes and outline pages say why instead of figures.
func TestTheViewerShowsTheHeaderOfALogNotShownAndNothingOfItsBody(t *testing.T) {
	for _, c := range []struct{ path, id, cwd, says string }{
		{"../../golden/testdata/generations/too-new", "fixture-harness-v9", "in /work/app", "is session log format v9"},
		{"../../golden/testdata/generations/two/session.jsonl", "a57f852d-d476-4716-a380-8a1116e4d905", "in {{cwd}}", "is session log format v0"},
	} {
		x := start(t, Options{Path: c.path, Follow: new(false)}, 100, 30)
		screen := x.waitFor("▌ "+c.id, c.cwd, c.says)
		if strings.Index(screen, c.cwd) > strings.Index(screen, c.says) {
			t.Errorf("%s: why comes before the header:\n%s", c.path, screen)
		}
		if n := strings.Count(screen, c.id); n != 2 { // the header's title, the status bar's
			t.Errorf("%s: the id is named %d times, want in the title and the status bar:\n%s", c.path, n, screen)
		}
		for _, body := range []string{"A prompt from the future", "Use the read tool", "deepseek-v4-flash", "tokens"} {
			if strings.Contains(screen, body) {
				t.Errorf("%s: the screen shows %q of the body:\n%s", c.path, body, screen)
			}
		}
		for key, page := range map[string]string{"s": "stats · not shown", "c": "± changes · not shown", "t": "≡ outline · not shown"} {
			x.keys(key)
			screen := x.waitFor(page, c.says)
			for _, figure := range []string{"turn", "tool call", "changed", "greeting.txt", "in ·"} {
				if strings.Contains(screen, figure) {
					t.Errorf("%s: the %s page shows %q:\n%s", c.path, key, figure, screen)
				}
			}
			x.keys("esc")
			x.waitUntil("the page closed", func(s string) bool { return !strings.Contains(s, page) })
		}
		x.quit()
	}
}

// Following a session that the harness migrates into a generation deck
// does not read (a v9 beside the v0) switches to it and says both: that the
// harness migrated it, and that it is too new, under its header card;
// neither is an error in the status bar.
func TestFollowingIntoATooNewGenerationSaysItMigrated(t *testing.T) {
	dir := t.TempDir()
	v0, err := os.ReadFile("../../golden/testdata/generations/two/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "session.jsonl"), v0, 0o644)
	x := start(t, Options{Path: dir, Follow: new(true)}, 120, 30)
	x.waitFor("Read greeting.txt")
	v9, err := os.ReadFile("../../golden/testdata/generations/too-new/session.v9.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "session.v9.jsonl"), v9, 0o644)
	screen := x.waitFor("▌ fixture-harness-v9", "the harness migrated this session to session.v9.jsonl", "session.v9.jsonl is session log format v9")
	if strings.Index(screen, "migrated") > strings.Index(screen, "is session log format v9") || strings.Contains(screen, "greeting.txt") || strings.Contains(screen, " error") {
		t.Errorf("after the migration:\n%s", screen)
	}
	x.quit()
}
