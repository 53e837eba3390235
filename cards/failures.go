package cards

import (
	"regexp"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// failureLine is a line of command output that says something failed: a
// test runner's FAIL, a panic, an error or a traceback. A collapsed
// terminal card keeps such lines from above its tail, since the tail of a
// failing test run is often only the summary.
var failureLine = regexp.MustCompile(`(?i)(^|[\s:(\[])(--- fail|fail(ed|ure)?\b|panic:|fatal|error|traceback|npm err!|✗|✘)`)

// span of output lines [from, to) a collapsed card shows.
type outputSpan struct{ from, to int }

// indented says line sits under head: it starts with more blanks.
func indented(line, head string) bool {
	blanks := func(s string) int { return len(s) - len(strings.TrimLeft(s, " \t")) }
	line = ansi.Strip(line)
	return strings.TrimSpace(line) != "" && blanks(line) > blanks(ansi.Strip(head))
}

// keptOutput is what a collapsed card shows of n output lines when it keeps
// keep: the first failure lines above the tail (half the room at most),
// with the indented lines under them, then the tail. One span, the tail,
// when no line above it failed.
func keptOutput(lines []string, keep int) []outputSpan {
	n := len(lines)
	tailFrom := n - keep
	var failures []int
	for i := 0; i < tailFrom && len(failures) < keep/2; i++ {
		if !failureLine.MatchString(ansi.Strip(lines[i])) {
			continue
		}
		failures = append(failures, i)
		head := lines[i]
		// the indented lines under it say what failed (a test's got/want)
		for i+1 < tailFrom && len(failures) < keep/2 && indented(lines[i+1], head) {
			i++
			failures = append(failures, i)
		}
	}
	tailFrom += len(failures)
	var spans []outputSpan
	for _, i := range failures {
		if k := len(spans) - 1; k >= 0 && spans[k].to == i {
			spans[k].to++ // adjacent failure lines read as one block
			continue
		}
		spans = append(spans, outputSpan{i, i + 1})
	}
	if k := len(spans) - 1; k >= 0 && spans[k].to == tailFrom {
		spans[k].to = n
		return spans
	}
	return append(spans, outputSpan{tailFrom, n})
}
