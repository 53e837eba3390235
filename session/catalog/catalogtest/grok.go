package catalogtest

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// GrokHome lays out Grok Build's sessions under home as Grok Build does
// (~/.grok/sessions/<percent-encoded cwd>/<session id>/, a
// chat_history.jsonl and a summary.json in each): the corpus's session and
// its subagent's (which the corpus keeps in a folder inside the parent's,
// where Grok Build keeps it beside), and deck's fixture home's session, its
// subagent's and the parent's subagents/<id>/meta.json. A subagent's
// session is part of its parent's, not one of its own. It returns each
// session's chat history by the title it should have, and each one's
// folder.
func GrokHome(t *testing.T, home string) (logs map[string]string, cwds map[string]string) {
	t.Helper()
	sessions := filepath.Join(home, ".grok", "sessions")
	corpus := sessiontest.Testdata + "/corpus/grok-build/agent-sessions/"
	lab := filepath.Join(sessions, "%2Ftmp%2Fas-agent-lab%2Fgrok%2Fproject")
	logs = map[string]string{
		"Read hello.py and summarize what it prints": filepath.Join(lab, "019f6851-7ec4-7ef0-97d3-03f3eee38755", "chat_history.jsonl"),
		"Raise the retry limit to 5":                 filepath.Join(sessions, "%2Fwork%2Fdemo", "019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b", "chat_history.jsonl"),
	}
	cwds = map[string]string{"Read hello.py and summarize what it prints": "/tmp/as-agent-lab/grok/project", "Raise the retry limit to 5": "/work/demo"}
	parent := filepath.Dir(logs["Read hello.py and summarize what it prints"])
	CopyFile(t, corpus+"chat_history.jsonl", filepath.Join(parent, "chat_history.jsonl"), 2)
	CopyFile(t, corpus+"summary.json", filepath.Join(parent, "summary.json"), 2)
	sub := filepath.Join(lab, "019f6851-7ec4-7ef0-97d3-03f3eee38756")
	CopyFile(t, corpus+"subagent/chat_history.jsonl", filepath.Join(sub, "chat_history.jsonl"), 1)
	CopyFile(t, corpus+"subagent/summary.json", filepath.Join(sub, "summary.json"), 1)
	fixture := sessiontest.Testdata + "/grok-build/.grok/sessions/%2Fwork%2Fdemo/"
	for _, f := range []string{
		"019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b/chat_history.jsonl", "019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b/summary.json",
		"019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b/subagents/019f7a12-5e6f-7a8b-9c0d-1e2f3a4b5c6d/meta.json",
		"019f7a12-5e6f-7a8b-9c0d-1e2f3a4b5c6d/chat_history.jsonl", "019f7a12-5e6f-7a8b-9c0d-1e2f3a4b5c6d/summary.json",
	} {
		CopyFile(t, fixture+f, filepath.Join(sessions, "%2Fwork%2Fdemo", f), 1)
	}
	return logs, cwds
}
