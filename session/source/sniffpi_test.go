package source_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// A pi session is told by its header, whose type is "session" as the
// harness's is: pi's has an ISO timestamp where the harness's has
// createdAt (of any version, v1's with no version at all).
func TestPiSessionsAreToldByTheirHeader(t *testing.T) {
	for text, want := range map[string]session.Format{
		`{"type":"session","version":3,"id":"s","timestamp":"2026-05-02T10:15:00.000Z","cwd":"/w"}` + "\n":                                                session.FormatPi,
		`{"type":"session","id":"s","timestamp":"2025-11-20T23:33:50.805Z","cwd":"/w","provider":"anthropic","modelId":"m","thinkingLevel":"off"}` + "\n": session.FormatPi,
		sessiontest.FirstLine: session.FormatHarness,
		`{"type":"session","version":5,"id":"s","createdAt":1,"timestamp":"2026-05-02T10:15:00.000Z","cwd":"/w","delegationDepth":0}` + "\n": session.FormatHarness,
	} {
		if got := sessiontest.ReadString(text).Format; got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}
