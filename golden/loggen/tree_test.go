package loggen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
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

// The word is planted in a harness session however the draws fall: at a
// size whose session n/3 is not the harness's too (10,000 is one).
func TestTheWordIsPlantedWhereSessionNThirdIsNotTheHarnesss(t *testing.T) {
	if _, _, kind := treeSession(10000 / 3); kind == treeHarness {
		t.Fatal("session 3,333 is the harness's: the size below is no longer the case this test is about")
	}
	n := 0
	for m := 20; m < 200 && n == 0; m++ {
		if _, _, kind := treeSession(m / 3); kind != treeHarness {
			n = m
		}
	}
	if n == 0 {
		t.Fatal("no small size whose session n/3 is not the harness's")
	}
	tree, err := MakeTree(t.TempDir(), n, "../testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	var planted []string
	for _, p := range tree.Paths {
		x, _ := os.ReadFile(p)
		if bytes.Contains(x, []byte(Planted)) {
			planted = append(planted, p)
		}
	}
	if len(planted) != 2 || !strings.HasPrefix(planted[0], tree.Harness) && !strings.HasPrefix(planted[1], tree.Harness) {
		t.Errorf("at %d sessions the planted word is in %v", n, planted)
	}
}
