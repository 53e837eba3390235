package catalogtest

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// GeminiHome lays out Gemini CLI's chats under home as Gemini CLI does
// (~/.gemini/tmp/<project>/chats/): the corpus's under two projects named
// by the SHA-256 of their folder, one of which ~/.gemini/projects.json
// names (so its folder is known) and one it does not; deck's fixture
// project, named by a short name with its .project_root, with its
// subagent's chat (part of its session, not one of its own); and an older
// document that Gemini CLI moved to a JSON Lines log beside it. It
// returns each session's log by the title it should have, and each log's
// folder ("" when nothing says it).
func GeminiHome(t *testing.T, home string) (logs map[string]string, cwds map[string]string) {
	t.Helper()
	corpus := sessiontest.Testdata + "/corpus/gemini-cli/"
	tmp := filepath.Join(home, ".gemini", "tmp")
	known, unknown := filepath.Join(tmp, hash("/home/me"), "chats"), filepath.Join(tmp, hash("/home/gone"), "chats")
	CopyBytes(t, []byte(`{"projects":{"/home/me":"me","/work/demo":"deck-demo"}}`), filepath.Join(home, ".gemini", "projects.json"), 0)
	logs = map[string]string{
		"Configure YubiKey for sudo and login":          filepath.Join(known, "session-2025-12-24T21-37-2ccb51c5.json"),
		"install 1password cli tool for CachyOS cosmic": filepath.Join(known, "session-2025-12-28T04-02-3d0463e2.json"),
		"Update Gemini CLI manually":                    filepath.Join(unknown, "session-2026-01-10T01-33-08d1e5f6.jsonl"),
		"Say hello and list files.":                     filepath.Join(unknown, "session-2026-04-29T21-39-gemini_s.jsonl"),
		"Raise the retry limit to 5":                    filepath.Join(tmp, "deck-demo", "chats", "session-2026-05-02T10-15-4f1c2a9e.jsonl"),
	}
	cwds = map[string]string{
		"Configure YubiKey for sudo and login": "/home/me", "install 1password cli tool for CachyOS cosmic": "/home/me",
		"Update Gemini CLI manually": "", "Say hello and list files.": "", "Raise the retry limit to 5": "/work/demo",
	}
	CopyFile(t, corpus+"session-2025-12-24T21-37-2ccb51c5.json", logs["Configure YubiKey for sudo and login"], 5)
	CopyFile(t, corpus+"session-2025-12-28T04-02-3d0463e2.json", logs["install 1password cli tool for CachyOS cosmic"], 4)
	// moved to a JSON Lines log when resumed: the document stays beside it
	CopyFile(t, corpus+"session-2026-01-10T01-33-08d1e5f6.json", filepath.Join(unknown, "session-2026-01-10T01-33-08d1e5f6.json"), 3)
	CopyBytes(t, jsonLines(t, corpus+"session-2026-01-10T01-33-08d1e5f6.json"), logs["Update Gemini CLI manually"], 3)
	CopyFile(t, corpus+"agent-sessions-jsonl_v040.jsonl", logs["Say hello and list files."], 2)
	fixture := sessiontest.Testdata + "/gemini/.gemini/tmp/deck-demo/"
	CopyFile(t, fixture+".project_root", filepath.Join(tmp, "deck-demo", ".project_root"), 1)
	CopyFile(t, fixture+"chats/session-2026-05-02T10-15-4f1c2a9e.jsonl", logs["Raise the retry limit to 5"], 1)
	sub := "4f1c2a9e-7b3d-4e21-9a0c-5d8e6f1b2c3d/9b2d7e41-0c5a-4f3e-8d21-6a7b8c9d0e1f.jsonl"
	CopyFile(t, fixture+"chats/"+sub, filepath.Join(tmp, "deck-demo", "chats", sub), 1)
	return logs, cwds
}

func hash(folder string) string {
	sum := sha256.Sum256([]byte(folder))
	return hex.EncodeToString(sum[:])
}

// jsonLines is an older chat document as Gemini CLI moves it to a JSON
// Lines log when it is resumed (chatRecordingService.ts, initialize): its
// metadata, then each message, then the session's id set again.
func jsonLines(t *testing.T, doc string) []byte {
	t.Helper()
	var chat struct {
		SessionID   string           `json:"sessionId"`
		ProjectHash string           `json:"projectHash"`
		StartTime   string           `json:"startTime"`
		LastUpdated string           `json:"lastUpdated"`
		Summary     string           `json:"summary,omitempty"`
		Messages    []jsontext.Value `json:"messages"`
	}
	if err := json.Unmarshal(sessiontest.ReadFile(t, doc), &chat); err != nil {
		t.Fatal(err)
	}
	msgs := chat.Messages
	chat.Messages = nil
	head, err := json.Marshal(chat, json.OmitZeroStructFields(true))
	if err != nil {
		t.Fatal(err)
	}
	out := append(head, '\n')
	for _, m := range msgs {
		if err := m.Compact(); err != nil {
			t.Fatal(err)
		}
		out = append(append(out, m...), '\n')
	}
	return append(out, `{"$set":{"sessionId":"`+chat.SessionID+`"}}`+"\n"...)
}
