package ui

import (
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
	off := false
	x := start(t, Options{Path: path, Follow: &off}, 120, 40)
	x.waitFor("card 1 of")
	writeLog(t, path, data)
	x.keys("f")
	x.waitFor("following", "turn 1 done")
	followed := x.steady() // every card read and drawn
	x.quit()

	y := start(t, Options{Path: path, Follow: &off}, 120, 40)
	y.waitFor("card 1 of")
	y.keys("G")
	y.waitFor("100%", "turn 1 done")
	fresh := y.steady()
	y.quit()
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
	on := true
	x := start(t, Options{Path: path, Follow: &on}, 120, 40)
	x.waitFor("following", "turn 1 done")
	writeLog(t, path, nil)
	s := x.waitFor("read again from the start")
	if strings.Contains(s, "turn 1") || strings.Contains(s, "runtime context") {
		t.Fatalf("the cut log still shows its old cards:\n%s", s)
	}
	x.quit()
}

// Toggling f while the log grows ends with the whole log, as a fresh open
// shows it: the turn header there, no notice of a re-read.
func TestTogglingFollowWhileTheLogGrows(t *testing.T) {
	path, data := harnessLog(t, "fs-delete-recreate", 10)
	on := true
	x := start(t, Options{Path: path, Follow: &on}, 120, 40)
	x.waitFor("following")
	for n := 20; n <= 70; n += 10 { // appended, never rewritten: the file never shrinks
		had, _ := os.ReadFile(path)
		appendLog(t, path, firstLines(data, n)[len(had):])
		x.keys("f")
		x.steady()
	}
	if !strings.Contains(statusOf(x.screen()), "following") {
		x.keys("f")
	}
	x.waitFor("following", "turn 1 done")
	followed := x.steady()
	x.quit()

	off := false
	y := start(t, Options{Path: path, Follow: &off}, 120, 40)
	y.waitFor("turn 1 done")
	fresh := y.steady()
	y.quit()
	if got, want := cardsOf(followed), cardsOf(fresh); got != want || strings.Contains(followed, "from the start") {
		t.Fatalf("followed:\n%s\nfresh open:\n%s", followed, fresh)
	}
	if got, want := countsOf(statusOf(followed)), countsOf(statusOf(fresh)); got != want {
		t.Fatalf("followed status %q, fresh %q", got, want)
	}
}
