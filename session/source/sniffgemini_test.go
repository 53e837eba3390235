package source_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A Gemini CLI chat is told by its content: the log's header (a session id
// with a project, which Claude Code's records never carry), an update
// record, or the older pretty-printed document, whose second line is its
// "sessionId"; a pretty-printed ACP recording is still ACP, and so is a lone
// "{" that the log ends after.
func TestGeminiChatsAreToldByContent(t *testing.T) {
	for text, want := range map[string]session.Format{
		`{"sessionId":"s","projectHash":"p","startTime":"2026-05-01T10:00:00Z","lastUpdated":"x","kind":"main"}` + "\n": session.FormatGemini,
		`{"$set":{"lastUpdated":"x"}}` + "\n":                                                    session.FormatGemini,
		`{"$rewindTo":"m1"}` + "\n":                                                              session.FormatGemini,
		"{\n  \"sessionId\": \"s\",\n  \"projectHash\": \"p\",\n  \"messages\": []\n}":           session.FormatGemini,
		"{\n  \"method\": \"sessionUpdate\",\n  \"args\": [\n    {\"sessionId\": \"s\"}\n  ]\n}": session.FormatACP,
		"{\n": session.FormatACP,
		`{"sessionId":"s","uuid":"u","type":"user","message":{"role":"user","content":"hi"},"timestamp":"2026-05-01T10:00:00Z"}` + "\n": session.FormatClaudeCode,
	} {
		if got := sessiontest.ReadString(text).Format; got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}
