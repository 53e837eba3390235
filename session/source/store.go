package source

import (
	"bytes"
	"os"

	"github.com/deck-tui/deck/session/opencode"
)

// sqliteMagic starts every SQLite database: opencode's store (opencode.db)
// is told by it and then by its tables.
var sqliteMagic = []byte("SQLite format 3\x00")

// readStore reads a session of the SQLite store at the reader's path
// instead of its bytes: a database is read by its tables, not as lines.
// What the bytes hold past the header is ignored (the reader stops).
func (r *Reader) readStore() {
	r.stopped = true
	if r.path == "" {
		r.s.Notice(0, "this is a SQLite database; deck reads opencode's store (opencode.db) from its file, not from a stream")
		return
	}
	file, id := opencode.SplitRef(r.path)
	if err := opencode.Load(r.s, file, id); err != nil {
		r.s.Notice(0, err.Error())
		return
	}
	r.told = true
}

// storeRef resolves "store.db#ses_…", a session of a SQLite store, when
// no file has that whole name: the reference as it is, once its file is
// a regular file.
func storeRef(path string) (string, bool) {
	file, id := opencode.SplitRef(path)
	if id == "" {
		return "", false
	}
	info, err := os.Stat(file)
	if err != nil || !info.Mode().IsRegular() {
		return "", false
	}
	return path, true
}

// FileOf is the file a resolved path is read from: the store's file of a
// "store.db#ses_…" reference, else the path itself.
func FileOf(resolved string) string {
	if _, err := os.Stat(resolved); err == nil {
		return resolved
	}
	file, _ := opencode.SplitRef(resolved)
	return file
}

func isSQLite(b []byte) bool { return bytes.HasPrefix(b, sqliteMagic) }
