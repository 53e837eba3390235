package index_test

import (
	"context"
	"testing"
)

// Listed is the logs on disk now, each unchanged one as the index holds
// it (its title read when indexed) and the rest as found (not read yet),
// and it changes nothing: the picker's first screen, before the update
// behind it.
func TestListedTakesTheIndexsRowsOfUnchangedLogsAndChangesNothing(t *testing.T) {
	tr := newTree(t)
	ix := open(t, t.TempDir())
	kept, grown, added := tr.harnessPath("kept"), tr.harnessPath("grown"), tr.claudePath("c1")
	write(t, kept, harnessLog([2]string{"the kept one", "ok"}), old)
	write(t, grown, harnessLog([2]string{"the grown one", "ok"}), old)
	update(t, ix, tr)
	appendTo(t, grown, harnessTurn(2, "more", "ok"), old/2)
	write(t, added, claudePrompt("c1", "u1", "the added one"), old/3)

	got := map[string]bool{} // path: taken from the index
	titles := map[string]string{}
	for _, it := range ix.Listed(context.Background(), tr.roots) {
		got[it.Path] = it.Scanned
		titles[it.Path] = it.Title
	}
	if len(got) != 3 || !got[kept] || got[grown] || got[added] {
		t.Errorf("listed (path: from the index): %v", got)
	}
	if titles[kept] != "the kept one" {
		t.Errorf("the kept log's title is %q", titles[kept])
	}
	held, err := ix.Sessions(context.Background())
	if err != nil || len(held) != 2 {
		t.Fatalf("the index holds %d sessions after Listed (%v), want the 2 it had", len(held), err)
	}
	for _, s := range held {
		if s.Path == grown && s.Turns != 1 {
			t.Errorf("Listed changed the grown log's row: %d turns", s.Turns)
		}
	}
}
