package follow

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Once its first read ends, a log says whether it is a session log at all,
// read whole or followed, named as its viewer names it: a README is not
// one; a log with bad lines, a log with no complete line yet (the harness
// has just created it) and an empty one are.
func TestTheFirstReadSaysWhetherItIsALog(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	readme := write("README.md", "# deck\n"+strings.Repeat("\ndeck draws a session log as cards.\n", 20))
	for _, c := range []struct {
		path   string
		follow bool
		want   string // the error, "" for none
	}{
		{readme, false, readme + ` is not a session log: line 1: not JSON: "# deck"`},
		{readme, true, readme + ` is not a session log: line 1: not JSON: "# deck"`},
		{write("binary", "\x00\x01\x02 not text"), false, "binary: this looks like a binary file, not a session log"},
		{sessiontest.Testdata + "/fixtures/bad-json.jsonl", false, ""},
		{write("partial.jsonl", `{"type":"session","vers`), true, ""},
		{write("empty.jsonl", ""), true, ""},
		{write("empty2.jsonl", ""), false, ""},
	} {
		src := File(c.path, c.path, c.follow)
		src.Start()
		st := waitLoaded(t, src)
		src.Stop()
		var notALog *source.NotALogError
		switch {
		case c.want == "" && st.NotALog != nil:
			t.Errorf("%s (follow %v): %v", c.path, c.follow, st.NotALog)
		case c.want != "" && (!errors.As(st.NotALog, &notALog) || !strings.Contains(st.NotALog.Error(), c.want)):
			t.Errorf("%s (follow %v): %v, want %q", c.path, c.follow, st.NotALog, c.want)
		}
	}
}
