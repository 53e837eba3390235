package golden

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/source"
	"github.com/deck-tui/deck/theme"
)

// aiderLogs are Aider's chat histories: the corpus's real one and deck's
// fixture (testdata/aider/README.md says what it holds).
func aiderLogs() []fixture {
	return []fixture{
		{"corpus", "testdata/corpus/aider/simple-calculator.aider.chat.history.md"},
		{"demo", "testdata/aider/demo/.aider.chat.history.md"},
	}
}

// TestAiderGolden pins Aider's chat histories at 80 and 120 columns, plain
// and in colour, and checks each reads without a notice, every edit that
// Aider settled with its result.
func TestAiderGolden(t *testing.T) {
	pinAgent(t, session.FormatAider, false, agentLogs(aiderLogs()))
}

// Every edit Aider applied is drawn as a diff, with no line numbers (the
// history records none); a command Aider ran as a terminal card with no
// result (its output is not in the history).
func TestAiderToolsHaveTheirCards(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range aiderLogs() {
		for _, e := range open(t, f.path).Entries {
			c, ok := e.(*session.ToolCall)
			if !ok {
				continue
			}
			seen[c.Name] = true
			switch {
			case c.Name == "edit" && c.Status() == session.CallDone:
				if v, ok := c.View.(session.DiffResultView); !ok || len(v.Diffs) != 1 || c.DiffStarts != nil {
					t.Errorf("%s: an applied edit drawn as %T, numbered %v", f.name, c.View, c.DiffStarts)
				}
			case c.Name == "shell":
				if _, ok := c.Call.(session.TerminalCallView); !ok || c.Result != nil || !c.Unfinished {
					t.Errorf("%s: a command drawn as %T with result %v", f.name, c.Call, c.Result)
				}
			case c.Name != "edit":
				t.Errorf("%s: a call of %s", f.name, c.Name)
			}
		}
	}
	if !seen["edit"] || !seen["shell"] {
		t.Errorf("seen %v", seen)
	}
}

// mutateText rewrites the text of each line of a Markdown log as c
// decides, keeping the marks that say whose the line is (Aider's "#### "
// and "> ", and the two spaces that end them).
func mutateText(log []byte, c *choices) []byte {
	var out bytes.Buffer
	for line := range bytes.Lines(log) {
		l := strings.TrimRight(string(line), "\r\n")
		head, tail := "", ""
		for _, p := range []string{"#### ", "> "} {
			if strings.HasPrefix(l, p) {
				head, l = p, l[len(p):]
				break
			}
		}
		if strings.HasSuffix(l, "  ") {
			tail, l = "  ", l[:len(l)-2]
		}
		out.WriteString(head + mutateString(l, c, 0) + tail + "\n")
	}
	return out.Bytes()
}

// With no choices the text mutator changes nothing a reader sees, and with
// some it reaches the cards.
func TestTextMutatorReachesTheCards(t *testing.T) {
	log := readFile(t, aiderLogs()[1].path)
	same, _ := source.ReadAll(bytes.NewReader(mutateText(log, &choices{})))
	want, _ := source.ReadAll(bytes.NewReader(log))
	if a, b := render(same, 100, theme.Dark()), render(want, 100, theme.Dark()); a != b {
		t.Errorf("unmutated, it draws differently:\n%s", a)
	}
	han := byte(slices.Index(hostileText, "漢字"))
	hostile, _ := source.ReadAll(bytes.NewReader(mutateText(log, &choices{b: bytes.Repeat([]byte{1, han}, 4000)})))
	if out := render(hostile, 100, theme.Dark()); strings.Count(out, "漢字") < 5 {
		t.Errorf("the words the mutator added never reached the cards:\n%s", out)
	}
}

// FuzzAiderLogs is the structured fuzzer (fuzz_test.go) over Aider's chat
// histories: each line's text rewritten with hostile text, the marks that
// say whose it is kept.
func FuzzAiderLogs(f *testing.F) {
	var logs [][]byte
	for _, l := range aiderLogs() {
		lines := bytes.SplitAfter(readFile(f, l.path), []byte("\n"))
		logs = append(logs, bytes.Join(lines[:min(len(lines), 4*maxFuzzLines)], nil))
	}
	fuzzLogsWith(f, logs, mutateText)
}
