package golden

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// cursorHome is the session of deck's own Cursor CLI fixture (its README
// says what it holds and whose shapes it follows).
const cursorHome = "testdata/cursor/.cursor/projects/work-demo/agent-transcripts/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f/3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f.jsonl"

// cursorLogs are the corpus's Cursor CLI transcripts, its parent of a
// subagent, and the fixture's session.
func cursorLogs(t testing.TB) []fixture {
	var out []fixture
	paths, _ := filepath.Glob("testdata/corpus/cursor-cli/*.jsonl")
	for _, p := range paths {
		out = append(out, fixture{"corpus/" + strings.TrimSuffix(filepath.Base(p), ".jsonl"), p})
	}
	out = append(out, fixture{"corpus/agent-sessions-subagent", "testdata/cursor/agent-sessions-subagent/parent.jsonl"}, fixture{"home/session", cursorHome})
	if len(out) != 4 {
		t.Fatalf("found %d Cursor CLI transcripts; the testdata is incomplete", len(out))
	}
	return out
}

// TestCursorGolden pins Cursor CLI's transcripts at 80 and 120 columns,
// plain and in colour, and checks each reads without a notice.
func TestCursorGolden(t *testing.T) {
	pinAgent(t, session.FormatCursor, false, agentLogs(cursorLogs(t)))
}

// Every tool Cursor CLI's transcripts here call is drawn as the card of
// its kind: an edit or a write a diff and a command a terminal from its
// call (the transcripts mostly keep no result), a read, a search, a web
// page or search from its kind; a read and a command with their result as
// a read card and a terminal card.
func TestCursorToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{
		"Read": "read", "Grep": "search", "Glob": "search", "LS": "read", "StrReplace": "diff", "Write": "diff",
		"Shell": "terminal", "Bash": "terminal", "WebSearch": "search", "WebFetch": "fetch", "Task": "other", "Agent": "other",
		"ReadLints": "read", "mcp__github__list_issues": "mcp",
	}
	checkCards(t, cursorLogs(t), want, func(c *session.ToolCall) (string, bool) {
		got := c.Call.Card()
		if g, ok := c.Call.(session.GenericCallView); ok {
			got = string(g.Kind)
		}
		if c.View != nil && c.Status() == session.CallDone {
			got = map[string]string{"read": "read", "terminal": "terminal"}[c.View.Card()]
		}
		return got, true
	})
}

// FuzzCursorLogs is the structured fuzzer (fuzz_test.go) over Cursor
// CLI's transcripts: the corpus's and the fixture's, each line a message
// whose strings the mutator rewrites.
func FuzzCursorLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/corpus/cursor-cli/*.jsonl", cursorHome))
}
