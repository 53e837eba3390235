package source_test

import (
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Aider's chat history is told by a run's start, the line Aider writes
// first ("# aider chat started at …"), wherever in the first lines it is;
// a heading like it that is no run's start tells nothing.
func TestAiderHistoriesAreToldByContent(t *testing.T) {
	for text, want := range map[string]session.Format{
		"\n# aider chat started at 2025-05-04 17:02:36\n\n> Aider v0.82.2  \n":                                                                       session.FormatAider,
		"\n\n\n# aider chat started at 2025-05-04 17:02:36\n#### hi  \n":                                                                             session.FormatAider,
		"# aider chat started at yesterday\n" + sessiontest.FirstLine:                                                                                session.FormatHarness,
		"# aider chat started at 2025-05-04 17:02:36 (and more)\n" + `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}` + "\n": session.FormatACP,
	} {
		if got := sessiontest.ReadString(text).Format; got != want {
			t.Errorf("%q read as %q, want %q", text, got, want)
		}
	}
}
