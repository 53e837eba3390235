//go:build unix

package catalog_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// promptly runs f and fails if it has not returned long after any listing
// of a few files ends: a listing that opened a named pipe, or read a
// terminal, never would.
func promptly(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s never ended", what)
	}
}

// Only regular files are sessions. A named pipe, a socket, a link to a
// terminal or to /dev/zero, a dangling link or a folder at a log's name
// is never listed nor opened for its title (each would block, never end,
// or take the keyboard): Claude Code's and Codex's are skipped, and a
// harness folder whose newest generation is one is listed as unreadable,
// as the harness does not fall back to an older one.
func TestDiscoverySkipsWhatIsNotAFile(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, logs := catalogtest.AgentsHome(t)
			folder := filepath.Join(home, ".dsh/sessions/--w--/s-"+k.String())
			k.Make(t, filepath.Join(folder, "session.jsonl"))
			k.Make(t, filepath.Join(home, ".dsh/sessions/--w--/x-"+k.String())) // where a session folder would be
			k.Make(t, filepath.Join(home, ".dsh/sessions/y-"+k.String()))       // where a folder of sessions would be
			k.Make(t, filepath.Join(home, ".claude/projects/-w/"+k.String()+".jsonl"))
			k.Make(t, filepath.Join(home, ".codex/sessions/2026/01/01/rollout-"+k.String()+".jsonl"))
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
			var readable []string
			for _, e := range found {
				switch {
				case e.Unreadable == "":
					readable = append(readable, e.Path)
					if e.Title == "" {
						t.Errorf("%s has no title", e.Path)
					}
				case e.Agent != catalog.AgentHarness || e.Opens() != folder:
					t.Errorf("unreadable row %+v", e)
				}
			}
			want := []string{logs[catalog.AgentCodex], logs[catalog.AgentClaude], logs[catalog.AgentHarness]}
			if !slices.Equal(readable, want) || len(found) != len(want)+1 {
				t.Errorf("listed %d sessions, readable %q; want %q and the harness folder unreadable", len(found), readable, want)
			}
		})
	}
}

// FuzzRootsOfMixedFiles lays out the three agents' folders with any mix
// of logs and things at a log's name that are no regular file, and checks
// that listing them ends and lists exactly the regular ones as sessions,
// each titled, and a harness folder whose newest generation is no regular
// file as unreadable, never opened.
func FuzzRootsOfMixedFiles(f *testing.F) {
	logs := map[string][]byte{}
	for agent, path := range map[string]string{
		catalog.AgentHarness: "/harness/bash-tool-turn/session.jsonl",
		catalog.AgentClaude:  "/corpus/claude-code/d-kimuson_claude-code-viewer__1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl",
		catalog.AgentCodex:   "/corpus/codex/AcidicSoil_codex-session-view__rollout-2025-11-17T15-30-28-019a93b9-f380-7600-98ff-940e6b99603c.jsonl",
	} {
		b, err := os.ReadFile(sessiontest.Testdata + path)
		if err != nil {
			f.Fatal(err)
		}
		lines := bytes.SplitAfter(b, []byte("\n"))
		logs[agent] = bytes.Join(lines[:min(len(lines), 40)], nil)
	}
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20})
	f.Add([]byte{3, 21, 39, 57, 4, 22, 40, 58})
	f.Fuzz(func(t *testing.T, layout []byte) {
		layout = layout[:min(len(layout), 24)]
		home := t.TempDir()
		roots := []catalog.Root{
			{Agent: catalog.AgentHarness, Dir: filepath.Join(home, "dsh")},
			{Agent: catalog.AgentClaude, Dir: filepath.Join(home, "claude")},
			{Agent: catalog.AgentCodex, Dir: filepath.Join(home, "codex")},
		}
		var regular, unreadable []string
		for i, b := range layout {
			root := roots[int(b)%3]
			kind := int(b) / 3 % (len(catalogtest.NotAFiles) + 1) // the last is a regular log
			var path string
			switch root.Agent {
			case catalog.AgentHarness:
				path = filepath.Join(root.Dir, "--w--", fmt.Sprint("s", i), "session.jsonl")
			case catalog.AgentClaude:
				path = filepath.Join(root.Dir, fmt.Sprint("p", b%2), fmt.Sprint(i, ".jsonl"))
			default:
				path = filepath.Join(root.Dir, "2026", fmt.Sprint(b%4), fmt.Sprint("rollout-", i, ".jsonl"))
			}
			if kind == len(catalogtest.NotAFiles) {
				catalogtest.CopyBytes(t, logs[root.Agent], path, i)
				regular = append(regular, path)
				continue
			}
			if root.Agent == catalog.AgentHarness && b/64%2 == 1 {
				path = filepath.Dir(path) // where the session folder would be: no session
			} else if root.Agent == catalog.AgentHarness {
				unreadable = append(unreadable, path)
			}
			catalogtest.NotAFiles[kind].Make(t, path)
		}
		var found []catalog.Item
		promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(roots)) })
		var gotRegular, gotUnreadable []string
		for _, e := range found {
			if e.Unreadable != "" {
				gotUnreadable = append(gotUnreadable, e.Path)
				continue
			}
			gotRegular = append(gotRegular, e.Path)
			if !e.Scanned || e.Title == "" {
				t.Errorf("%s: not titled: %+v", e.Path, e)
			}
		}
		for _, l := range [][]string{regular, unreadable, gotRegular, gotUnreadable} {
			slices.Sort(l)
		}
		if !slices.Equal(gotRegular, regular) || !slices.Equal(gotUnreadable, unreadable) {
			t.Errorf("listed %q and unreadable %q; want %q and %q", gotRegular, gotUnreadable, regular, unreadable)
		}
	})
}

// Crush's projects.json, and a store it names, that is no regular file
// (a named pipe, a device, a folder, …) is never opened: the listing
// ends, and lists the stores that are files.
func TestCrushListingSkipsWhatIsNotAFile(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			store, project := catalogtest.CrushHome(t, home)
			odd := filepath.Join(home, "odd")
			k.Make(t, filepath.Join(odd, ".crush", "crush.db"))
			catalogtest.CopyBytes(t, []byte(`{"projects":[{"path":"`+odd+`","data_dir":"`+odd+`/.crush"},{"path":"`+project+`","data_dir":"`+filepath.Dir(store)+`"}]}`),
				filepath.Join(home, ".local/share/crush/projects.json"), 0)
			crush := func(found []catalog.Item) (n int) {
				for _, it := range found {
					if it.Agent == catalog.AgentCrush {
						n++
					}
				}
				return n
			}
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.Find(catalog.DefaultRoots()) })
			if n := crush(found); n != 2 {
				t.Errorf("%d Crush sessions listed beside a store that is a %s", n, k)
			}
			os.Remove(filepath.Join(home, ".local/share/crush/projects.json"))
			k.Make(t, filepath.Join(home, ".local/share/crush/projects.json"))
			promptly(t, "listing", func() { found = catalog.Find(catalog.DefaultRoots()) })
			if n := crush(found); n != 0 {
				t.Errorf("a projects.json that is a %s listed %d sessions", k, n)
			}
		})
	}
}
