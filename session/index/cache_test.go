package index_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/deck-tui/deck/session/index"
)

// The folder and the files are the user's alone: they hold the sessions'
// text. A folder made before with wider permissions is narrowed too.
func TestTheIndexIsPrivate(t *testing.T) {
	mask := syscall.Umask(0)
	defer syscall.Umask(mask)
	dir := filepath.Join(t.TempDir(), "deck")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"a secret token", "ok"}), old)
	ix := open(t, dir)
	update(t, ix, tr)
	if info, err := os.Stat(dir); err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("the folder: %v %v", info.Mode(), err)
	}
	for _, name := range []string{index.FileName, index.FileName + "-wal", index.FileName + "-shm"} {
		info, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("%s: %v", name, err) // the write-ahead log is there while the index is open
			continue
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v", name, info.Mode())
		}
	}
}

// A file that is no database is made again, with a notice; so is a
// database damaged inside.
func TestADamagedIndexIsMadeAgain(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"findable prompt", "ok"}), old)
	for name, damage := range map[string]func(t *testing.T, path string){
		"garbage": func(t *testing.T, path string) {
			if err := os.WriteFile(path, []byte(strings.Repeat("not a database at all ", 500)), 0o600); err != nil {
				t.Fatal(err)
			}
		},
		"pages overwritten": func(t *testing.T, path string) {
			data, err := os.ReadFile(path)
			if err != nil || len(data) < 8192 {
				t.Fatalf("%d bytes, %v", len(data), err)
			}
			for i := 4096; i < len(data); i++ { // the first page (the header, the schema) kept
				data[i] = 0xA5
			}
			os.WriteFile(path, data, 0o600)
		},
	} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			ix := open(t, dir)
			update(t, ix, tr)
			ix.Close()
			damage(t, filepath.Join(dir, index.FileName))
			os.Remove(filepath.Join(dir, index.FileName+"-wal"))
			os.Remove(filepath.Join(dir, index.FileName+"-shm"))
			ix, err := index.Open(dir)
			if err != nil {
				t.Fatalf("a damaged index is an error: %v", err)
			}
			defer ix.Close()
			sum, err := ix.Update(context.Background(), tr.roots, nil)
			if err != nil {
				t.Fatalf("updating a damaged index: %v", err)
			}
			notes := strings.Join(ix.Notes(), "\n")
			if !strings.Contains(notes, "is made again") {
				t.Errorf("no notice: %q", notes)
			}
			if sum.Read != 1 || len(find(t, ix, index.Query{Text: "findable"})) != 1 {
				t.Errorf("after the damage: %+v", sum)
			}
		})
	}
}

// An index of another schema is made again, with a notice: its rows are
// never read as this deck's.
func TestAnOlderSchemaIsMadeAgain(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"findable prompt", "ok"}), old)
	dir := t.TempDir()
	ix := open(t, dir)
	update(t, ix, tr)
	ix.Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, index.FileName))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`PRAGMA user_version = 0`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	ix = open(t, dir)
	if notes := strings.Join(ix.Notes(), "\n"); !strings.Contains(notes, "another version of deck") {
		t.Errorf("no notice: %q", notes)
	}
	if list, _ := ix.Sessions(t.Context()); len(list) != 0 {
		t.Errorf("the old index's rows are read: %v", list)
	}
	if sum := update(t, ix, tr); sum.Read != 1 {
		t.Errorf("after the schema changed: %+v", sum)
	}
}

// A cache folder deck cannot make or write is an error of Open: deck goes
// without the index.
func TestAnUnwritableFolderIsAnError(t *testing.T) {
	parent := t.TempDir()
	file := filepath.Join(parent, "file")
	os.WriteFile(file, nil, 0o600)
	if _, err := index.Open(filepath.Join(file, "deck")); err == nil {
		t.Error("an index under a file opened")
	}
	if os.Geteuid() == 0 {
		t.Skip("root writes any folder")
	}
	ro := filepath.Join(parent, "ro")
	os.Mkdir(ro, 0o500)
	if _, err := index.Open(filepath.Join(ro, "deck")); err == nil {
		t.Error("an index under a read-only folder opened")
	}
}

