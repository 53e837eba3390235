package index_test

import (
	"fmt"
	"github.com/deck-tui/deck/session/cardtext"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/index"
)

// A log that was not touched is not read again; one that grew is read
// as an append, and only its chunks from where it changed are written:
// its last chunk, grown, and the new ones. Each of its prompts here is
// longer than a chunk, so closes one.
func TestAnAppendWritesOnlyTheNewChunks(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	long := func(word string) string { return strings.Repeat(word+" ", index.ChunkBytes/len(word)) }
	write(t, path, harnessLog([2]string{"first prompt about otters " + long("first"), "a reply"}, [2]string{long("second"), "another reply"}), old)
	ix := open(t, t.TempDir())
	first := update(t, ix, tr)
	if first.Read != 1 || first.Rows != 3 { // the first prompt; its reply and the second prompt; the second reply
		t.Fatalf("first update: %+v", first)
	}
	if again := update(t, ix, tr); again.Read != 0 || again.Rows != 0 {
		t.Fatalf("an update with nothing changed read %d logs, wrote %d chunks", again.Read, again.Rows)
	}
	appendTo(t, path, harnessTurn(3, "third prompt about badgers "+long("third"), "a third reply"), old-time.Minute)
	grown := update(t, ix, tr)
	if grown.Read != 1 || grown.Rewritten != 0 {
		t.Fatalf("after an append: %+v", grown)
	}
	if grown.Rows != 2 { // the second reply with the third prompt; the third reply
		t.Errorf("an append of one turn wrote %d chunks; the first read wrote %d", grown.Rows, first.Rows)
	}
	if got := where(find(t, ix, index.Query{Text: "badgers"})); !reflect.DeepEqual(got, []string{"s1#9:prompt"}) {
		t.Errorf("the appended prompt: %v", got)
	}
	for q, want := range map[string]string{"otters": "s1#1:prompt", "another reply": "s1#6:reply", "a third reply": "s1#10:reply"} {
		if got := where(find(t, ix, index.Query{Text: q})); !reflect.DeepEqual(got, []string{want}) {
			t.Errorf("%q after the append: %v", q, got)
		}
	}
}

// A log rewritten, even to the same size, is no append: what it no longer
// holds is gone from the index, and what it holds now is found.
func TestARewriteIsReadFromNothing(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	write(t, path, harnessLog([2]string{"alpha prompt", "reply one"}, [2]string{"gamma prompt", "reply two"}), old)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	before, _ := os.Stat(path)
	// the same bytes but one word of the first turn: an append would keep the start
	write(t, path, harnessLog([2]string{"omega prompt", "reply one"}, [2]string{"gamma prompt", "reply two"}), old-time.Minute)
	if after, _ := os.Stat(path); after.Size() != before.Size() {
		t.Fatalf("the rewrite is %d bytes, not %d", after.Size(), before.Size())
	}
	sum := update(t, ix, tr)
	if sum.Read != 1 || sum.Rewritten != 1 {
		t.Fatalf("after a rewrite of the same size: %+v", sum)
	}
	if hits := find(t, ix, index.Query{Text: "alpha"}); len(hits) != 0 {
		t.Errorf("the rewritten-away prompt is still found: %v", where(hits))
	}
	if got := where(find(t, ix, index.Query{Text: "omega"})); !reflect.DeepEqual(got, []string{"s1#1:prompt"}) {
		t.Errorf("the new prompt: %v", got)
	}
}

