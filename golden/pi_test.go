package golden

import (
	"bytes"
	"testing"

	"github.com/deck-tui/deck/session"
)

// piHome is deck's pi session, laid out as pi lays it out (its README
// says what it holds and which of pi's code it follows).
const piHome = "testdata/pi/.pi/agent/sessions/--work-app--/2026-05-02T10-15-00-000Z_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl"

// piLargeStart is how many lines of the corpus's large session (914
// messages) are pinned: its first five turns, up to the sixth prompt,
// which hold each of its tools and its failed and aborted model calls.
const piLargeStart = 69

// piSessions are pi's sessions the goldens pin: the fixture, the corpus's
// two small ones, and the start of its large one; with the notices each
// has (the hand-written one holds a line that is no JSON and an entry of
// a type of the future) and its calls pi never ran (those of a model's
// message that failed).
func piSessions(t *testing.T) []agentLog {
	large := bytes.SplitAfter(readFile(t, "testdata/pi/corpus/pi-mono-large-session.jsonl"), []byte("\n"))
	return []agentLog{
		{fixture: fixture{name: "home"}, log: readFile(t, piHome)},
		{fixture: fixture{name: "corpus/stub-provider-v3"}, log: readFile(t, "testdata/pi/corpus/agent-sessions-stub-provider-v3.jsonl")},
		{fixture: fixture{name: "corpus/handwritten-v3"}, log: readFile(t, "testdata/pi/corpus/agentsview-handwritten-v3-session.jsonl"), notices: 2},
		{fixture: fixture{name: "corpus/large-start"}, log: bytes.Join(large[:piLargeStart], nil), unrun: 16},
	}
}

// TestPiGolden pins pi's sessions at 80 and 120 columns, plain and in
// colour, each read with the notices it should have and every call with
// its result, but those pi never ran.
func TestPiGolden(t *testing.T) {
	pinAgent(t, session.FormatPi, true, piSessions(t))
}

// FuzzPiLogs is the structured fuzzer (fuzz_test.go) over pi's sessions:
// the fixture's tree of branches, the corpus's small sessions, and the
// large one's fifth turn under its header (reads of windows, commands,
// edits with pi's numbered diffs), so that the mutator, which rewrites a
// line that is JSON, reaches every string in them. The large session's
// first turns read whole files of a thousand lines, which take the
// fuzzer's instrumented worker past its time to answer at a narrow width.
func FuzzPiLogs(f *testing.F) {
	logs := fuzzLogs(f, piHome, "testdata/pi/corpus/agent*.jsonl")
	large := bytes.SplitAfter(readFile(f, "testdata/pi/corpus/pi-mono-large-session.jsonl"), []byte("\n"))
	logs = append(logs, bytes.Join(append(large[:1:1], large[32:piLargeStart]...), nil))
	fuzzLogsOf(f, logs)
}
