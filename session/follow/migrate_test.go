package follow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// While deck follows a session, the harness migrates it: a newer
// generation appears beside the log, which stops growing. Following a
// folder or its log file switches to the new generation, reads it whole
// from the start and says so; following a folder reads its log, not the
// folder, so it is not read again on every look.
func TestFollowingSwitchesToAMigratedGeneration(t *testing.T) {
	old, err := os.ReadFile(sessiontest.Testdata + "/generations/two/session.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	v5, err := os.ReadFile(sessiontest.Testdata + "/generations/two/session.v5.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := source.ReadAll(strings.NewReader(string(v5)))
	for _, follows := range []string{"folder", "file"} {
		t.Run(follows, func(t *testing.T) {
			dir := t.TempDir()
			path := dir
			if follows == "file" {
				path = filepath.Join(dir, "session.jsonl")
			}
			appendFile(t, filepath.Join(dir, "session.jsonl"), old[:len(old)/2])
			src := File("test", path, true)
			src.Start()
			defer src.Stop()
			appendFile(t, filepath.Join(dir, "session.jsonl"), old[len(old)/2:])
			settle(t, src, int64(len(old)))
			src.With(func(st State) {
				if st.Resets != 0 || st.Session.Header.Version != 0 {
					t.Fatalf("before the migration: %d resets, v%d", st.Resets, st.Session.Header.Version)
				}
			})
			appendFile(t, filepath.Join(dir, "session.v5.jsonl"), v5)
			settle(t, src, int64(len(v5)))
			src.With(func(st State) {
				s := st.Session
				n := s.Notices()
				if len(n) != 1 || n[0].Text != "the harness migrated this session to session.v5.jsonl (format v5): following that file from the start" || !n[0].Info {
					t.Fatalf("notices %v", n)
				}
				if shapeOf(s) != "*session.Notice@-1 "+shapeOf(want) || st.Resets != 1 || s.Header.Unsupported != nil {
					t.Errorf("after the migration: %d resets, Unsupported %v:\n%s\nwant:\n%s", st.Resets, s.Header.Unsupported, shapeOf(s), shapeOf(want))
				}
			})
		})
	}
}

// A file opened when it was already superseded is read as asked (and says
// it is superseded); it is not switched from.
func TestFollowingASupersededFileStaysOnIt(t *testing.T) {
	path := sessiontest.Testdata + "/generations/two/session.jsonl"
	info, _ := os.Stat(path)
	src := File("test", path, true)
	src.Start()
	defer src.Stop()
	settle(t, src, info.Size())
	src.With(func(st State) {
		if st.Resets != 0 || st.Session.Header.Unsupported == nil {
			t.Errorf("%d resets, Unsupported %v", st.Resets, st.Session.Header.Unsupported)
		}
	})
}

// Only a higher generation is a migration: the newest file going away (or
// missing for a moment) never switches back to an older one.
func TestFollowingNeverSwitchesToAnOlderGeneration(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"session.jsonl", "session.v5.jsonl"} {
		data, err := os.ReadFile(sessiontest.Testdata + "/generations/two/" + name)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, name), data, 0o644)
	}
	info, _ := os.Stat(filepath.Join(dir, "session.v5.jsonl"))
	src := File("test", dir, true)
	src.Start()
	defer src.Stop()
	settle(t, src, info.Size())
	os.Remove(filepath.Join(dir, "session.v5.jsonl"))
	settle(t, src, info.Size())
	src.With(func(st State) {
		if st.Resets != 0 || st.Session.Header.Version != 5 || st.Err != nil || st.Session.NoticeCount() != 0 {
			t.Errorf("%d resets, v%d, err %v, notices %v", st.Resets, st.Session.Header.Version, st.Err, st.Session.Notices())
		}
	})
}