// Two decks on one index at once, each updating and searching: SQLite's
// write-ahead log and busy wait keep them apart, and the index ends as one
// update alone would leave it.
func TestTwoDecksAtOnce(t *testing.T) {
	tr := newTree(t)
	for i := range 40 {
		id := "s" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		write(t, tr.harnessPath(id), harnessLog([2]string{"shared word narwhal in " + id, "reply"}), old+time.Duration(i)*time.Minute)
	}
	dir := t.TempDir()
	a, b := open(t, dir), open(t, dir)
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for _, ix := range []*index.Index{a, b} {
		wg.Add(2)
		go func() {
			defer wg.Done()
			for range 3 {
				if _, err := ix.Update(context.Background(), tr.roots, nil); err != nil {
					errs <- err
				}
			}
		}()
		go func() {
			defer wg.Done()
			for range 20 {
				if err := ix.Search(context.Background(), index.Query{Text: "narwhal"}, func(index.Hit) bool { return true }); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, ix := range []*index.Index{a, b} {
		if hits := find(t, ix, index.Query{Text: "narwhal"}); len(hits) != 40 {
			t.Errorf("%d hits, want one in each of 40 sessions", len(hits))
		}
		if list, _ := ix.Sessions(t.Context()); len(list) != 40 {
			t.Errorf("%d sessions listed, want 40", len(list))
		}
	}
}

// A named pipe where a log would be is never opened: the update ends, and
// the pipe is no session.
func TestANamedPipeIsSkipped(t *testing.T) {
	tr := newTree(t)
	write(t, tr.claudePath("real"), claudePrompt("real", "u1", "hello"), old)
	fifo := tr.claudePath("fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	ix := open(t, t.TempDir())
	done := make(chan index.Summary)
	go func() { done <- update(t, ix, tr) }()
	select {
	case sum := <-done:
		if sum.Sessions != 1 || sum.Read != 1 {
			t.Errorf("with a pipe among the logs: %+v", sum)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the update waits on a named pipe")
	}
}

// The database is made in write-ahead-log mode (two decks at once: readers
// read while one writes), with pages of 16 KiB; opened again, it stays so.
func TestTheIndexIsMadeInWALWith16KiBPages(t *testing.T) {
	dir := t.TempDir()
	for range 2 {
		ix := open(t, dir)
		ix.Close()
		head := make([]byte, 100)
		f, err := os.Open(filepath.Join(dir, index.FileName))
		if err != nil {
			t.Fatal(err)
		}
		_, err = f.Read(head)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		// the file's header: its page size at 16, its write and read
		// versions at 18 and 19 (2: WAL)
		if size := int(head[16])<<8 | int(head[17]); size != 16384 || head[18] != 2 || head[19] != 2 {
			t.Errorf("page size %d, versions %d %d", size, head[18], head[19])
		}
	}
}

// A deck starts while another writes: opening an index of this version
// takes no write lock, so it does not wait for the writer's long batch
// (nor fail once the busy timeout is over); it reads what was committed.
func TestOpeningWhileAnotherDeckWrites(t *testing.T) {
	tr := newTree(t)
	write(t, tr.harnessPath("s1"), harnessLog([2]string{"findable prompt", "ok"}), old)
	dir := t.TempDir()
	ix := open(t, dir)
	update(t, ix, tr)
	ix.Close()
	db, err := sql.Open("sqlite", filepath.Join(dir, index.FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.Conn(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.ExecContext(t.Context(), `BEGIN IMMEDIATE`); err != nil { // the other deck's batch, under way
		t.Fatal(err)
	}
	defer c.ExecContext(t.Context(), `ROLLBACK`)
	ix, err = index.Open(dir)
	if err != nil {
		t.Fatalf("a deck cannot start while another writes: %v", err)
	}
	defer ix.Close()
	if hits := find(t, ix, index.Query{Text: "findable"}); len(hits) != 1 {
		t.Errorf("%d hits", len(hits))
	}
}
