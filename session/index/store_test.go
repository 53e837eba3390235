package index_test

import (
	"database/sql"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/index"
	_ "modernc.org/sqlite"
)

// A session of Crush's store is read again when the store says it
// changed, not when another session of the store did (they share one
// file): a message grown within the second the store dates its changes
// by is a change too, by the session's size.
func TestAStoreSessionIsReadWhenItChanges(t *testing.T) {
	home := t.TempDir()
	store, _ := catalogtest.CrushHome(t, home)
	roots := []catalog.Root{{Agent: catalog.AgentCrush, Dir: filepath.Join(home, ".local", "share", "crush")}}
	tr := tree{home, roots}
	ix := open(t, t.TempDir())
	if first := update(t, ix, tr); first.Sessions != 2 || first.Read != 2 {
		t.Fatalf("first update: %+v", first)
	}
	if again := update(t, ix, tr); again.Read != 0 {
		t.Fatalf("an update with nothing changed read %d sessions", again.Read)
	}
	db, err := sql.Open("sqlite", store)
	if err != nil {
		t.Fatal(err)
	}
	// the reply grows within its second: its times as they were
	_, err = db.Exec(`DROP TRIGGER update_messages_updated_at; UPDATE messages SET parts = replace(parts, '"text":"Done."', '"text":"Done, with wombats."') WHERE session_id = 'f1c755dc-c4a5-41c1-812a-497901900cc2'`)
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	if grown := update(t, ix, tr); grown.Read != 1 {
		t.Fatalf("after a message grew: %+v", grown)
	}
	hits := find(t, ix, index.Query{Text: "wombats"})
	if len(hits) != 1 || !reflect.DeepEqual(hits[0].Session.Path, store+"#f1c755dc-c4a5-41c1-812a-497901900cc2") {
		t.Errorf("hits %+v", hits)
	}
}
