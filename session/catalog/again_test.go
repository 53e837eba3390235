package catalog_test

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
)

// A log looked at again is the row a listing gives it now; a harness
// session folder whose names changed since (its mtime), or whose names
// alone did not pick its log, is left to a listing, as is a log gone.
func TestAgainLooksAsAListingDoes(t *testing.T) {
	_, logs := catalogtest.AgentsHome(t)
	roots := catalog.DefaultRoots()[:3]
	listed := map[string]catalog.Item{}
	for _, it := range catalog.Find(roots) {
		it.Live = false // a time since, not what the log is
		listed[it.Path] = it
	}
	for _, agent := range []string{catalog.AgentHarness, catalog.AgentClaude, catalog.AgentCodex} {
		want := listed[logs[agent]]
		got, ok := catalog.Again(agent, logs[agent], want.FolderMod)
		got.Live = false
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("%s looked at again: %+v %v, listed %+v", agent, got, ok, want)
		}
	}
	harness := logs[catalog.AgentHarness]
	folderMod := listed[harness].FolderMod
	if _, ok := catalog.Again(catalog.AgentHarness, harness, 0); ok {
		t.Error("a harness log whose folder's mtime was not kept was looked at again")
	}
	later := time.Unix(0, folderMod).Add(time.Second) // a name made or removed
	if err := os.Chtimes(filepath.Dir(harness), later, later); err != nil {
		t.Fatal(err)
	}
	if it, ok := catalog.Again(catalog.AgentHarness, harness, folderMod); ok {
		t.Errorf("a harness folder changed since was not left to a listing: %+v", it)
	}
	if err := os.Remove(logs[catalog.AgentClaude]); err != nil {
		t.Fatal(err)
	}
	if it, ok := catalog.Again(catalog.AgentClaude, logs[catalog.AgentClaude], 0); ok {
		t.Errorf("a log gone: %+v", it)
	}
	if it, ok := catalog.Again(catalog.AgentOpenCode, logs[catalog.AgentCodex], 0); ok {
		t.Errorf("a store's session, which only its store can say: %+v", it)
	}
}
