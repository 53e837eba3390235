package catalog_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Gemini CLI's chats are found under ~/.gemini/tmp, each project's, newest
// first: a subagent's chat is part of its session, and a document Gemini
// CLI moved to a JSON Lines log is listed once, as the log. Each is titled
// by its summary, else its first prompt; its folder is its project's when
// Gemini CLI's files say it (.project_root, projects.json), else none (the
// chats themselves never say); it started when its chat says.
func TestFindGeminiChats(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	logs, cwds := catalogtest.GeminiHome(t, home)
	found := scannedOf(catalog.AgentGemini)
	order := []string{"Raise the retry limit to 5", "Say hello and list files.", "Update Gemini CLI manually",
		"install 1password cli tool for CachyOS cosmic", "Configure YubiKey for sudo and login"}
	if len(found) != len(order) {
		t.Fatalf("found %d Gemini CLI sessions, want %d: %+v", len(found), len(order), found)
	}
	started := map[string]string{"Raise the retry limit to 5": "2026-05-02T10:15:00Z", "Say hello and list files.": "2026-04-29T21:39:22Z",
		"Update Gemini CLI manually": "2026-01-10T01:33:57Z", "install 1password cli tool for CachyOS cosmic": "2025-12-28T04:03:32Z",
		"Configure YubiKey for sudo and login": "2025-12-24T21:40:00Z"}
	for i, title := range order {
		it := found[i]
		if it.Title != title || it.Path != logs[title] || it.Cwd != cwds[title] {
			t.Errorf("session %d: %q %s in %q; want %q %s in %q", i, it.Title, it.Path, it.Cwd, title, logs[title], cwds[title])
		}
		if got := it.Started.UTC().Truncate(time.Second).Format(time.RFC3339); got != started[title] {
			t.Errorf("%q started %s, want %s", title, got, started[title])
		}
	}
}

// Gemini CLI's folders hold nothing deck opens but regular files: a named
// pipe, a socket, a link to a terminal or to /dev/zero, a dangling link or
// a folder at a chat's name is not listed, at .project_root or
// projects.json says no folder, and at a subagent's chat shows no work;
// nothing blocks.
func TestGeminiFoldersOpenOnlyFiles(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			tmp := filepath.Join(home, ".gemini", "tmp")
			k.Make(t, filepath.Join(tmp, "p", "chats", "session-"+k.String()+".jsonl"))
			k.Make(t, filepath.Join(home, ".gemini", "projects.json"))
			k.Make(t, filepath.Join(tmp, "q", ".project_root"))
			log := filepath.Join(tmp, "q", "chats", "session-2026-05-02T10-15-4f1c2a9e.jsonl")
			catalogtest.CopyFile(t, sessiontest.Testdata+"/gemini/.gemini/tmp/deck-demo/chats/session-2026-05-02T10-15-4f1c2a9e.jsonl", log, 1)
			k.Make(t, filepath.Join(tmp, "q", "chats", "4f1c2a9e-7b3d-4e21-9a0c-5d8e6f1b2c3d", "9b2d7e41-0c5a-4f3e-8d21-6a7b8c9d0e1f.jsonl"))
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
			var gemini []catalog.Item
			for _, it := range found {
				if it.Agent == catalog.AgentGemini {
					gemini = append(gemini, it)
				}
			}
			if len(gemini) != 1 || gemini[0].Path != log || gemini[0].Cwd != "" || gemini[0].Title != "Raise the retry limit to 5" {
				t.Fatalf("listed %+v", gemini)
			}
			var s *session.Session
			promptly(t, "opening", func() { s, _ = source.Open(log) })
			for _, c := range sessiontest.Calls(s) {
				if len(c.Nested) > 0 {
					t.Errorf("call %s shows %d entries of a subagent's chat that is a %s", c.CallID, len(c.Nested), k)
				}
			}
		})
	}
}

// A subagent's id names no other file than its chat: Gemini CLI makes it
// safe for a file's name as deck does, so "../" climbs nowhere.
func TestASubagentIDNamesOnlyItsChat(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tmp", "p", "chats")
	secret := `{"sessionId":"x","projectHash":"p"}` + "\n" + `{"id":"m","type":"gemini","content":"a file outside the chats"}` + "\n"
	catalogtest.CopyBytes(t, []byte(secret), filepath.Join(dir, "..", "..", "secret.jsonl"), 0)
	catalogtest.CopyBytes(t, []byte(secret), filepath.Join(dir, "s1", "______secret.jsonl"), 0)
	chat := `{"sessionId":"s1","projectHash":"p","startTime":"x","lastUpdated":"x"}` + "\n" +
		`{"id":"g","type":"gemini","content":"","toolCalls":[{"id":"c","name":"invoke_agent","args":{},"status":"success","agentId":"../../secret","result":[]}]}` + "\n"
	log := filepath.Join(dir, "session-x.jsonl")
	catalogtest.CopyBytes(t, []byte(chat), log, 0)
	s, err := source.Open(log)
	if err != nil {
		t.Fatal(err)
	}
	call := sessiontest.Calls(s)[0]
	if len(call.Nested) != 1 || sessiontest.EntryKind(call.Nested[0]) != "text:a file outside the chats" {
		t.Fatalf("nested: %v", call.Nested)
	}
	// only the sanitised name was read: the file outside the chats, moved
	// where the sanitised name points, is what showed
	if err := os.Remove(filepath.Join(dir, "s1", "______secret.jsonl")); err != nil {
		t.Fatal(err)
	}
	if s, _ := source.Open(log); len(sessiontest.Calls(s)[0].Nested) != 0 {
		t.Errorf("a subagent id climbed out of the chats folder")
	}
}
