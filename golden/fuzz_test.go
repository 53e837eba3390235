package golden

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// The structured fuzzers: real logs of each format, their string fields
// rewritten with hostile text (mutate_test.go), read and drawn as deck
// render draws them. Each fails on a panic (in deck or a dependency, even
// one cards contained), an escape but SGR or a control in the output, a
// row wider than the width, or a session slower to draw than drawBudget.

// drawBudget is how long one mutated session may take to read and draw;
// the logs are small, so anything near it is a hang in the making.
const drawBudget = 10 * time.Second

// overBudget says a mutated session took too long: only while fuzzing,
// and not under -race. A seed's run in make test is checked for what it
// draws, never timed: on a loaded machine under -race a seed took 10.4 s.
func overBudget(took time.Duration) bool {
	fuzzing := flag.Lookup("test.fuzz")
	return !raceDetector && fuzzing != nil && fuzzing.Value.String() != "" && took > drawBudget
}

// maxFuzzLines keeps each input's log short, so the fuzzer runs many.
const maxFuzzLines = 80

// fuzzLogs are the logs under testdata matching the globs, cut to their
// first maxFuzzLines lines.
func fuzzLogs(f *testing.F, globs ...string) [][]byte {
	var logs [][]byte
	for _, g := range globs {
		paths, _ := filepath.Glob(g)
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			lines := bytes.SplitAfter(b, []byte("\n"))
			logs = append(logs, bytes.Join(lines[:min(len(lines), maxFuzzLines)], nil))
		}
	}
	if len(logs) == 0 {
		f.Fatalf("no logs match %v", globs)
	}
	return logs
}

// fuzzLogsOf is one fuzz target over logs: which log, at which width,
// collapsed or not, and the mutation choices.
func fuzzLogsOf(f *testing.F, logs [][]byte) { fuzzLogsWith(f, logs, mutateLog) }

// fuzzLogsWith is fuzzLogsOf with the mutator of the logs' own syntax.
func fuzzLogsWith(f *testing.F, logs [][]byte, mutate func([]byte, *choices) []byte) {
	addSeeds(f, len(logs))
	f.Fuzz(func(t *testing.T, which, width uint8, collapsed bool, decisions []byte) {
		log := mutate(logs[int(which)%len(logs)], &choices{b: decisions})
		start := time.Now()
		s, err := source.ReadAll(bytes.NewReader(log))
		if err != nil {
			return // not a log any more: an error, which the CLI tests pin
		}
		checkDrawn(t, s, int(width)%200+1, !collapsed)
		if took := time.Since(start); overBudget(took) {
			t.Fatalf("reading and drawing took %v", took)
		}
	})
}

// checkDrawn draws s in both themes and checks every row.
func checkDrawn(t *testing.T, s *session.Session, width int, expanded bool) {
	for _, th := range []*theme.Theme{theme.Dark(), theme.Light()} {
		rows := transcript(s, cards.Options{Width: width, Theme: th, Cwd: s.Header.Cwd, Expanded: expanded})
		for _, r := range rows {
			if got := ansi.StringWidth(r); got > width {
				t.Fatalf("width %d: a row of %d cells: %q", width, got, r)
			}
			if bad := notSGR(r); bad != "" {
				t.Fatalf("%q reached the output in %q", bad, r)
			}
			if strings.Contains(ansi.Strip(r), "deck could not draw this entry") {
				t.Fatalf("a card panicked while drawing: %q", rows)
			}
		}
	}
}

// notSGR is the first escape sequence or control in out that is neither
// deck's own SGR nor a newline; "" when there is none.
func notSGR(out string) (bad string) {
	defer func() {
		if r := recover(); r != nil {
			bad = fmt.Sprintf("a sequence the parser panicked on (%v)", r)
		}
	}()
	p := ansi.GetParser()
	defer ansi.PutParser(p)
	var state byte
	for s := out; s != ""; {
		p.Reset()
		seq, _, n, next := ansi.DecodeSequence(s, state, p)
		switch {
		case ansi.HasCsiPrefix(seq) && p.Command() == 'm' && seq[0] == 0x1b:
		case len(seq) > 1 && (seq[0] == 0x1b || (seq[0] >= 0x80 && seq[0] <= 0x9f)):
			return seq
		case len(seq) == 1 && seq != "\n" && (seq[0] < 0x20 || seq[0] == 0x7f || (seq[0] >= 0x80 && seq[0] <= 0x9f)):
			return seq
		}
		if n == 0 {
			break
		}
		s, state = s[n:], next
	}
	return ""
}

func FuzzHarnessLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/harness/*/session.jsonl", "testdata/harness/live/session-logs/*/session.jsonl", "testdata/fixtures/*.jsonl"))
}

func FuzzACPLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/corpus/acp/*.json*"))
}

func FuzzClaudeCodeLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/corpus/claude-code/*.jsonl"))
}

func FuzzCodexLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/corpus/codex/*.jsonl"))
}

// FuzzHostFrames feeds a live host's captured WebSocket frames, mutated, to
// the live reader as deck attach does, and draws the session.
func FuzzHostFrames(f *testing.F) {
	frames := fuzzLogs(f, "testdata/harness/live/web-api/mux.frames.jsonl", "testdata/harness/live/web-api-resume/mux.frames.jsonl", "testdata/harness/live/web-api-reconnect/mux.frames.jsonl")
	for i := range frames {
		f.Add(uint8(i), uint8(80), []byte{})
		f.Add(uint8(i), uint8(30), []byte{3, 9, 0, 40, 1, 77, 5, 0, 2})
	}
	f.Fuzz(func(t *testing.T, which, width uint8, decisions []byte) {
		mutated := mutateLog(frames[int(which)%len(frames)], &choices{b: decisions})
		start := time.Now()
		events := harness.NewEvents()
		for line := range bytes.Lines(mutated) {
			if e, ok := hostEvent(line); ok {
				events.Write(e.raw, e.view, e.viewFor)
			}
		}
		checkDrawn(t, events.Session(), int(width)%200+1, true)
		if took := time.Since(start); overBudget(took) {
			t.Fatalf("reading and drawing took %v", took)
		}
	})
}
