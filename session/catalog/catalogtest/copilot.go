package catalogtest

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Session is a session a test home holds, as a list should show it.
type Session struct {
	Path, Title, Cwd string
	Started          time.Time
}

// CopilotHome lays out Copilot CLI's sessions under home as Copilot CLI
// does (~/.copilot/session-state/): deck's fixture session and the
// corpus's newer one each in its folder (events.jsonl beside
// workspace.yaml), the corpus's older one as a flat <id>.jsonl, and a flat
// copy of a session whose folder holds it now (listed once, as the
// folder's). It returns the sessions newest first.
func CopilotHome(t *testing.T, home string) []Session {
	t.Helper()
	state := filepath.Join(home, ".copilot", "session-state")
	corpus := sessiontest.Testdata + "/corpus/copilot-cli/"
	fixture := sessiontest.Testdata + "/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/"
	out := []Session{
		{filepath.Join(state, "7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b", "events.jsonl"), "Raise the retry limit to 5", "/work/demo", time.Date(2026, 5, 2, 10, 15, 0, 0, time.UTC)},
		{filepath.Join(state, "aaaabbbb-1111-2222-3333-ccccddddeeee", "events.jsonl"), "List the files", "/tmp/project", time.Date(2026, 3, 26, 17, 50, 34, 263e6, time.UTC)},
		{filepath.Join(state, "copilot_stage0_small.jsonl"), "List the files", "/tmp/repo", time.Date(2025, 12, 18, 21, 32, 4, 182e6, time.UTC)},
	}
	CopyFile(t, fixture+"events.jsonl", out[0].Path, 1)
	CopyFile(t, fixture+"workspace.yaml", filepath.Join(filepath.Dir(out[0].Path), "workspace.yaml"), 1)
	CopyFile(t, corpus+"agent-sessions-subdir_v1.events.jsonl", out[1].Path, 2)
	CopyFile(t, corpus+"agent-sessions-subdir_v1.events.jsonl", filepath.Join(state, "aaaabbbb-1111-2222-3333-ccccddddeeee.jsonl"), 0)
	CopyFile(t, corpus+"agent-sessions-small.events.jsonl", out[2].Path, 3)
	return out
}
