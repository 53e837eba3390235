package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A log with nothing to show yet says why in the body, not a blank screen:
// followed, that deck waits for events (until the first one comes); read
// once, that it is empty. An empty file read once says so as its notice.
func TestALogWithNothingYetSaysSo(t *testing.T) {
	dir := t.TempDir()
	followed := filepath.Join(dir, "followed.jsonl")
	if err := os.WriteFile(followed, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	x := start(t, Options{Path: followed, Follow: new(true)}, 80, 10)
	x.waitFor("waiting for events", "following")
	appendLog(t, followed, []byte(`{"type":"session","version":0,"id":"s","createdAt":1796000000000,"cwd":"/w","delegationDepth":0}`+"\n"+
		`{"type":"turn/start","seq":1,"time":1796000000050,"data":{"turn":1}}`+"\n"))
	x.waitUntil("the first card, and no word of waiting", func(s string) bool {
		return strings.Contains(s, "turn 1") && !strings.Contains(s, "waiting for events")
	})
	x.quit()

	headerOnly := filepath.Join(dir, "header.jsonl")
	if err := os.WriteFile(headerOnly, []byte(`{"type":"session","version":0,"id":"s","createdAt":1796000000000,"cwd":"/w","delegationDepth":0}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	x = start(t, Options{Path: headerOnly, Follow: new(false)}, 80, 10)
	if s := x.waitFor("empty: no events to show"); strings.Contains(s, "waiting") {
		t.Errorf("a log read once waits:\n%s", s)
	}
	x.quit()
}
