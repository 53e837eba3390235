package aider_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// banner is a run's banner naming the edit format the model answers in.
func banner(format string) []string {
	return []string{"> Aider v0.86.1  ", "> Main model: openai/gpt-4-turbo with " + format + " edit format  ", ""}
}

// diffsOf is each call's title and its diffs' old→new texts.
func diffsOf(s *session.Session) []string {
	var got []string
	for _, c := range sessiontest.Calls(s) {
		row := c.Title() + " " + map[session.CallStatus]string{session.CallPending: "pending", session.CallDone: "done"}[c.Status()]
		for _, d := range c.Call.(session.DiffCallView).Diffs {
			old := "∅"
			if d.OldText != nil {
				old = *d.OldText
			}
			row += " [" + d.Path + ": " + old + " → " + d.NewText + "]"
		}
		got = append(got, row)
	}
	return got
}

// In the udiff edit format, each ```diff fence holds unified diffs: its
// files' hunks are diff cards (a file's hunks in a row one card, a hunk
// naming no file the one before's, /dev/null a new file), settled by what
// Aider then says of their file. A fence naming no file stays the reply's text.
func TestUdiffFencesAreDiffs(t *testing.T) {
	s := read(t, history(append(banner("udiff"),
		"#### go  ", "",
		"Here:", "",
		"```diff", "--- a/calc.py", "+++ b/calc.py", "@@ ... @@", " def add(a, b):", "-    return a - b", "+    return a + b",
		"@@ ... @@", " def sub(a, b):", "-    pass", "+    return a - b", "```", "",
		"```diff", "--- /dev/null", "+++ b/test_calc.py", "@@ @@", "+import calc", "```", "",
		"```diff", " just context", "-gone", "```", "",
		"done.", "",
		"> Applied edit to calc.py  ", "> Applied edit to test_calc.py  ", "")...))
	want := []string{
		"Edit calc.py done [calc.py: def add(a, b):\n    return a - b → def add(a, b):\n    return a + b] [calc.py: def sub(a, b):\n    pass → def sub(a, b):\n    return a - b]",
		"Create test_calc.py done [test_calc.py: ∅ → import calc]",
		"Edit test_calc.py done [test_calc.py: just context\ngone → just context]",
	}
	if got := diffsOf(s); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	texts := sessiontest.Of[*session.AssistantText](s)
	if len(texts) != 2 || texts[0].Text != "Here:" || texts[1].Text != "done." {
		t.Errorf("the reply's text: %+v", texts)
	}
}

// A ```diff fence in a run of another edit format is the reply's Markdown,
// and so is one whose hunks name no file at all.
func TestADiffFenceIsTextOutsideTheUdiffFormat(t *testing.T) {
	for _, lines := range [][]string{
		append(banner("diff"), "#### go  ", "", "```diff", "--- a/x.py", "+++ b/x.py", "@@ @@", "-a", "+b", "```", ""),
		append(banner("udiff"), "#### go  ", "", "```diff", "-a", "+b", "```", ""),
	} {
		s := read(t, history(lines...))
		if calls := sessiontest.Calls(s); len(calls) != 0 {
			t.Errorf("%d calls from %q", len(calls), lines)
		}
		if texts := sessiontest.Of[*session.AssistantText](s); len(texts) != 1 || !strings.HasPrefix(texts[0].Text, "```diff\n") || !strings.HasSuffix(texts[0].Text, "\n```") {
			t.Errorf("the reply's text: %+v", texts)
		}
	}
}

// In the whole edit format, each fence with a file's name on the line
// before it is that file's whole new text: a write whose old text the
// history does not hold. A fence with no name before it is text.
func TestWholeFilesAreWrites(t *testing.T) {
	s := read(t, history(append(banner("whole"),
		"#### go  ", "",
		"The new file:", "",
		"**hello.py**", "```python", "print('hi')", "", "print('bye')", "```", "",
		"```", "no name before me", "```", "",
		"> Applied edit to hello.py  ", "")...))
	calls := sessiontest.Calls(s)
	if got := diffsOf(s); len(got) != 1 || got[0] != "Write hello.py done [hello.py: ∅ → print('hi')\n\nprint('bye')]" {
		t.Fatalf("calls: %q", got)
	}
	if !calls[0].Call.(session.DiffCallView).Diffs[0].Whole {
		t.Error("a whole file's write is not marked whole: its old text is not known")
	}
	texts := sessiontest.Of[*session.AssistantText](s)
	if len(texts) != 2 || texts[0].Text != "The new file:" || texts[1].Text != "```\nno name before me\n```" {
		t.Errorf("the reply's text: %+v", texts)
	}
}
