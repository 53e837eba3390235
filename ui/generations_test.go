package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
	"github.com/deck-tui/deck/ui/kit"
)

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
	kit.WriteList(&b, items, nil, 100)
	if f := strings.Split(b.String(), "\t"); len(f) != 7 || f[3] != "unreadable" {
		t.Errorf("deck ls for a script: %q", b.String())
	}
	b.Reset()
	kit.WriteList(&b, items, theme.Dark(), 100)
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
