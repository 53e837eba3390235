package loggen

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A tree is the same bytes every time, of the three agents, with the
// planted word in two logs: one harness session's, one Claude Code's.
func TestTheTreeIsTheSameEveryTime(t *testing.T) {
	a, err := MakeTree(t.TempDir(), 60, "../testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	b, err := MakeTree(t.TempDir(), 60, "../testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Paths) != 60 || a.Bytes != b.Bytes {
		t.Fatalf("%d logs, %d and %d bytes", len(a.Paths), a.Bytes, b.Bytes)
	}
	agents := map[string]int{}
	var planted []string
	for i, p := range a.Paths {
		x, _ := os.ReadFile(p)
		y, _ := os.ReadFile(b.Paths[i])
		if !bytes.Equal(x, y) {
			t.Fatalf("%s differs", p)
		}
		for _, root := range []string{a.Harness, a.Claude, a.Codex} {
			if rel, err := filepath.Rel(root, p); err == nil && rel[0] != '.' {
				agents[root]++
			}
		}
		if bytes.Contains(x, []byte(Planted)) {
			planted = append(planted, p)
		}
	}
	if len(agents) != 3 {
		t.Errorf("the logs by agent: %v", agents)
	}
	if len(planted) != 2 {
		t.Errorf("the planted word is in %v", planted)
	}
}
