package catalog_test

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Grok Build's sessions are found under ~/.grok/sessions, newest first,
// each titled, placed and dated by its summary.json (its chat history says
// none of these; without it, a session is titled by its first prompt); a
// subagent's session is part of its parent's, not listed on its own.
// $GROK_HOME moves the whole of Grok Build's home.
func TestFindGrokSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	logs, cwds := catalogtest.GrokHome(t, home)
	found := func() []catalog.Item { return scannedOf(catalog.AgentGrok) }
	order := []string{"Raise the retry limit to 5", "Read hello.py and summarize what it prints"}
	started := map[string]string{"Raise the retry limit to 5": "2026-05-04T09:12:03Z", "Read hello.py and summarize what it prints": "2026-07-31T10:13:27Z"}
	got := found()
	if len(got) != len(order) {
		t.Fatalf("found %d Grok Build sessions, want %d: %+v", len(got), len(order), got)
	}
	for i, title := range order {
		it := got[i]
		if it.Title != title || it.Path != logs[title] || it.Cwd != cwds[title] || it.NotShown != "" {
			t.Errorf("session %d: %q %s in %q; want %q %s in %q", i, it.Title, it.Path, it.Cwd, title, logs[title], cwds[title])
		}
		if s := it.Started.UTC().Truncate(time.Second).Format(time.RFC3339); s != started[title] {
			t.Errorf("%q started %s, want %s", title, s, started[title])
		}
	}
	moved := filepath.Join(home, "elsewhere")
	t.Setenv("GROK_HOME", moved)
	if n := len(found()); n != 0 {
		t.Errorf("with GROK_HOME elsewhere, %d sessions are still found in ~/.grok", n)
	}
	catalogtest.CopyFile(t, logs[order[1]], filepath.Join(moved, "sessions", "x", "s", "chat_history.jsonl"), 0)
	// with no summary.json beside it, a session is titled by its first prompt
	if got := found(); len(got) != 1 || got[0].Title != "Read hello.py and summarize what it prints without editing files." {
		t.Errorf("in GROK_HOME: %+v", got)
	}
}

// Grok Build's folders hold nothing deck opens but regular files: a named
// pipe, a socket, a link to a terminal or to /dev/zero, a dangling link or
// a folder at a chat history's name is not listed, at a summary.json's
// says nothing, and at a subagent's chat history or meta.json shows no
// work; nothing blocks.
func TestGrokFoldersOpenOnlyFiles(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			sessions := filepath.Join(home, ".grok", "sessions", "%2Fw")
			k.Make(t, filepath.Join(sessions, "a", "chat_history.jsonl"))
			fixture := sessiontest.Testdata + "/grok-build/.grok/sessions/%2Fwork%2Fdemo/"
			parent, child := "019f7a10-2c3d-7e4f-8a9b-0c1d2e3f4a5b", "019f7a12-5e6f-7a8b-9c0d-1e2f3a4b5c6d"
			log := filepath.Join(sessions, parent, "chat_history.jsonl")
			catalogtest.CopyFile(t, fixture+parent+"/chat_history.jsonl", log, 1)
			k.Make(t, filepath.Join(sessions, parent, "summary.json"))
			k.Make(t, filepath.Join(sessions, parent, "subagents", child, "meta.json"))
			k.Make(t, filepath.Join(sessions, child, "chat_history.jsonl"))
			catalogtest.CopyFile(t, fixture+child+"/summary.json", filepath.Join(sessions, child, "summary.json"), 1)
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
			var grok []catalog.Item
			for _, it := range found {
				if it.Agent == catalog.AgentGrok {
					grok = append(grok, it)
				}
			}
			if len(grok) != 1 || grok[0].Path != log || grok[0].Cwd != "" || grok[0].Title != "Raise the retry limit in config.py to 5 and check that the tests still pass." {
				t.Fatalf("listed %+v", grok)
			}
			var s *session.Session
			promptly(t, "opening", func() { s, _ = source.Open(log) })
			for _, c := range sessiontest.Calls(s) {
				if len(c.Nested) > 0 {
					t.Errorf("call %s shows %d entries of a subagent's chat history that is a %s", c.CallID, len(c.Nested), k)
				}
			}
		})
	}
}
