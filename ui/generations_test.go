package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// A log deck does not show as understood or current (too new a format, a
// superseded generation) is shown in place as deck render says it: the
// header card, then why, naming the file, and none of its entries.
func TestTheViewerShowsWhyALogIsNotShown(t *testing.T) {
	for path, says := range map[string]string{
		"../golden/testdata/generations/too-new":           "session.v9.jsonl is session log format v9, newer than deck reads (v7 at most)",
		"../golden/testdata/generations/two/session.jsonl": "two/session.jsonl is session log format v0, superseded by session.v5.jsonl",
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

// A too-new log's row is marked ⚠ in the picker and in deck ls, before its
// live mark.
func TestATooNewRowIsMarked(t *testing.T) {
	item := catalog.Item{Agent: "deepseek-harness", Path: "/s/session.v9.jsonl", Title: "future", Started: time.Unix(1796000000, 0),
		Scanned: true, Live: true, NotShown: "session.v9.jsonl is session log format v9, newer than deck reads (v7 at most)"}
	if row := ansi.Strip(sessionRow(theme.Dark(), item, false, layoutColumns([]catalog.Item{item}, 100))); !strings.HasPrefix(row, "  ⚠ future") {
		t.Errorf("picker row %q", row)
	}
	var b bytes.Buffer
	WriteList(&b, []catalog.Item{item}, theme.Dark(), 100)
	if out := ansi.Strip(b.String()); !strings.HasPrefix(out, "⚠ future\n  format newer than deck reads · ") || !strings.Contains(out, "deepseek-harness · /s/session.v9.jsonl") {
		t.Errorf("deck ls %q", out)
	}
}

// The viewer shows a log not shown as render prints it: the header card
// (its id, its start, its folder), then why; the status bar and the title
// take nothing of the body (not its first prompt, not its model), and the
// stats, changes and outline pages say why instead of figures.
func TestTheViewerShowsTheHeaderOfALogNotShownAndNothingOfItsBody(t *testing.T) {
	for _, c := range []struct{ path, id, cwd, says string }{
		{"../golden/testdata/generations/too-new", "fixture-harness-v9", "in /work/app", "is session log format v9"},
		{"../golden/testdata/generations/two/session.jsonl", "a57f852d-d476-4716-a380-8a1116e4d905", "in {{cwd}}", "is session log format v0"},
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
	v0, err := os.ReadFile("../golden/testdata/generations/two/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "session.jsonl"), v0, 0o644)
	x := start(t, Options{Path: dir, Follow: new(true)}, 120, 30)
	x.waitFor("Read greeting.txt")
	v9, err := os.ReadFile("../golden/testdata/generations/too-new/session.v9.jsonl")
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

// A session folder whose newest generation cannot be read (a dangling link)
// is listed, marked, never as its older generation; opened from the
// picker, the viewer says why in its body.
func TestAnUnreadableNewestGenerationIsListedAndSaysWhy(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "--w--", "s1")
	os.MkdirAll(dir, 0o755)
	old, err := os.ReadFile("../golden/testdata/generations/two/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "session.jsonl"), old, 0o644)
	if err := os.Symlink("gone.jsonl", filepath.Join(dir, "session.v5.jsonl")); err != nil {
		t.Fatal(err)
	}
	roots := []catalog.Root{{Agent: catalog.AgentHarness, Dir: root}}
	items := catalog.ScanAll(catalog.Find(roots))
	if len(items) != 1 || filepath.Base(items[0].Path) != "session.v5.jsonl" || items[0].Unreadable == "" {
		t.Fatalf("found %+v", items)
	}
	var b bytes.Buffer
	WriteList(&b, items, nil, 100)
	if f := strings.Split(b.String(), "\t"); len(f) != 7 || f[3] != "unreadable" {
		t.Errorf("deck ls for a script: %q", b.String())
	}
	b.Reset()
	WriteList(&b, items, theme.Dark(), 100)
	if out := ansi.Strip(b.String()); !strings.HasPrefix(out, "⚠ its newest log cannot be read\n  cannot be read · ") {
		t.Errorf("deck ls: %q", out)
	}
	x := start(t, Options{Roots: roots, Follow: new(false)}, 400, 20) // the message on one row
	x.waitFor("⚠ its newest log cannot be read")
	x.keys("enter")
	screen := x.waitFor("is its folder's newest generation, and it cannot be read")
	if strings.Contains(screen, "Use the read tool") {
		t.Errorf("the older generation is shown:\n%s", screen)
	}
	x.quit()
	// --last, following, the same: why, never waiting for a link to mend
	x = start(t, Options{Roots: roots, Last: true, Follow: new(true)}, 400, 20)
	screen = x.waitFor("is its folder's newest generation, and it cannot be read")
	if strings.Contains(screen, "waiting for") {
		t.Errorf("--last waits:\n%s", screen)
	}
	x.quit()
}
