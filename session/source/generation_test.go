package source_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

var generations = sessiontest.Testdata + "/generations"

// A log's name says its format: session.jsonl[.zstd] is v0,
// session.vN.jsonl[.zstd] is vN; no other name is a harness log's.
func TestGenerationOfAName(t *testing.T) {
	for name, want := range map[string]int64{
		"session.jsonl": 0, "session.jsonl.zstd": 0, "/a/b/session.v5.jsonl": 5,
		"session.v5.jsonl.zstd": 5, "session.v12.jsonl": 12,
	} {
		if got, ok := source.Generation(name); !ok || got != want {
			t.Errorf("%s: v%d %v, want v%d", name, got, ok, want)
		}
	}
	for _, name := range []string{
		"session.v0.jsonl", "session.v05.jsonl", "session.v.jsonl", "session.vx.jsonl",
		"session.v5.json", "session.v5.jsonl.gz", "x-session.jsonl", "session.v-1.jsonl",
		"session.v99999999999.jsonl", "rollout-1.jsonl",
	} {
		if got, ok := source.Generation(name); ok {
			t.Errorf("%s is read as v%d", name, got)
		}
	}
}

// A folder opens its highest generation, as the harness does: never an
// older one beside it, even when the highest is too new to read.
func TestAFolderOpensItsHighestGeneration(t *testing.T) {
	for dir, want := range map[string]string{
		"two": "session.v5.jsonl", "too-new": "session.v9.jsonl",
		"misnamed": "session.v5.jsonl", "v5-zstd/edit": "session.v5.jsonl.zstd",
	} {
		got, err := source.Resolve(filepath.Join(generations, dir))
		if err != nil || filepath.Base(got) != want {
			t.Errorf("%s opens %s (%v), want %s", dir, got, err, want)
		}
	}
}

// Of one generation in both encodings the one written last is read; names
// that only look like a log's are not logs, and a folder holding only them
// has none.
func TestPickAmongEncodingsAndStrangers(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, age time.Duration) {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(sessiontest.FirstLine), 0o644); err != nil {
			t.Fatal(err)
		}
		when := time.Now().Add(-age)
		os.Chtimes(p, when, when)
	}
	write("session.v05.jsonl", 0)
	write("session.v7.jsonl.bak", 0)
	if got, ok := source.Pick(dir); ok {
		t.Fatalf("a folder of strangers picks %s", got)
	}
	if _, err := source.Resolve(dir); err == nil || !strings.Contains(err.Error(), "no session log in it") {
		t.Errorf("Resolve: %v", err)
	}
	write("session.v3.jsonl", time.Hour)
	write("session.v3.jsonl.zstd", 2*time.Hour)
	write("session.jsonl", 0)
	if got, _ := source.Pick(dir); filepath.Base(got) != "session.v3.jsonl" {
		t.Errorf("picks %s, want the v3 written last", got)
	}
	if l := source.Newest(dir); filepath.Base(l.File) != "session.v3.jsonl" || l.Alone || l.Info == nil || l.Err != nil {
		t.Errorf("Newest: %+v, want v3, not alone (its times picked it)", l)
	}
	// the highest by number, never by the name's order
	write("session.v9.jsonl", 0)
	write("session.v10.jsonl", time.Hour)
	if got, _ := source.Pick(dir); filepath.Base(got) != "session.v10.jsonl" {
		t.Errorf("picks %s, want v10 over v9", got)
	}
	if l := source.Newest(dir); filepath.Base(l.File) != "session.v10.jsonl" || !l.Alone || l.Info == nil || l.Info.Size() != int64(len(sessiontest.FirstLine)) {
		t.Errorf("Newest: %+v, want v10, alone (its name picked it)", l)
	}
}

