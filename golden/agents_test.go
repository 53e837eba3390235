package golden

import (
	"bytes"
	"os"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// The goldens of the other agents' logs (aider_test.go, copilot_test.go,
// …): each agent's test lists its logs and what each must read as, and
// pinAgent checks and pins them all the same way.

// agentLog is one log an agent's golden test pins.
type agentLog struct {
	fixture        // its goldens' name ("" for the test's own) and its path
	log     []byte // the log itself, read as a stream, when it has no path
	notices int    // how many notices it reads with
	unrun   int    // how many of its calls have no result (calls results: true)
}

// pinAgent reads each log, checks it reads as format with the notices it
// should have and, with results, every call with its result and card but
// those it should not (a call a store was copied while the model wrote it
// aside), then pins it at 80 and 120 columns, plain and in colour.
func pinAgent(t *testing.T, format session.Format, results bool, logs []agentLog) {
	for _, l := range logs {
		pin := func(t *testing.T) {
			s := l.read(t)
			if s.Format != format {
				t.Fatalf("read as %q", s.Format)
			}
			if n := s.NoticeCount(); n != l.notices {
				t.Errorf("%d notices, want %d: %v", n, l.notices, s.Notices())
			}
			if results {
				checkResults(t, s, l.unrun)
			}
			pinWidths(t, s)
		}
		if l.name == "" {
			pin(t)
			continue
		}
		t.Run(l.name, pin)
	}
}

// read is the session of the log: its path opened as `deck PATH` does, or
// its bytes read.
func (l agentLog) read(t *testing.T) *session.Session {
	if l.log == nil {
		return open(t, l.path)
	}
	s, _ := source.ReadAll(bytes.NewReader(l.log))
	return s
}

// checkResults checks that but unrun of s's calls have their result and
// card; a call still streaming is none of them.
func checkResults(t *testing.T, s *session.Session, unrun int) {
	var missing []*session.ToolCall
	for _, e := range s.Entries {
		if c, ok := e.(*session.ToolCall); ok && !c.Streaming && (c.Result == nil || c.View == nil) {
			missing = append(missing, c)
		}
	}
	if len(missing) == unrun {
		return
	}
	t.Errorf("%d calls without a result, want %d", len(missing), unrun)
	for _, c := range missing {
		t.Logf("call %s (%s) has no result", c.CallID, c.Name)
	}
}

// pinWidths pins s at 80 and 120 columns, plain and in the dark theme's
// colours, as goldens named after t.
func pinWidths(t *testing.T, s *session.Session) {
	for _, w := range []int{80, 120} {
		out := render(s, w, theme.Dark())
		t.Run(widthName(w, "plain"), func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
		t.Run(widthName(w, "dark"), func(t *testing.T) { golden.RequireEqual(t, out) })
	}
}

// agentLogs are fixtures as logs that read with no notice.
func agentLogs(fixtures []fixture) []agentLog {
	out := make([]agentLog, len(fixtures))
	for i, f := range fixtures {
		out[i] = agentLog{fixture: f}
	}
	return out
}

// readFile is a file of testdata, whole.
func readFile(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// addSeeds gives a fuzz target over n logs its seeds: each log at 80
// columns unchanged, and at 40 collapsed with a few mutations.
func addSeeds(f *testing.F, n int) {
	for i := range n {
		f.Add(uint8(i), uint8(80), false, []byte{})
		f.Add(uint8(i), uint8(40), true, []byte{0, 7, 1, 40, 2, 120, 3, 9, 200, 5, 0, 33})
	}
}

// fuzzRecords is one fuzz target over a store's records written a record a
// line (crush_test.go, opencode_test.go): which log, at which width,
// collapsed or not, and the mutation choices; decode reads the mutated
// lines of the log which into b.
func fuzzRecords(f *testing.F, logs [][]byte, decode func(b *session.Builder, which int, in []byte)) {
	addSeeds(f, len(logs))
	f.Fuzz(func(t *testing.T, which, width uint8, collapsed bool, decisions []byte) {
		i := int(which) % len(logs)
		b := session.NewBuilder()
		decode(b, i, mutateLog(logs[i], &choices{b: decisions}))
		b.Finish()
		checkDrawn(t, b.Session, int(width)%200+1, !collapsed)
	})
}

// checkCards checks that every call of the logs, nested ones too, is drawn
// as want says of its tool, and that every tool want names is called.
// drawn says how a call is drawn, and ok false for a call not to look at
// (nor at the calls nested in it).
func checkCards(t *testing.T, logs []fixture, want map[string]string, drawn func(c *session.ToolCall) (card string, ok bool)) {
	seen := map[string]bool{}
	var check func(entries []session.Entry, where string)
	check = func(entries []session.Entry, where string) {
		for _, e := range entries {
			c, ok := e.(*session.ToolCall)
			if !ok {
				continue
			}
			got, look := drawn(c)
			if !look {
				continue
			}
			card, known := want[c.Name]
			switch {
			case !known:
				t.Errorf("%s: call of %s, which this test does not know", where, c.Name)
			case got != card:
				t.Errorf("%s: %s drawn as %q, want %s", where, c.Name, got, card)
			}
			seen[c.Name] = true
			check(c.Nested, where)
		}
	}
	for _, f := range logs {
		check(open(t, f.path).Entries, f.name)
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no log calls %s", name)
		}
	}
}

// doneCard is how a call is drawn by its result's card: a call with none is
// not looked at, and one not done yet passes (its card is not its tool's
// yet).
func doneCard(want map[string]string) func(c *session.ToolCall) (string, bool) {
	return func(c *session.ToolCall) (string, bool) {
		switch {
		case c.View == nil:
			return "", false
		case c.Status() != session.CallDone:
			return want[c.Name], true
		}
		return c.View.Card(), true
	}
}
