package loggen_test

import (
	"strings"
	"testing"

	"github.com/deck-tui/deck/golden/loggen"
	"github.com/deck-tui/deck/session/catalog"
)

// A tiny tree's sessions are found in each agent's folder and read as
// what they are: each titled by its prompt, none unreadable or too new.
func TestTheTinyTreeIsReadAsSessions(t *testing.T) {
	tr, err := loggen.MakeTinyTree(t.TempDir(), 60)
	if err != nil {
		t.Fatal(err)
	}
	found := catalog.ScanAll(catalog.Find([]catalog.Root{{Agent: catalog.AgentHarness, Dir: tr.Harness}, {Agent: catalog.AgentClaude, Dir: tr.Claude}, {Agent: catalog.AgentCodex, Dir: tr.Codex}}))
	if len(found) != 60 || len(tr.Paths) != 60 {
		t.Fatalf("%d found, %d written", len(found), len(tr.Paths))
	}
	agents := map[string]int{}
	for _, it := range found {
		agents[it.Agent]++
		if !strings.HasPrefix(it.Title, "please look at task ") || it.NotShown != "" || it.Unreadable != "" || it.Cwd == "" {
			t.Errorf("%s: %+v", it.Path, it)
		}
	}
	if len(agents) != 3 {
		t.Errorf("the sessions by agent: %v", agents)
	}
}
