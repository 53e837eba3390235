package index

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
)

// A list's value cut anywhere short is an error, never a panic nor a
// list; whole, it is the list.
func TestAListCutShort(t *testing.T) {
	list := []Session{{ID: 3, Path: "/a", Agent: "x", Title: "t", Turns: 2}, {ID: 1, Path: "/b", Unreadable: "gone"}}
	for i := range list {
		list[i].file = fileState{size: 10, mtime: 5, head: []byte{1, 2}, headLen: 2, closed: true, folderMod: 7}
	}
	raw := string(encodeList(list))
	for n := range len(raw) {
		if got, err := decodeList(raw[:n]); err == nil {
			t.Fatalf("cut at %d: %v", n, got)
		}
	}
	got, err := decodeList(raw)
	if err != nil || len(got) != 2 || got[0].Path != "/a" || got[1].Unreadable != "gone" || got[0].file.folderMod != 7 || string(got[1].file.head) != "\x01\x02" {
		t.Errorf("%+v %v", got, err)
	}
}

// Rows written since the list's value and rows gone since are merged into
// it as one sorting of them all would order them, newest first and of one
// time by path; a value out of order (damaged on disk) comes out sorted.
// A session written twice (an update reads a log while it lists, and again
// if the listing saw it changed since) is its last write, once; one written
// and gone since is gone.
func TestMergedIsTheListSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	session := func(id int64) Session {
		s := Session{ID: id, Path: fmt.Sprintf("/s/%03d", id)} // a path is one session's
		s.file.mtime = int64(rng.IntN(20))                     // few times: many ties, ordered by path
		return s
	}
	for round := range 200 {
		var list []Session
		for id := range int64(rng.IntN(40)) {
			list = append(list, session(id))
		}
		if round%5 != 0 { // every fifth list is left unsorted
			sortSessions(list)
		}
		var put []Session
		var gone []int64
		for range rng.IntN(6) {
			if id := int64(rng.IntN(50)); rng.IntN(2) == 0 {
				put = append(put, session(id))
			} else {
				gone = append(gone, id)
			}
		}
		want := slices.DeleteFunc(slices.Clone(list), func(s Session) bool {
			return slices.Contains(gone, s.ID) || slices.ContainsFunc(put, func(p Session) bool { return p.ID == s.ID })
		})
		for i, p := range put { // a session written twice is its last write; one gone is gone, whatever was written of it
			if !slices.Contains(gone, p.ID) && !slices.ContainsFunc(put[i+1:], func(q Session) bool { return q.ID == p.ID }) {
				want = append(want, p)
			}
		}
		sortSessions(want)
		if len(put)+len(gone) == 0 {
			want = list
		}
		got := merged(list, put, gone)
		if !slices.EqualFunc(got, want, func(a, b Session) bool { return a.ID == b.ID && a.Path == b.Path && a.file.mtime == b.file.mtime }) {
			ids := func(l []Session) (out []int64) {
				for _, s := range l {
					out = append(out, s.ID)
				}
				return out
			}
			t.Fatalf("round %d: %v merged into %v, less %v: got %v, want %v", round, ids(put), ids(list), gone, ids(got), ids(want))
		}
	}
}

// Each log found is paired with the index's row of its path, whatever
// changed its time (older, newer, of another's time), and every row no
// log was found for is said to be so: as a map of the rows by path pairs
// them.
func TestRowsOfPairsByPath(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for round := range 300 {
		var stored []Session
		var found []catalog.Item
		for id := range rng.IntN(40) {
			s := Session{ID: int64(id), Path: fmt.Sprintf("/s/%02d", id)}
			s.file.mtime = int64(rng.IntN(15))
			if rng.IntN(5) != 0 {
				stored = append(stored, s)
			}
			if rng.IntN(5) != 0 {
				mod := s.file.mtime
				if rng.IntN(4) == 0 {
					mod = int64(rng.IntN(15)) // changed since: another time
				}
				found = append(found, catalog.Item{Path: s.Path, Mod: time.Unix(0, mod)})
			}
		}
		sortSessions(stored)
		catalog.NewestFirst(found)
		rows, listed := rowsOf(found, stored)
		byPath := map[string]int{}
		for k, s := range stored {
			byPath[s.Path] = k
		}
		want := make([]bool, len(stored))
		for i, it := range found {
			k, ok := byPath[it.Path]
			if ok {
				want[k] = true
			}
			if (rows[i] != nil) != ok || ok && rows[i] != &stored[k] {
				t.Fatalf("round %d: %s paired with %v", round, it.Path, rows[i])
			}
		}
		if !slices.Equal(listed, want) {
			t.Fatalf("round %d: listed %v, want %v", round, listed, want)
		}
	}
}
