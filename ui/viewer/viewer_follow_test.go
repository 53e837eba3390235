package viewer

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The viewer follows: new cards show as they are written, and the view
// stays at the bottom.
func TestViewerFollows(t *testing.T) {
	data, err := os.ReadFile(testdata + "/harness/fs-edit/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	cut := strings.Index(string(data), `"type":"tool/call"`)
	if err := os.WriteFile(path, data[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	on := true
	x := start(t, Options{Path: path, Follow: &on}, 100, 30)
	x.waitFor("following", "◌ Read config.txt")
	appendLog(t, path, data[cut:])
	x.waitFor("turn 1 done · 3 steps", "✓ Edit config.txt", "100%", "following")
	x.quit()
}

// deck -f on a log not there yet waits for it, as tail -F does, saying
// so, and reads it once it is there; so does deck -f on a session folder
// the harness has made but not yet written its log in.
func TestFollowingALogNotThereYet(t *testing.T) {
	for _, folder := range []bool{false, true} {
		dir := t.TempDir()
		open, path := filepath.Join(dir, "session.jsonl"), filepath.Join(dir, "session.jsonl")
		if folder {
			open = dir
		}
		on := true
		x := start(t, Options{Path: open, Follow: &on}, 100, 30)
		x.waitFor("waiting for the log to be created")
		data, err := os.ReadFile(testdata + "/harness/fs-edit/session.jsonl")
		if err != nil {
			t.Fatal(err)
		}
		writeLog(t, path, data)
		s := x.waitFor("turn 1 done · 3 steps", "following")
		if strings.Contains(s, "waiting for") {
			t.Fatalf("folder %v: still waiting once the log is there:\n%s", folder, s)
		}
		x.quit()
	}
}

// Following while reading above: nothing moves, and the status says how
// many cards came below; at the bottom the mark goes.
func TestNewCardsBelowAreCounted(t *testing.T) {
	data, err := os.ReadFile(testdata + "/harness/fs-edit/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "session.jsonl")
	cut := strings.Index(string(data), `"type":"tool/call"`)
	writeLog(t, path, data[:cut])
	on := true
	x := start(t, Options{Path: path, Follow: &on}, 100, 12)
	x.waitFor("following", "◌ Read config.txt")
	x.keys("g")
	x.settled("the first card", func(s string) bool { return strings.Contains(statusOf(s), "card 1 of") })
	appendLog(t, path, data[cut:])
	s := x.waitUntil("a count of new cards", func(s string) bool { return newCards.MatchString(statusOf(s)) })
	if !strings.Contains(s, "card 1 of") {
		t.Fatalf("the view moved while reading above:\n%s", s)
	}
	x.keys("G")
	x.waitUntil("the count gone at the bottom", func(s string) bool {
		return strings.Contains(s, "100%") && !newCards.MatchString(statusOf(s))
	})
	x.quit()
}

var newCards = regexp.MustCompile(`↓ [1-9]\d* new`)
