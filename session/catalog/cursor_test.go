package catalog_test

import (
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/catalog"
	"github.com/deck-tui/deck/session/catalog/catalogtest"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// Cursor CLI's transcripts are found under ~/.cursor/projects, newest
// first: each session's <id>/<id>.jsonl and the older flat <id>.jsonl,
// its subagents' transcripts not on their own. Each is titled by its first
// prompt, in the folder its project's name stands for when that folder is
// there (none when it is gone), at its file's time (the transcript records
// none).
func TestFindCursorTranscripts(t *testing.T) {
	home, _ := catalogtest.AgentsHome(t)
	want := catalogtest.CursorHome(t, home)
	found := scannedOf(catalog.AgentCursor)
	if len(found) != len(want) {
		t.Fatalf("found %d Cursor CLI sessions, want %d: %+v", len(found), len(want), found)
	}
	for i, w := range want {
		it := found[i]
		if it.Path != w.Path || it.Title != w.Title || it.Cwd != w.Cwd || !it.Started.IsZero() || !it.Mod.Equal(w.Started) {
			t.Errorf("session %d: %q %s in %q at %v/%v; want %q %s in %q at %v", i, it.Title, it.Path, it.Cwd, it.Started, it.Mod, w.Title, w.Path, w.Cwd, w.Started)
		}
	}
}

// Cursor CLI's folders hold nothing deck opens but regular files: a named
// pipe, a socket, a link to a terminal or to /dev/zero, a dangling link or
// a folder at a transcript's name is not listed, nor read as a subagent's
// transcript; nothing blocks.
func TestCursorFoldersOpenOnlyFiles(t *testing.T) {
	for _, k := range catalogtest.NotAFiles {
		t.Run(k.String(), func(t *testing.T) {
			home, _ := catalogtest.AgentsHome(t)
			want := catalogtest.CursorHome(t, home)
			transcripts := filepath.Join(home, ".cursor", "projects", "p", "agent-transcripts")
			k.Make(t, filepath.Join(transcripts, "x", "x.jsonl"))
			k.Make(t, filepath.Join(transcripts, "y.jsonl"))
			k.Make(t, filepath.Join(filepath.Dir(want[0].Path), "subagents", "z-"+k.String()+".jsonl"))
			var found []catalog.Item
			promptly(t, "listing", func() { found = catalog.ScanAll(catalog.Find(catalog.DefaultRoots())) })
			if n := len(agentOf(found, catalog.AgentCursor)); n != len(want) {
				t.Errorf("listed %d Cursor CLI sessions, want %d", n, len(want))
			}
			var s *session.Session
			promptly(t, "opening", func() { s, _ = source.Open(want[0].Path) })
			sessiontest.NoNotices(t, s)
		})
	}
}
