package catalogtest

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// PiHome lays out pi's sessions under home as pi does
// (~/.pi/agent/sessions/--<cwd>--/<time>_<id>.jsonl): the corpus's and
// deck's fixture, each in the folder of its cwd. It returns each session's
// file by the title it should have, and each title's folder.
func PiHome(t *testing.T, home string) (logs, cwds map[string]string) {
	t.Helper()
	sessions := filepath.Join(home, ".pi", "agent", "sessions")
	testdata := sessiontest.Testdata + "/pi/"
	logs, cwds = map[string]string{}, map[string]string{}
	for i, s := range []struct{ src, folder, name, title, cwd string }{
		{"corpus/pi-mono-large-session.jsonl", "--Users-badlogic-workspaces-pi-mono--", "2025-11-20T23-33-50-805Z_d703a1a9-1b7b-4fb1-b512-c9738b1fe617.jsonl", "/mode", "/Users/badlogic/workspaces/pi-mono"},
		{"corpus/agent-sessions-stub-provider-v3.jsonl", "--tmp-as-agent-fixture-project--", "2026-05-12T01-02-27-657Z_019e19b4-eb48-746a-aa6b-8dfcfa37954b.jsonl", "Read hello.py and summarize what it prints without editing files.", "/tmp/as-agent-fixture/project"},
		{"corpus/agentsview-handwritten-v3-session.jsonl", "--Users-alice-code-my-project--", "2025-01-01T10-00-00-000Z_pi-test-session-uuid.jsonl", "Fix the login bug", "/Users/alice/code/my-project"},
		{".pi/agent/sessions/--work-app--/2026-05-02T10-15-00-000Z_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl", "--work-app--", "2026-05-02T10-15-00-000Z_7c9e6679-7425-40de-944b-e07fc1f90ae7.jsonl", "Retry fetchJSON with backoff", "/work/app"},
	} {
		logs[s.title] = filepath.Join(sessions, s.folder, s.name)
		cwds[s.title] = s.cwd
		CopyFile(t, testdata+s.src, logs[s.title], i+1)
	}
	return logs, cwds
}
