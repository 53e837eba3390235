package source_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Grok Build's files are told by their content: each kind of its chat
// history's records (and the older history's chat messages) on its own;
// a line of its updates.jsonl, an ACP update in Grok Build's envelope,
// is ACP. A reasoning item alone tells nothing (Codex's first era writes
// it alike), and the other formats' lines stay theirs.
func TestGrokBuildFilesAreToldByContent(t *testing.T) {
	for text, want := range map[string]session.Format{
		`{"type":"system","content":"You are Grok."}`:                                                                                                                     session.FormatGrokBuild,
		`{"type":"user","content":[{"type":"text","text":"hi"}],"prompt_index":0}`:                                                                                        session.FormatGrokBuild,
		`{"type":"assistant","content":"","tool_calls":[{"id":"c","name":"read_file","arguments":"{}"}]}`:                                                                 session.FormatGrokBuild,
		`{"type":"assistant","content":"hello","model_id":"grok-4.5"}`:                                                                                                    session.FormatGrokBuild,
		`{"type":"tool_result","tool_call_id":"c","content":"x"}`:                                                                                                         session.FormatGrokBuild,
		`{"type":"backend_tool_call","kind":{"tool_type":"web_search","id":"ws"}}`:                                                                                        session.FormatGrokBuild,
		`{"role":"user","content":"hi"}`:                                                                                                                                  session.FormatGrokBuild,
		`{"timestamp":1752000000,"method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"x"}}}`:                                                    session.FormatACP,
		`{"type":"reasoning","id":"rs_1","summary":[],"encrypted_content":"x"}` + "\n" + `{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}`: session.FormatCodex,
		`{"parentUuid":null,"sessionId":"s","uuid":"u","type":"user","message":{"role":"user","content":"hi"},"timestamp":"2026-05-01T10:00:00Z"}`:                        session.FormatClaudeCode,
		`{"type":"system","content":"compacted","uuid":"u","sessionId":"s","timestamp":"2026-05-01T10:00:00Z"}`:                                                           session.FormatClaudeCode,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{}}}`:                                                                              session.FormatACP,
	} {
		if got := sessiontest.ReadString(text + "\n").Format; got != want {
			t.Errorf("%s read as %q, want %q", text, got, want)
		}
	}
}
