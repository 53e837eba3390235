package golden

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/theme"
)

// copilotHome is the session of deck's own Copilot CLI fixture (its README
// says what it holds and which of the CLI's schema it follows).
const copilotHome = "testdata/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl"

// copilotRenamed is the fixture's session renamed (/rename): its
// workspace.yaml names it, hostile escapes and all, and says the folder
// its session.start does not.
const copilotRenamed = "testdata/copilot/.copilot/session-state/5d2e8f1a-6b7c-4d9e-8f0a-1b2c3d4e5f60/events.jsonl"

// copilotLogs are the corpus's Copilot CLI logs and the fixture's sessions.
func copilotLogs(t testing.TB) []fixture {
	var out []fixture
	paths, _ := filepath.Glob("testdata/corpus/copilot-cli/*.jsonl")
	for _, p := range paths {
		out = append(out, fixture{"corpus/" + strings.TrimSuffix(filepath.Base(p), ".events.jsonl"), p})
	}
	out = append(out, fixture{"home/session", copilotHome}, fixture{"home/renamed", copilotRenamed})
	if len(out) != 4 {
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

// A renamed session is titled by the name its workspace.yaml gives it, in
// the viewer and in the picker and deck ls alike, with the folder the
// workspace.yaml says where its session.start says none; the escapes the
// name holds reach no output.
func TestCopilotWorkspaceNamesTheSession(t *testing.T) {
	const name = "Flaky login \x1b]0;pwned\x07\x1b[2Jtest"
	s := open(t, copilotRenamed)
	if s.Title != name || s.Header.Cwd != "/work/login" {
		t.Errorf("titled %q in %q", s.Title, s.Header.Cwd)
	}
	it := catalog.Scan(catalog.Item{Agent: catalog.AgentCopilot, Path: copilotRenamed})
	if it.Title != name || it.Cwd != "/work/login" {
		t.Errorf("listed as %q in %q", it.Title, it.Cwd)
	}
	for _, w := range []int{40, 80} {
		if out := render(s, w, theme.Dark()); notSGR(out) != "" || !strings.Contains(plain(out), "Flaky login test") {
			t.Errorf("width %d: %q reached the output:\n%s", w, notSGR(out), out)
		}
	}
}