// A header that names no format version (none, null, no number, below 0)
// is read as its file's name says, and says so; a log of no harness name,
// or on stdin, is read as v0 and says that.
func TestAHeaderWithNoVersionIsReadAsItsNameSays(t *testing.T) {
	for _, version := range []string{``, `"version":null,`, `"version":1e400,`, `"version":2.5,`, `"version":-1,`} {
		log := `{"type":"session",` + version + `"id":"s","createdAt":1,"cwd":"/w","isSeeded":false,"delegationDepth":0}` + "\n"
		dir := t.TempDir()
		for name, want := range map[string]string{
			"session.v5.jsonl": "session.v5.jsonl is named as format v5, and its header names no format version: read as its name says, v5",
			"other.jsonl":      "the session header names no format version: read as format v0",
		} {
			p := filepath.Join(dir, name)
			os.WriteFile(p, []byte(log), 0o644)
			s, err := source.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			if n := sessiontest.NoticeTexts(s); len(n) != 1 || n[0] != want {
				t.Errorf("%s with %q: notices %q, want %q", name, version, n, want)
			}
			if name == "session.v5.jsonl" && (s.Header.Version != 5 || s.Header.Unsupported != nil) {
				t.Errorf("%s with %q: read as v%d (%v)", name, version, s.Header.Version, s.Header.Unsupported)
			}
		}
	}
}

