package viewer

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// harnessLog copies the harness fixture name into a temporary folder, its
// first n lines only (all of them when n < 0), and returns the copy's path
// and the whole log's bytes.
func harnessLog(t *testing.T, name string, n int) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(testdata + "/harness/" + name + "/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	if err := os.WriteFile(path, firstLines(data, n), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// firstLines is data's first n lines (all of it when n < 0).
func firstLines(data []byte, n int) []byte {
	if n < 0 {
		return data
	}
	end := 0
	for i := 0; i < n; i++ {
		next := strings.IndexByte(string(data[end:]), '\n')
		if next < 0 {
			return data
		}
		end += next + 1
	}
	return data[:end]
}

func writeLog(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// statusOf is the status bar's row: the last row but one.
func statusOf(screen string) string {
	rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(rows) < 2 {
		return ""
	}
	return rows[len(rows)-2]
}

// Open a log's first 30 lines, append the rest, press f: the view is the
// whole log's, as a fresh open shows it, with no notice of a re-read and
// no card drawn twice.
func TestFollowAfterOpeningPartOfALog(t *testing.T) {
	path, data := harnessLog(t, "fs-delete-recreate", 30)
	x := start(t, Options{Path: path, Follow: new(false)}, 120, 40)
	x.opened(cardsIn(t, path))
	writeLog(t, path, data)
	n := cardsIn(t, path)
	x.keys("f")
	followed := x.waitUntil("the whole log followed", followedWhole(n))
	x.quit()

	fresh := freshAtTheBottom(t, path, n)
	if strings.Contains(followed, "following from the start") {
		t.Fatalf("pressing f said the log was read again:\n%s", followed)
	}
	if got, want := cardsOf(followed), cardsOf(fresh); got != want {
		t.Fatalf("followed:\n%s\nfresh open:\n%s", followed, fresh)
	}
	if got, want := countsOf(statusOf(followed)), countsOf(statusOf(fresh)); got != want {
		t.Fatalf("followed status %q, fresh %q", got, want)
	}
}

// followedWhole says the screen follows a log of n cards at its bottom,
// its turn ended and every card drawn.
func followedWhole(n int) func(string) bool {
	last := fmt.Sprintf("card %d of %d ", n, n)
	return func(s string) bool {
		st := statusOf(s)
		return strings.Contains(st, last) && strings.Contains(st, "100%") && strings.Contains(st, "following") &&
			strings.Contains(s, "turn 1 done") && drawn(s)
	}
}

// freshAtTheBottom is the screen of a fresh open of the log at path, of n
// cards, at its bottom.
func freshAtTheBottom(t *testing.T, path string, n int) string {
	t.Helper()
	y := start(t, Options{Path: path, Follow: new(false)}, 120, 40)
	y.opened(n)
	y.keys("G")
	fresh := y.waitUntil("the last card at 100%", atLastCard)
	y.quit()
	return fresh
}

// cardsOf is a screen's card rows, without the focus gutter, the status
// and the hint bar.
func cardsOf(screen string) string {
	rows := strings.Split(strings.TrimRight(screen, "\n"), "\n")
	if len(rows) > 2 {
		rows = rows[:len(rows)-2]
	}
	for i, r := range rows {
		r = strings.TrimPrefix(r, "▌")
		rows[i] = strings.TrimSpace(r)
	}
	return strings.Join(rows, "\n")
}

// countsOf is the status bar's number of cards, calls and errors.
func countsOf(status string) string {
	var keep []string
	for _, f := range strings.Split(status, " · ") {
		if i := strings.Index(f, " of "); i >= 0 && strings.Contains(f, "card") {
			keep = append(keep, f[i+1:])
		}
		if strings.HasSuffix(f, "calls") || strings.HasSuffix(f, "errors") {
			keep = append(keep, f)
		}
	}
	return strings.Join(keep, " · ")
}

// A log cut to nothing while followed says so and shows nothing of what
// it held.
func TestATruncatedLogShowsNothingStale(t *testing.T) {
	path, _ := harnessLog(t, "fs-delete-recreate", -1)
	x := start(t, Options{Path: path, Follow: new(true)}, 120, 40)
	x.waitUntil("the whole log followed", followedWhole(cardsIn(t, path)))
	writeLog(t, path, nil)
	s := x.waitUntil("the notice alone", func(s string) bool { // the status row is drawn after the cards
		return strings.Contains(s, "read again from the start") && strings.Contains(statusOf(s), "card 1 of 1 ")
	})
	if strings.Contains(s, "turn 1") || strings.Contains(s, "runtime context") {
		t.Fatalf("the cut log still shows its old cards:\n%s", s)
	}
	x.quit()
}

// Toggling f while the log grows ends with the whole log, as a fresh open
// shows it: the turn header there, no notice of a re-read.
func TestTogglingFollowWhileTheLogGrows(t *testing.T) {
	path, data := harnessLog(t, "fs-delete-recreate", 10)
	x := start(t, Options{Path: path, Follow: new(true)}, 120, 40)
	x.waitFor("following")
	for n := 20; n <= 70; n += 10 { // appended, never rewritten: the file never shrinks
		had, _ := os.ReadFile(path)
		appendLog(t, path, firstLines(data, n)[len(had):])
		x.keys("f")
		x.settled("f taken", anything)
	}
	n := cardsIn(t, path) // six toggles: following again
	followed := x.waitUntil("the whole log followed", followedWhole(n))
	x.quit()

	fresh := freshAtTheBottom(t, path, n)
	if got, want := cardsOf(followed), cardsOf(fresh); got != want || strings.Contains(followed, "from the start") {
		t.Fatalf("followed:\n%s\nfresh open:\n%s", followed, fresh)
	}
	if got, want := countsOf(statusOf(followed)), countsOf(statusOf(fresh)); got != want {
		t.Fatalf("followed status %q, fresh %q", got, want)
	}
}

// A followed log rewritten in place with another session, longer, shows
// that session alone, as a fresh open does, after the notice that it was
// read again: none of the old cards, no new bytes read on from the old end.
func TestALogRewrittenLongerShowsTheNewSessionAlone(t *testing.T) {
	path, _ := harnessLog(t, "fs-delete-recreate", -1)
	other, err := os.ReadFile(testdata + "/harness/fs-policy-reject/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	was, _ := os.Stat(path)
	if len(other) <= int(was.Size()) {
		t.Fatalf("the other session, %d bytes, is not longer than %d", len(other), was.Size())
	}
	x := start(t, Options{Path: path, Follow: new(true)}, 120, 40)
	x.waitUntil("the whole log followed", followedWhole(cardsIn(t, path)))
	writeLog(t, path, other) // in place: the same file, cut and written again
	n := cardsIn(t, path)
	followed := x.waitUntil("the new session followed, after the notice", followedWhole(n+1))
	x.quit()

	fresh := freshAtTheBottom(t, path, n)
	if strings.Contains(followed, "not JSON") {
		t.Fatalf("the rewritten log was read on from the old end:\n%s", followed)
	}
	if got, want := cardsOf(followed), cardsOf(fresh); got != want {
		t.Fatalf("followed:\n%s\nfresh open:\n%s", followed, fresh)
	}
}
