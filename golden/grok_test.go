package golden

import (
	"testing"

	"github.com/deck-tui/deck/session"
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
	pinAgent(t, session.FormatGrokBuild, true, agentLogs(grokLogs()))
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
	checkCards(t, grokLogs(), want, doneCard(want))
}

// FuzzGrokLogs is the structured fuzzer (fuzz_test.go) over Grok Build's
// chat histories: the mutator rewrites each JSON line's strings with
// hostile text, the arguments' JSON inside them too.
func FuzzGrokLogs(f *testing.F) {
	var logs [][]byte
	for _, l := range grokLogs() {
		logs = append(logs, readFile(f, l.path))
	}
	fuzzLogsOf(f, logs)
}
