package golden

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"
)

// geminiHome is the Gemini CLI home of deck's own fixture (its README
// says what it holds and which of Gemini CLI's code it follows).
const geminiHome = "testdata/gemini/.gemini/tmp/deck-demo/chats"

// geminiLogs are Gemini CLI's real chats (the corpus, legacy JSON and
// JSON Lines) and the fixture's chat and its subagent's, read alone.
func geminiLogs(t *testing.T) []fixture {
	var out []fixture
	paths, _ := filepath.Glob("testdata/corpus/gemini-cli/session-*.json*")
	paths = append(paths, "testdata/corpus/gemini-cli/agent-sessions-jsonl_v040.jsonl")
	for _, p := range paths {
		out = append(out, fixture{"corpus/" + strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".jsonl"), ".json"), p})
	}
	subagents, _ := filepath.Glob(geminiHome + "/*/*.jsonl")
	out = append(out, fixture{"home/session", geminiHome + "/session-2026-05-02T10-15-4f1c2a9e.jsonl"})
	for _, p := range subagents {
		out = append(out, fixture{"home/subagent", p})
	}
	if len(out) != 6 {
		t.Fatalf("found %d Gemini CLI chats; the testdata is incomplete", len(out))
	}
	return out
}

// TestGeminiGolden pins Gemini CLI's chats at 80 and 120 columns, plain
// and in colour, and checks each reads without a notice, every call with
// its result, drawn as its tool's card.
func TestGeminiGolden(t *testing.T) {
	pinAgent(t, session.FormatGemini, true, agentLogs(geminiLogs(t)))
}

// Every tool Gemini CLI's chats here call is drawn as the card of its
// kind, not the generic one: a read, a diff, a terminal, a search, a web
// page or search, a plan; only tools with no card of their own (a
// subagent, a memory, an MCP tool, the end of a subagent's task) are
// generic.
func TestGeminiToolsHaveTheirCards(t *testing.T) {
	want := map[string]string{
		"read_file": "read", "replace": "diff", "write_file": "diff", "run_shell_command": "terminal",
		"grep_search": "search", "glob": "search", "list_directory": "search", "google_web_search": "web",
		"web_fetch": "web", "invoke_agent": "generic", "save_memory": "generic", "mcp_github_list_issues": "generic",
		"complete_task": "generic",
	}
	checkCards(t, geminiLogs(t), want, doneCard(want))
}

// FuzzGeminiLogs is the structured fuzzer (fuzz_test.go) over Gemini CLI's
// chats: the JSON Lines ones as they are, the older documents written on
// one line (Gemini CLI reads that form too), so that the mutator, which
// rewrites a line that is JSON, reaches every string in them.
func FuzzGeminiLogs(f *testing.F) {
	var logs [][]byte
	for _, p := range []string{geminiHome + "/session-2026-05-02T10-15-4f1c2a9e.jsonl", "testdata/corpus/gemini-cli/agent-sessions-jsonl_v040.jsonl",
		"testdata/corpus/gemini-cli/session-2025-12-28T04-02-3d0463e2.json", "testdata/corpus/gemini-cli/session-2026-01-10T01-33-08d1e5f6.json"} {
		b := readFile(f, p)
		if filepath.Ext(p) == ".json" {
			v := jsontext.Value(bytes.Clone(b))
			if err := v.Compact(); err != nil {
				f.Fatal(err)
			}
			b = append(v, '\n')
		}
		logs = append(logs, b)
	}
	fuzzLogsOf(f, logs)
}
