package cards

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// withDetail indents the lines at is, as a test's got/want under its FAIL.
func withDetail(lines []string, is ...int) []string {
	for _, i := range is {
		lines[i] = "    x_test.go:12: got 3, want 4"
	}
	return lines
}

func TestKeptOutputRules(t *testing.T) {
	lines := func(n int, failing ...int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = fmt.Sprintf("ok line %d", i)
		}
		for _, i := range failing {
			out[i] = "--- FAIL: TestThing"
		}
		return out
	}
	for _, c := range []struct {
		name  string
		lines []string
		keep  int
		want  []outputSpan
	}{
		{"no failure: the tail", lines(40), 8, []outputSpan{{32, 40}}},
		{"a failure above: it, then a shorter tail", lines(40, 5), 8, []outputSpan{{5, 6}, {33, 40}}},
		{"adjacent failures: one block", lines(40, 5, 6), 8, []outputSpan{{5, 7}, {34, 40}}},
		{"many failures: half the room, the first ones", lines(40, 1, 3, 5, 7, 9, 11), 8, []outputSpan{{1, 2}, {3, 4}, {5, 6}, {7, 8}, {36, 40}}},
		{"a failure just above the tail joins it", lines(40, 32), 8, []outputSpan{{32, 40}}},
		{"a failure in the tail: the tail", lines(40, 38), 8, []outputSpan{{32, 40}}},
		{"the indented lines under a failure come with it", withDetail(lines(40, 5), 6, 7), 8, []outputSpan{{5, 8}, {35, 40}}},
	} {
		if got := keptOutput(c.lines, c.keep); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
		rows := 0
		for _, s := range keptOutput(c.lines, c.keep) {
			rows += s.to - s.from
		}
		if rows != c.keep {
			t.Errorf("%s: %d lines kept, want %d", c.name, rows, c.keep)
		}
	}
	for _, s := range []string{"--- FAIL: TestX (0.00s)", "FAIL\tgithub.com/x", "panic: runtime error", "Traceback (most recent call last):", "src/a.ts(3,1): error TS2304", "npm ERR! code 1", "\x1b[31mFAILED\x1b[0m tests/x.py"} {
		if !failureLine.MatchString(ansi.Strip(s)) {
			t.Errorf("%q is no failure line", s)
		}
	}
	for _, s := range []string{"ok  \tgithub.com/x", "=== RUN   TestErrorsAreWrapped", "PASS", "0 failures"} {
		if s != "0 failures" && failureLine.MatchString(s) {
			t.Errorf("%q read as a failure", s)
		}
	}
}

// A collapsed failing test run shows its --- FAIL line, though it is far
// above the last lines.
func TestCollapsedTerminalKeepsTheFailure(t *testing.T) {
	var out strings.Builder
	out.WriteString("=== RUN   TestParse\n--- FAIL: TestParse (0.00s)\n    parse_test.go:12: got 3, want 4\n")
	for i := range 30 {
		fmt.Fprintf(&out, "=== RUN   TestOther%d\n", i)
	}
	out.WriteString("FAIL\nexit status 1\nFAIL\tgithub.com/x/parse\t0.01s\n")
	exit := 1
	call := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "go test ./..."},
		Result: &session.ToolResult{}, View: session.TerminalResultView{Output: out.String(), ExitCode: &exit}}
	card := ansi.Strip(strings.Join(Render(call, Options{Width: 80, ExpandHint: true}), "\n"))
	has(t, card, "… 1 line above · enter to expand", "│ --- FAIL: TestParse (0.00s)", "│     parse_test.go:12: got 3, want 4", "github.com/x/parse", "exit 1")
	if strings.Count(card, "enter to expand") != 1 {
		t.Errorf("the hint more than once:\n%s", card)
	}
	if strings.Count(card, "│ ") != 8 {
		t.Errorf("not 8 output lines:\n%s", card)
	}
}
