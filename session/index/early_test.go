package index_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/index"
)

// Of the sessions the index holds, those changed last are looked at as
// soon as its list is read: one of them that grew is read and written
// while the listing of every log goes on, once, as an append. One changed
// further back is read after the listing, as before; either is found.
func TestALogChangedLastIsReadWhileTheListingGoesOn(t *testing.T) {
	tr := newTree(t)
	n := index.EarlyLooks + 8
	for i := range n { // s00 the newest
		write(t, tr.harnessPath(fmt.Sprintf("s%02d", i)), harnessLog([2]string{fmt.Sprintf("prompt %d", i), "ok"}), old+time.Duration(i)*time.Minute)
	}
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	var early []int
	t.Cleanup(index.AfterEarlyReads(func(read int) { early = append(early, read) }))
	for _, c := range []struct {
		id    string
		early int
		word  string
	}{
		{"s00", 1, "pangolins"},                     // the newest
		{fmt.Sprintf("s%02d", n-1), 0, "aardvarks"}, // the oldest, past the looks
	} {
		early = nil
		appendTo(t, tr.harnessPath(c.id), harnessTurn(2, "about "+c.word, "ok"), old-time.Minute)
		sum := update(t, ix, tr)
		if sum.Read != 1 || sum.Rewritten != 0 || sum.Sessions != n || !reflect.DeepEqual(early, []int{c.early}) {
			t.Errorf("%s grown: %+v, read while listing: %v, want %d", c.id, sum, early, c.early)
		}
		if got := where(find(t, ix, index.Query{Text: c.word})); !reflect.DeepEqual(got, []string{c.id + "#5:prompt"}) {
			t.Errorf("%s's new prompt: %v", c.id, got)
		}
		if again := update(t, ix, tr); again.Read != 0 {
			t.Errorf("after %s grew, the next update read %d logs", c.id, again.Read)
		}
	}
}

// A log that grows again after it was read while the listing went on is
// never missed: read again by the same update when its listing saw it
// grown, else by the next; listed once all the while, as last written.
func TestALogGrownAgainWhileListedIsNotMissed(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	write(t, path, harnessLog([2]string{"first prompt", "ok"}), old)
	write(t, tr.harnessPath("s2"), harnessLog([2]string{"other prompt", "ok"}), old+time.Minute)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	restore := index.AfterEarlyReads(func(read int) {
		if read == 1 {
			appendTo(t, path, harnessTurn(3, "about wombats", "ok"), old-2*time.Minute)
		}
	})
	appendTo(t, path, harnessTurn(2, "about numbats", "ok"), old-time.Minute)
	update(t, ix, tr)
	restore()
	once := func(when string) {
		list, err := ix.Sessions(t.Context())
		var paths []string
		for _, s := range list {
			paths = append(paths, s.Path)
		}
		if err != nil || len(list) != 2 || list[0].Path != path || list[1].Path == path {
			t.Errorf("listed %s: %v %v", when, paths, err)
		}
	}
	once("after the update that read it while listing")
	update(t, ix, tr)
	once("after the next")
	for _, word := range []string{"numbats", "wombats"} {
		if hits := find(t, ix, index.Query{Text: word}); len(hits) != 1 {
			t.Errorf("%s: %v", word, where(hits))
		}
	}
	if sum := update(t, ix, tr); sum.Read != 0 {
		t.Errorf("read again with nothing changed: %+v", sum)
	}
}

// A session of a folder no longer listed (its agent's folder moved) is
// not read while the listing goes on, however it changed: it leaves the
// index.
func TestALogOfAFolderNotListedIsNotReadEarly(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	write(t, path, harnessLog([2]string{"first prompt", "ok"}), old)
	write(t, tr.claudePath("c1"), claudePrompt("c1", "u1", "a claude prompt"), old+time.Minute)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	var early []int
	t.Cleanup(index.AfterEarlyReads(func(read int) { early = append(early, read) }))
	appendTo(t, path, harnessTurn(2, "about numbats", "ok"), old-time.Minute)
	sum, err := ix.Update(t.Context(), tr.roots[1:], nil) // the harness's folder is not listed
	if err != nil || sum.Read != 0 || sum.Removed != 1 || !reflect.DeepEqual(early, []int{0}) {
		t.Errorf("%+v %v, read while listing: %v", sum, err, early)
	}
}
