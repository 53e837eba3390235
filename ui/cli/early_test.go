package cli

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/theme"
)

// deck render draws a harness session while its log is read (earlyCards),
// and deck stats counts it: what each prints is what it prints of the
// session read whole, byte for byte, for every log of the corpus.
func TestCardsDrawnWhileReadingAreThoseDrawnAfter(t *testing.T) {
	var logs []string
	err := filepath.WalkDir("golden/testdata", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if name := d.Name(); !d.IsDir() && (strings.HasSuffix(name, ".jsonl") || strings.HasSuffix(name, ".jsonl.zstd")) && !strings.Contains(path, "/fuzz/") {
			logs = append(logs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) < 100 {
		t.Fatalf("%d logs found in the corpus", len(logs))
	}
	for _, log := range logs {
		bothWays(t, log, renderAnsi...) // the styles too: plain is the same rows without them
		bothWays(t, log, "stats", "--json")
	}
}

// A long log is drawn while it is read, and let go of: once it is read
// the session holds its last turn alone.
func TestALongLogIsDrawnWhileItIsRead(t *testing.T) {
	path, err := loggen.SmallEvents(t.TempDir(), 40_000)
	if err != nil {
		t.Fatal(err)
	}
	e := newEarlyCards(cards.Options{Width: 100, Theme: theme.Dark()}, 0)
	s, err := e.open(path)
	if err != nil {
		t.Fatal(err)
	}
	if !e.drawing() || len(s.Entries) > 9 || s.Conflicted() {
		t.Errorf("drawing: %v; the session holds %d entries once read", e.drawing(), len(s.Entries))
	}
	bothWays(t, path, renderPlain...)
	bothWays(t, path, "stats", "--json")
}

var (
	renderPlain = []string{"render", "--width", "100", "--format", "plain"}
	renderAnsi  = []string{"render", "--width", "100", "--format", "ansi"}
)

// What the reading does late to a turn already drawn (a second result for
// its call, the usage counted again) makes deck read the log again whole
// and draw it after: the cards are those of a whole read. Without the
// conflict the second result was drawn as a call of its own at the end.
func TestALateChangeToATurnDrawnReadsTheLogAgain(t *testing.T) {
	for name, late := range map[string]string{
		"a second result": `"type":"tool/result","data":{"turn":1,"step":1,"message":{"source":{"kind":"tool","callId":"c1_1"},"content":[{"type":"tool-result","toolCallId":"c1_1","content":[{"type":"text","text":"again\n[exit code: 3]"}],"isError":false}],"role":"user","id":"rlate"}},"surfaceOp":"append"}`,
		"a result for a call of the first turn, after its end": `"type":"tool/result","data":{"turn":9999,"step":1,"message":{"source":{"kind":"tool","callId":"c2_2"},"content":[{"type":"tool-result","toolCallId":"c2_2","content":[{"type":"text","text":"late"}],"isError":true}],"role":"user","id":"rlate2"}},"surfaceOp":"append"}`,
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			path, err := loggen.SmallEvents(dir, 20_000)
			if err != nil {
				t.Fatal(err)
			}
			f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(f, `{"seq":20000,"time":1796000020000,%s`+"\n", late)
			f.Close()
			e := newEarlyCards(cards.Options{Width: 100, Theme: theme.Dark()}, 0)
			if _, err := e.open(path); err != nil {
				t.Fatal(err)
			}
			if e.drawing() {
				t.Error("the cards drawn early were kept")
			}
			bothWays(t, path, renderPlain...)
			bothWays(t, path, "stats", "--json")
		})
	}
}

// bothWays runs deck with args, the log at path read taking its turns as
// it goes and read whole, and fails when the two differ in what they print.
func bothWays(t *testing.T, path string, args ...string) {
	t.Helper()
	run := func(early bool) (string, string) {
		takeWhileReading = early
		defer func() { takeWhileReading = true }()
		_, out, errOut := deck(t, "", append(args, path)...)
		return out, errOut
	}
	early, earlyErr := run(true)
	after, afterErr := run(false)
	if early != after || earlyErr != afterErr {
		i := 0
		for i < min(len(early), len(after)) && early[i] == after[i] {
			i++
		}
		t.Errorf("deck %s %s: taken while read, the output differs from the whole read's at byte %d:\n%q\nwhere it was\n%q\n(stderr %q, was %q)",
			strings.Join(args, " "), path, i, excerpt(early, i), excerpt(after, i), earlyErr, afterErr)
	}
}

func excerpt(s string, at int) string {
	return s[max(at-80, 0):min(at+80, len(s))]
}