// A log cut shorter is a rewrite: its lost turns leave the index. Its
// first turn is longer than the head the index hashes, so only its size
// tells.
func TestATruncatedLogLosesItsTail(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	one := harnessLog([2]string{"kept prompt " + strings.Repeat("words ", 20000), "kept reply"})
	write(t, path, one+harnessTurn(2, "lost prompt", "lost reply"), old)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	if len(find(t, ix, index.Query{Text: "lost prompt"})) != 1 {
		t.Fatal("the second turn is not indexed")
	}
	write(t, path, one, old-time.Minute)
	if sum := update(t, ix, tr); sum.Rewritten != 1 {
		t.Errorf("a truncated log: %+v", sum)
	}
	if hits := find(t, ix, index.Query{Text: "lost"}); len(hits) != 0 {
		t.Errorf("the cut turn is still found: %v", where(hits))
	}
	if len(find(t, ix, index.Query{Text: "kept prompt"})) != 1 {
		t.Error("the turn kept is not found")
	}
}

// A session deleted from disk leaves the index: not listed, not found.
func TestADeletedSessionLeavesTheIndex(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"stays here", "ok"}), old)
	write(t, tr.harnessPath("s2"), harnessLog([2]string{"goes away", "ok"}), old)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	if err := os.RemoveAll(strings.TrimSuffix(tr.harnessPath("s2"), "/session.jsonl")); err != nil {
		t.Fatal(err)
	}
	if sum := update(t, ix, tr); sum.Removed != 1 || sum.Sessions != 1 {
		t.Errorf("after a delete: %+v", sum)
	}
	list, err := ix.Sessions(t.Context())
	if err != nil || len(list) != 1 || list[0].Path != tr.harnessPath("s1") {
		t.Errorf("listed after the delete: %v %v", list, err)
	}
	if hits := find(t, ix, index.Query{Text: "goes away"}); len(hits) != 0 {
		t.Errorf("the deleted session is still found: %v", where(hits))
	}
}

// A live log's last line, half written, is not read as a broken line: the
// index waits for it to be whole. Once whole, it is found; and a log read
// while live is read again, closed, once it has stopped changing.
func TestAHalfWrittenLastLineWaits(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	whole := harnessLog([2]string{"first prompt", "first reply"})
	next := harnessTurn(2, "second prompt with walrus", "second reply")
	cut := strings.Index(next, "walrus") + 3
	write(t, path, whole+next[:cut], 0) // being written: live
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	if hits := find(t, ix, index.Query{Text: "JSON", Kinds: []cardtext.Kind{cardtext.KindError}}); len(hits) != 0 {
		t.Fatalf("the half line was read as a broken one: %v", where(hits))
	}
	appendTo(t, path, next[cut:], 0)
	update(t, ix, tr)
	if got := where(find(t, ix, index.Query{Text: "walrus"})); !reflect.DeepEqual(got, []string{"s1#5:prompt"}) {
		t.Errorf("the line once whole: %v", got)
	}
	if sum := update(t, ix, tr); sum.Read != 0 {
		t.Errorf("a live log read again with nothing changed: %+v", sum)
	}
	defer index.Later(3 * time.Minute)() // no longer written: read once more, to its end
	if sum := update(t, ix, tr); sum.Read != 1 {
		t.Errorf("a log read while live, once it stopped: %+v", sum)
	}
	if sum := update(t, ix, tr); sum.Read != 0 {
		t.Errorf("and not again: %+v", sum)
	}
}

