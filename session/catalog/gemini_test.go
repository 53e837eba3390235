package catalog_test

import (
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
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
	var found []catalog.Item
	for _, it := range catalog.Find(catalog.DefaultRoots()) {
		if it.Agent == catalog.AgentGemini {
			found = append(found, catalog.Scan(it))
		}
	}
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