// A folder whose highest generation's name is a dangling link or a folder
// does not fall back to the older generation, as the harness does not:
// Resolve names the highest, which cannot be read, and the older file,
// opened on its own, is superseded by it.
func TestAnUnreadableHighestGenerationIsNoFallBack(t *testing.T) {
	old, err := os.ReadFile(filepath.Join(generations, "two", "session.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for name, make := range map[string]func(string) error{
		"a dangling link": func(p string) error { return os.Symlink("gone.jsonl", p) },
		"a folder":        func(p string) error { return os.Mkdir(p, 0o755) },
	} {
		dir := t.TempDir()
		os.WriteFile(filepath.Join(dir, "session.jsonl"), old, 0o644)
		highest := filepath.Join(dir, "session.v5.jsonl")
		if err := make(highest); err != nil {
			t.Fatal(err)
		}
		if got, _ := source.Pick(dir); got != highest {
			t.Errorf("%s: picks %s, want %s", name, got, highest)
		}
		s, err := source.Open(dir)
		if err == nil || !strings.HasPrefix(err.Error(), highest+" is its folder's newest generation, and it cannot be read") || strings.Count(err.Error(), highest) != 1 {
			t.Errorf("%s: Open: %v", name, err)
		}
		if s != nil {
			t.Errorf("%s: the older generation was read as current", name)
		}
		s, _ = source.Open(filepath.Join(dir, "session.jsonl"))
		var why *source.NotShownError
		if !errors.As(s.Header.Unsupported, &why) || why.Newer != highest {
			t.Errorf("%s: the older file on its own: Unsupported %v", name, s.Header.Unsupported)
		}
	}
}

// The folder of two generations reads as v5 with nothing to say; its old
// file, opened on its own, is not shown as current: Unsupported names it,
// its version, the file that superseded it and the newest deck reads, and
// a notice says so at the top.
func TestASupersededGenerationIsNotCurrent(t *testing.T) {
	s, err := source.Open(filepath.Join(generations, "two"))
	if err != nil || s.Header.Unsupported != nil || s.NoticeCount() != 0 || s.Header.Version != 5 {
		t.Fatalf("the folder: %v, Unsupported %v, %d notices, v%d", err, s.Header.Unsupported, s.NoticeCount(), s.Header.Version)
	}
	old := filepath.Join(generations, "two", "session.jsonl")
	s, err = source.Open(old)
	if err != nil {
		t.Fatal(err)
	}
	var why *source.NotShownError
	if !errors.As(s.Header.Unsupported, &why) || why.Newer != filepath.Join(generations, "two", "session.v5.jsonl") || why.Version != 0 {
		t.Fatalf("Unsupported: %#v", s.Header.Unsupported)
	}
	for _, want := range []string{old, "format v0", "superseded by session.v5.jsonl (format v5)", "v0 to v7"} {
		if !strings.Contains(why.Error(), want) {
			t.Errorf("%q does not say %q", why.Error(), want)
		}
	}
	if n := s.Notices(); len(n) != 1 || n[0].Text != why.Error() || firstNotice(s) > 1 {
		t.Errorf("notices %v", n)
	}
	// superseded by a file deck does not read either: no advice to open it
	s, _ = source.Open(filepath.Join(generations, "too-new", "session.v5.jsonl"))
	msg := s.Header.Unsupported.Error()
	if !strings.Contains(msg, "superseded by session.v9.jsonl (format v9) beside it: the harness no longer writes it, and that file is newer than deck reads (v7 at most)") || strings.Contains(msg, "open its folder") {
		t.Errorf("superseded by a too-new file: %q", msg)
	}
}

// A folder whose highest generation is too new says so, naming the file,
// and keeps the header's own error beneath; so does a file whose name is
// too new even when its header is not.
func TestATooNewGenerationIsNotUnderstood(t *testing.T) {
	s, _ := source.Open(filepath.Join(generations, "too-new"))
	var why *source.NotShownError
	var newer *harness.NewerVersionError
	if !errors.As(s.Header.Unsupported, &why) || why.Version != 9 || why.Newer != "" || !errors.As(s.Header.Unsupported, &newer) {
		t.Fatalf("Unsupported: %#v", s.Header.Unsupported)
	}
	if msg := why.Error(); !strings.Contains(msg, "session.v9.jsonl is session log format v9, newer than deck reads (v7 at most)") {
		t.Errorf("message %q", msg)
	}
	dir := t.TempDir()
	data, _ := os.ReadFile(filepath.Join(generations, "two", "session.v5.jsonl"))
	os.WriteFile(filepath.Join(dir, "session.v9.jsonl"), data, 0o644)
	s, _ = source.Open(dir)
	if !errors.As(s.Header.Unsupported, &why) || why.Version != 9 {
		t.Errorf("a v9 name over a v5 header: Unsupported %v", s.Header.Unsupported)
	}
}

// A header whose version is not its name's is read as the header says,
// with a notice at the top naming both: never a silent guess.
func TestANameThatDisagreesWithItsHeader(t *testing.T) {
	s, _ := source.Open(filepath.Join(generations, "misnamed"))
	n := s.Notices()
	if len(n) != 1 || n[0].Text != "session.v5.jsonl is named as format v5 but its header says v4: read as its header says, v4" {
		t.Fatalf("notices %v", n)
	}
	if i := firstNotice(s); i > 1 {
		t.Errorf("the notice is entry %d, not at the top", i)
	}
	if s.Header.Unsupported != nil {
		t.Errorf("v4 is read, yet Unsupported: %v", s.Header.Unsupported)
	}
	// a log on stdin has no name to disagree with
	f, _ := os.Open(filepath.Join(generations, "misnamed", "session.v5.jsonl"))
	defer f.Close()
	if s, _ := source.ReadAll(f); s.NoticeCount() != 0 {
		t.Errorf("stdin: %v", s.Notices())
	}
}

func firstNotice(s *session.Session) int {
	for i, e := range s.Entries {
		if _, ok := e.(*session.Notice); ok {
			return i
		}
	}
	return -1
}

// Any name is read without a panic, and a name read as a generation is
// exactly the harness's name of that generation, in one encoding or the
// other: one name per generation, never two.
func FuzzGeneration(f *testing.F) {
	for _, s := range []string{"session.jsonl", "session.v5.jsonl.zstd", "session.v05.jsonl", "session.v-1.jsonl", "a/session.v12.jsonl"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		n, ok := source.Generation(name)
		if !ok {
			return
		}
		want := "session.jsonl"
		if n > 0 {
			want = fmt.Sprintf("session.v%d.jsonl", n)
		}
		if base := filepath.Base(name); base != want && base != want+".zstd" {
			t.Errorf("%q read as v%d", name, n)
		}
	})
}

// An empty folder is a session folder whose log is not written yet, which
// following waits for; a folder that holds other things and no log, or
// whose newest generation is a dangling link, is no log to wait for.
func TestOnlyAnEmptyFolderIsALogNotThereYet(t *testing.T) {
	empty, full, dangling := t.TempDir(), t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(full, "README.md"), []byte("# notes\n"), 0o644)
	os.Symlink("gone.jsonl", filepath.Join(dangling, "session.v5.jsonl"))
	locked := t.TempDir() // a folder deck may not list is not empty
	os.WriteFile(filepath.Join(locked, "session.jsonl"), []byte(sessiontest.FirstLine), 0o644)
	os.Chmod(locked, 0o311)
	defer os.Chmod(locked, 0o755)
	if _, err := os.ReadDir(locked); err == nil {
		locked = full // as root every folder lists
	}
	for dir, wait := range map[string]bool{empty: true, full: false, dangling: false, locked: false} {
		_, err := source.Resolve(dir)
		if err == nil || errors.Is(err, fs.ErrNotExist) != wait {
			t.Errorf("%s: %v, waited for: %v, want %v", dir, err, errors.Is(err, fs.ErrNotExist), wait)
		}
	}
}
