package catalogtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// CursorHome lays out Cursor CLI's transcripts under home as Cursor CLI
// does (~/.cursor/projects/<project>/agent-transcripts/): deck's fixture
// session, its subagents' transcripts beside it (part of it, not listed),
// and the corpus's claude-replay transcript, each in its folder, under a
// project named for a folder of home that has a "-" in its name (made, so
// that the name is read by what is on disk); the corpus's other
// transcript flat, as older builds wrote them, under a project whose
// folder is gone. The transcripts record no time: a session's is its
// file's. It returns the sessions newest first.
func CursorHome(t *testing.T, home string) []Session {
	t.Helper()
	project := filepath.Join(home, "work", "my-app")
	if err := os.MkdirAll(project, 0o755); err != nil {
		t.Fatal(err)
	}
	slug := strings.NewReplacer("/", "-", ".", "-").Replace(strings.TrimPrefix(project, "/"))
	projects := filepath.Join(home, ".cursor", "projects")
	fixtureID := "3f6b2c1d-8e4a-4b7c-9d0e-1a2b3c4d5e6f"
	fixture := sessiontest.Testdata + "/cursor/.cursor/projects/work-demo/agent-transcripts/" + fixtureID + "/"
	mod := func(hours int) time.Time { return Dated.Add(-time.Duration(hours)*time.Hour - time.Minute) }
	out := []Session{
		{filepath.Join(projects, slug, "agent-transcripts", fixtureID, fixtureID+".jsonl"), "Raise the retry limit to 5 and check the tests", project, mod(1)},
		{filepath.Join(projects, slug, "agent-transcripts", "9c8b7a6f-0000-4000-8000-000000000001", "9c8b7a6f-0000-4000-8000-000000000001.jsonl"), "scan for ble devices", project, mod(2)},
		{filepath.Join(projects, "home-gone-project", "agent-transcripts", "9c8b7a6f-0000-4000-8000-000000000002.jsonl"), "What files are here?", "", mod(3)},
	}
	CopyFile(t, fixture+fixtureID+".jsonl", out[0].Path, 1)
	for _, sub := range []string{"7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d.jsonl", "0a1b2c3d-0000-4000-8000-000000000000.jsonl"} {
		CopyFile(t, fixture+"subagents/"+sub, filepath.Join(filepath.Dir(out[0].Path), "subagents", sub), 0)
	}
	CopyFile(t, sessiontest.Testdata+"/corpus/cursor-cli/claude-replay-fixture-cursor.jsonl", out[1].Path, 2)
	CopyFile(t, sessiontest.Testdata+"/corpus/cursor-cli/agent-sessions-large.jsonl", out[2].Path, 3)
	return out
}
