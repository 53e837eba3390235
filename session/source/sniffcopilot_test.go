package source_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// A Copilot CLI log is told by its content: an event's envelope (a dotted
// type with its data object and its id), whichever event comes first; a
// Claude Code record (which has an id too, but a session's id and no
// dotted type) and a Codex line (its payload) are still theirs.
func TestCopilotLogsAreToldByContent(t *testing.T) {
	for text, want := range map[string]session.Format{
		`{"type":"session.start","data":{"sessionId":"s","version":1},"id":"e1","timestamp":"2026-01-01T00:00:00Z","parentId":null}` + "\n": session.FormatCopilot,
		`{"type":"user.message","data":{"content":"hi"},"id":"e2","timestamp":"2026-01-01T00:00:01Z","parentId":"e1"}` + "\n":               session.FormatCopilot,
		`{"type":"assistant.message_delta","data":{"messageId":"m","deltaContent":"h"},"id":"e3","timestamp":"x","ephemeral":true}` + "\n":  session.FormatCopilot,
		`{"sessionId":"s","uuid":"u","type":"user","message":{"role":"user","content":"hi"},"timestamp":"2026-05-01T10:00:00Z"}` + "\n":     session.FormatClaudeCode,
		`{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x"}}` + "\n":                                            session.FormatCodex,
	} {
		if got := sessiontest.ReadString(text).Format; got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}

// A Copilot CLI session's folder opens as its log, events.jsonl, as deck
// PATH on a harness session's folder opens its log.
func TestACopilotSessionFolderOpensItsLog(t *testing.T) {
	dir := sessiontest.Testdata + "/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b"
	file, err := source.Resolve(dir)
	if err != nil || file != dir+"/events.jsonl" {
		t.Fatalf("resolved to %q, %v", file, err)
	}
	s, err := source.Open(dir)
	if err != nil || s.Format != session.FormatCopilot {
		t.Errorf("opened as %q, %v", s.Format, err)
	}
}

// A Cursor CLI transcript is told by its content: a message's role and
// content with nothing else of a record (Claude Code's carry a type, a
// session and ids).
func TestCursorTranscriptsAreToldByContent(t *testing.T) {
	for text, want := range map[string]session.Format{
		`{"role":"user","message":{"content":[{"type":"text","text":"<user_query>\nhi\n</user_query>"}]}}` + "\n": session.FormatCursor,
		`{"role":"assistant","message":{"content":[{"type":"text","text":"hello"}]}}` + "\n":                      session.FormatCursor,
		`{"type":"user","sessionId":"s","uuid":"u","message":{"role":"user","content":"hi"}}` + "\n":              session.FormatClaudeCode,
	} {
		if got := sessiontest.ReadString(text).Format; got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}
