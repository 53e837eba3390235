package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// o on a grep card opens the file of the match row the person is reading
// (the first on screen) at that match's line.
func TestOpenAGrepMatch(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "editor-args")
	editor := filepath.Join(dir, "editor.sh")
	if err := os.WriteFile(editor, []byte("#!/bin/sh\necho \"$@\" > "+record+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("VISUAL", "")
	t.Setenv("EDITOR", editor)
	var x *term
	opened := func(want string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for {
			got, _ := os.ReadFile(record)
			if strings.TrimSpace(string(got)) == want {
				os.Remove(record)
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("the editor got %q, want %q\n%s", got, want, x.screen())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	x = start(t, Options{Path: testdata + "/fixtures/search.jsonl", Follow: new(false)}, 100, 12)
	x.waitFor("card 1 of", "▌✓ Grep TODO|FIXME")
	x.keys("o") // the grep card, its first match row on screen
	opened("+14 /work/app/src/server/handler.go")
	x.waitFor("✓ Grep TODO|FIXME")
	for i := 0; ; i++ { // scroll until the first row on screen is past handler.go's matches
		s := x.screen()
		if strings.HasPrefix(s, "▌  src/main.go") || strings.HasPrefix(s, "▌       7 │") {
			break
		}
		if i > 20 {
			t.Fatalf("never scrolled to main.go:\n%s", s)
		}
		x.keys("j")
		x.settled("a row down", anything) // one j at a time: a quiet moment is no proof it was taken
	}
	x.keys("o")
	opened("+7 /work/app/src/main.go")
	x.quit()
}