// An update keeps the list of sessions it wrote as the index holds it,
// without reading the table again: a session added, one grown and one
// deleted are listed as a deck opening the index afresh lists them.
func TestAnUpdateKeepsTheListItWrote(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"one", "ok"}), 3*time.Hour)
	write(t, tr.harnessPath("s2"), harnessLog([2]string{"two", "ok"}), 2*time.Hour)
	dir := t.TempDir()
	ix := open(t, dir)
	update(t, ix, tr)
	if _, err := ix.Sessions(t.Context()); err != nil {
		t.Fatal(err)
	}
	reads := index.ListReads(ix)
	appendTo(t, tr.harnessPath("s1"), harnessTurn(2, "more", "ok"), time.Hour)
	write(t, tr.harnessPath("s3"), harnessLog([2]string{"three", "ok"}), 30*time.Minute)
	if err := os.RemoveAll(strings.TrimSuffix(tr.harnessPath("s2"), "/session.jsonl")); err != nil {
		t.Fatal(err)
	}
	update(t, ix, tr)
	kept, err := ix.Sessions(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if n := index.ListReads(ix) - reads; n != 0 {
		t.Errorf("the list was read %d times again", n)
	}
	fresh, err := open(t, dir).Sessions(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(kept, fresh) || len(kept) != 2 || kept[0].Path != tr.harnessPath("s3") || kept[1].Turns != 2 {
		t.Errorf("kept %+v\nfresh %+v", kept, fresh)
	}
}

// New sessions get ids that fall as the list goes, newest first, however
// the cores read them, and among sessions of one time too: a search's one
// stream of candidates by id gives them in the list's order.
func TestIdsFollowTheList(t *testing.T) {
	tr := newTree(t)
	base := time.Now().Add(-time.Hour).Truncate(time.Second)
	for i := range 24 {
		path := tr.harnessPath(fmt.Sprintf("s%02d", i))
		write(t, path, harnessLog([2]string{strings.Repeat("words ", 1000*(i%5)), "ok"}), old)
		when := base.Add(-time.Duration(i/3) * time.Minute) // three of each time
		if err := os.Chtimes(path, when, when); err != nil {
			t.Fatal(err)
		}
	}
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	list, err := ix.Sessions(t.Context())
	if err != nil || len(list) != 24 {
		t.Fatal(len(list), err)
	}
	for i := 1; i < len(list); i++ {
		if list[i].ID >= list[i-1].ID {
			t.Errorf("%s has id %d, after %s's %d", list[i].Path, list[i].ID, list[i-1].Path, list[i-1].ID)
		}
	}
}

// A harness folder the index listed is looked at again by its mtime: a
// file put beside the log changes it but not the log, which is not read
// again; a newer generation is the session's log from then on.
func TestAHarnessFolderIsListedWhenItChanges(t *testing.T) {
	tr := newTree(t)
	path := tr.harnessPath("s1")
	folder := filepath.Dir(path)
	write(t, path, harnessLog([2]string{"in the first generation", "ok"}), 2*time.Hour)
	ix := open(t, t.TempDir())
	update(t, ix, tr)
	later := time.Now().Add(-time.Hour)
	write(t, filepath.Join(folder, "notes.txt"), "not a log", time.Hour)
	os.Chtimes(folder, later, later)
	if sum := update(t, ix, tr); sum.Read != 0 || sum.Sessions != 1 {
		t.Errorf("a file beside the log: %+v", sum)
	}
	v1 := filepath.Join(folder, "session.v1.jsonl")
	write(t, v1, harnessLog([2]string{"in the second generation", "ok"}), 30*time.Minute)
	later = later.Add(time.Minute)
	os.Chtimes(folder, later, later)
	if sum := update(t, ix, tr); sum.Read != 1 || sum.Removed != 1 || sum.Sessions != 1 {
		t.Errorf("a new generation: %+v", sum)
	}
	list, err := ix.Sessions(t.Context())
	if err != nil || len(list) != 1 || list[0].Path != v1 {
		t.Errorf("listed: %+v %v", list, err)
	}
	if hits := find(t, ix, index.Query{Text: "second generation"}); len(hits) != 1 || hits[0].Session.Path != v1 {
		t.Errorf("found: %v", where(hits))
	}
}

// A first build merges nothing as it goes: each batch's segment of the
// full-text table is written once. Once built, the table merges again, a
// little at each write, its crisis put off past what a build makes.
func TestAFirstBuildMergesNothingUntilItEnds(t *testing.T) {
	tr := newTree(t)
	for i := range 3 {
		write(t, tr.harnessPath(fmt.Sprintf("s%d", i)), harnessLog([2]string{"words", "ok"}), old)
	}
	ix := open(t, t.TempDir())
	var during [][2]int64
	if _, err := ix.Update(t.Context(), tr.roots, func(p index.Progress) {
		if p.Done > 0 {
			auto, crisis := index.Merges(ix)
			during = append(during, [2]int64{auto, crisis})
		}
	}); err != nil {
		t.Fatal(err)
	}
	if len(during) == 0 || during[0] != [2]int64{0, 1000} {
		t.Errorf("while building: %v", during)
	}
	if auto, crisis := index.Merges(ix); auto != 4 || crisis != 64 {
		t.Errorf("built: automerge %d, crisismerge %d", auto, crisis)
	}
	appendTo(t, tr.harnessPath("s1"), harnessTurn(2, "more", "ok"), old-time.Minute)
	update(t, ix, tr)
	if auto, crisis := index.Merges(ix); auto != 4 || crisis != 64 {
		t.Errorf("after an append: automerge %d, crisismerge %d", auto, crisis)
	}
}

// A deck starting up reads the list of sessions as one value and the
// rows written since, never the table row by row, and lists what the
// table holds: after a first build, after appends, a new session and a
// deleted one (rows since the value), and after changes to many sessions
// (the value written again).
func TestAFreshDeckReadsTheListAsOneValue(t *testing.T) {
	tr := newTree(t)
	path := func(i int) string { return tr.harnessPath(fmt.Sprintf("s%03d", i)) }
	for i := range 80 {
		write(t, path(i), harnessLog([2]string{fmt.Sprintf("prompt %d", i), "ok"}), time.Duration(200-i)*time.Minute)
	}
	dir := t.TempDir()
	update(t, open(t, dir), tr)
	fresh := func(what string) {
		t.Helper()
		ix := open(t, dir)
		got, err := ix.Sessions(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		want, err := index.TableSessions(ix)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: listed %d sessions, the table holds %d", what, len(got), len(want))
		}
		if n := index.ListScans(ix); n != 0 {
			t.Errorf("%s: the table read row by row %d times", what, n)
		}
	}
	fresh("built")
	at, _ := index.ListAt(open(t, dir))
	appendTo(t, path(3), harnessTurn(2, "more", "ok"), time.Minute)
	write(t, path(100), harnessLog([2]string{"new", "ok"}), time.Minute)
	if err := os.RemoveAll(filepath.Dir(path(7))); err != nil {
		t.Fatal(err)
	}
	update(t, open(t, dir), tr)
	if now, gen := index.ListAt(open(t, dir)); now != at || gen == at {
		t.Errorf("a few changes wrote the list again (at %d, was %d, writes %d)", now, at, gen)
	}
	fresh("a few changed")
	for i := 10; i < 80; i++ {
		appendTo(t, path(i), harnessTurn(2, "more", "ok"), 30*time.Second)
	}
	update(t, open(t, dir), tr)
	if now, gen := index.ListAt(open(t, dir)); now != gen {
		t.Errorf("many changes: the list is at write %d of %d", now, gen)
	}
	fresh("many changed")
}

// A list damaged on disk is no error: the table is read row by row, and
// the next update writes the list again, even with nothing changed.
func TestADamagedListIsReadFromTheTable(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"one", "ok"}), old)
	dir := t.TempDir()
	update(t, open(t, dir), tr)
	if err := index.DamageList(open(t, dir)); err != nil {
		t.Fatal(err)
	}
	ix := open(t, dir)
	if list, err := ix.Sessions(t.Context()); err != nil || len(list) != 1 || index.ListScans(ix) != 1 {
		t.Fatalf("%v %v, %d scans", list, err, index.ListScans(ix))
	}
	update(t, ix, tr)
	again := open(t, dir)
	if list, err := again.Sessions(t.Context()); err != nil || len(list) != 1 || index.ListScans(again) != 0 {
		t.Errorf("after an update: %v %v, %d scans", list, err, index.ListScans(again))
	}
}
