package golden

import (
	"os"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// grokHome is the Grok Build home of deck's own fixture (its README says
// what it holds and which of Grok Build's code it follows).
const grokHome = "testdata/grok-build/.grok/sessions/%2Fwork%2Fdemo/"

// grokLogs are Grok Build's sessions: the corpus's and its subagent's
// (testdata/corpus/grok-build) and the fixture's and its subagent's, each
// read as deck PATH reads its chat history, with its summary beside it.
func grokLogs() []fixture {
	return []fixture{
		{"corpus/session", "testdata/corpus/grok-build/agent-sessions/chat_history.jsonl"},
		{"corpus/subagent", "testdata/corpus/grok-build/agent-sessions/subagent/chat_history.jsonl"},
		{"home/session", grokHome + "019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b/chat_history.jsonl"},
		{"home/subagent", grokHome + "019f7a12-5e6f-7a8b-9c0d-1e2f3a4b5c6d/chat_history.jsonl"},
	}
}

// TestGrokGolden pins Grok Build's sessions at 80 and 120 columns, plain
// and in colour, and checks each reads without a notice, every call with
// its result, drawn as its tool's card.
func TestGrokGolden(t *testing.T) {
	for _, f := range grokLogs() {
		t.Run(f.name, func(t *testing.T) {
			s := open(t, f.path)
			if s.Format != session.FormatGrokBuild {
				t.Fatalf("read as %q", s.Format)
			}
			if n := s.NoticeCount(); n != 0 {
				t.Errorf("%d notices: %v", n, s.Notices()[0].Text)
			}
			for _, e := range s.Entries {
				if c, ok := e.(*session.ToolCall); ok && (c.Result == nil || c.View == nil) {
					t.Errorf("call %s (%s) has no result", c.CallID, c.Name)
				}
			}
			for _, w := range []int{80, 120} {
				out := render(s, w, theme.Dark())
				t.Run(widthName(w, "plain"), func(t *testing.T) { golden.RequireEqual(t, plain(out)) })
				t.Run(widthName(w, "dark"), func(t *testing.T) { golden.RequireEqual(t, out) })
			}
		})
	}
}

// Every tool Grok Build's sessions here call is drawn as the card of its
// kind, not the generic one: a read, a diff, a terminal, a search, a web
// page or search (the server's own searches too); only tools with no card
// of their own (a subagent, a question) are generic, and a failed edit or
// a cancelled command says why on the generic card.
func TestGrokToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{
		"read_file": "read", "search_replace": "diff", "run_terminal_cmd": "terminal", "grep": "search",
		"web_search": "web", "web_fetch": "web", "list_dir": "generic", "task": "generic", "ask_user_question": "generic",
	}
	seen := map[string]bool{}
	var check func(entries []session.Entry, where string)
	check = func(entries []session.Entry, where string) {
		for _, e := range entries {
			c, ok := e.(*session.ToolCall)
			if !ok || c.View == nil {
				continue
			}
			card, known := want[c.Name]
			switch {
			case !known:
				t.Errorf("%s: call of %s, which this test does not know", where, c.Name)
			case c.Status() == session.CallDone && c.View.Card() != card:
				t.Errorf("%s: %s drawn as a %s card, want %s", where, c.Name, c.View.Card(), card)
			}
			seen[c.Name] = true
			check(c.Nested, where)
		}
	}
	for _, f := range grokLogs() {
		check(open(t, f.path).Entries, f.name)
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("no session calls %s", name)
		}
	}
}

// FuzzGrokLogs is the structured fuzzer (fuzz_test.go) over Grok Build's
// chat histories: the mutator rewrites each JSON line's strings with
// hostile text, the arguments' JSON inside them too.
func FuzzGrokLogs(f *testing.F) {
	var logs [][]byte
	for _, l := range grokLogs() {
		b, err := os.ReadFile(l.path)
		if err != nil {
			f.Fatal(err)
		}
		logs = append(logs, b)
	}
	fuzzLogsOf(f, logs)
}
