package catalog_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// pi's sessions are found where pi keeps them, each titled (its
// session_info name, else its first prompt) in the folder its header
// names; $PI_CODING_AGENT_DIR names pi's folder instead.
func TestFindPiSessions(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	logs, cwds := catalogtest.PiHome(t, home)
	rows := func() map[string]catalog.Item {
		out := map[string]catalog.Item{}
		for _, it := range catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) {
			if it.Agent == catalog.AgentPi {
				out[it.Title] = it
			}
		}
		return out
	}
	found := rows()
	if len(found) != len(logs) {
		t.Fatalf("found %d pi sessions: %+v", len(found), found)
	}
	for title, log := range logs {
		if it := found[title]; it.Path != log || it.Cwd != cwds[title] || it.Started.IsZero() {
			t.Errorf("%q: row %+v", title, it)
		}
	}
	t.Setenv("PI_CODING_AGENT_DIR", "~/elsewhere")
	if n := len(rows()); n != 0 {
		t.Errorf("%d sessions where $PI_CODING_AGENT_DIR names no folder", n)
	}
	catalogtest.CopyFile(t, logs["/mode"], filepath.Join(home, "elsewhere", "sessions", "--w--", "a.jsonl"), 0)
	if n := len(rows()); n != 1 {
		t.Errorf("%d sessions in $PI_CODING_AGENT_DIR", n)
	}
}
