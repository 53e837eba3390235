package golden

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
)

// copilotHome is the session of deck's own Copilot CLI fixture (its README
// says what it holds and which of the CLI's schema it follows).
const copilotHome = "testdata/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl"

// copilotLogs are the corpus's Copilot CLI logs and the fixture's session.
func copilotLogs(t testing.TB) []fixture {
	var out []fixture
	paths, _ := filepath.Glob("testdata/corpus/copilot-cli/*.jsonl")
	for _, p := range paths {
		out = append(out, fixture{"corpus/" + strings.TrimSuffix(filepath.Base(p), ".events.jsonl"), p})
	}
	out = append(out, fixture{"home/session", copilotHome})
	if len(out) != 3 {
		t.Fatalf("found %d Copilot CLI logs; the testdata is incomplete", len(out))
	}
	return out
}

// TestCopilotGolden pins Copilot CLI's logs at 80 and 120 columns, plain
// and in colour, and checks each reads without a notice, every call with
// its card.
func TestCopilotGolden(t *testing.T) {
	pinAgent(t, session.FormatCopilot, false, agentLogs(copilotLogs(t)))
}

// Every tool Copilot CLI's logs here call is drawn as the card of its
// kind, not the generic one: a read, a diff, a terminal, a search, a web
// page or search; only tools with no card of their own (a subagent's
// task, the intent it reports, a question, an MCP tool) are generic.
func TestCopilotToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{
		"view": "read", "edit": "diff", "create": "diff", "bash": "terminal", "shell": "terminal", "grep": "search", "glob": "search",
		"web_fetch": "web", "web_search": "web", "task": "generic", "report_intent": "generic", "ask_user": "generic",
		"github-mcp-server-list_issues": "generic",
	}
	checkCards(t, copilotLogs(t), want, func(c *session.ToolCall) (string, bool) {
		switch {
		case c.View == nil || c.Orphan || c.Status() != session.CallDone && c.Status() != session.CallFailed:
			return "", false
		case strings.Contains(c.Name, "[trimmed"):
			return "", false // the corpus's placeholders
		case c.Status() == session.CallFailed && c.View.Card() == "generic":
			return want[c.Name], true // a failure says why on the generic card
		}
		return c.View.Card(), true
	})
}

// FuzzCopilotLogs is the structured fuzzer (fuzz_test.go) over Copilot
// CLI's logs: the corpus's and the fixture's, each line an event whose
// strings the mutator rewrites.
func FuzzCopilotLogs(f *testing.F) {
	fuzzLogsOf(f, fuzzLogs(f, "testdata/corpus/copilot-cli/*.jsonl", copilotHome))
}
