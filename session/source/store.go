package source

import (
	"bytes"
	"errors"
	"os"

	"github.com/deck-tui/deck/session/crush"
	"github.com/deck-tui/deck/session/internal/readonly"
	"github.com/deck-tui/deck/session/opencode"
)

// sqliteMagic starts every SQLite database: an agent's store (opencode's
// opencode.db, Crush's crush.db) is told by it and then by its tables.
var sqliteMagic = []byte("SQLite format 3\x00")

// readStore reads a session of the SQLite store at the reader's path
// instead of its bytes: a database is read by its tables, not as lines.
// What the bytes hold past the header is ignored (the reader stops).
func (r *Reader) readStore() {
	r.stopped = true
	if r.path == "" {
		r.s.Notice(0, "this is a SQLite database; deck reads an agent's store (opencode's opencode.db, Crush's crush.db) from its file, not from a stream")
		return
	}
	file, id := splitRef(r.path)
	err := opencode.Load(r.s, file, id)
	var notOpenCode *readonly.NotAStoreError
	if errors.As(err, &notOpenCode) {
		err = crush.Load(r.s, file, id)
		var notCrush *readonly.NotAStoreError
		if errors.As(err, &notCrush) {
			err = errors.New("this is a SQLite database, but no agent's store deck reads: it has neither opencode's tables (" +
				notOpenCode.Missing + ") nor Crush's (" + notCrush.Missing + ")")
		}
	}
	if err != nil {
		r.s.Notice(0, err.Error())
		return
	}
	r.told = true
}

// splitRef parts a path naming one session of a store into the file and
// the session's id: opencode's "opencode.db#ses_…", Crush's
// "crush.db#<uuid>"; ("path", "") for any other path.
func splitRef(path string) (file, id string) {
	if file, id = opencode.SplitRef(path); id != "" {
		return file, id
	}
	return crush.SplitRef(path)
}

// storeRef resolves "store.db#<session>", a session of a SQLite store,
// when no file has that whole name: the reference as it is, once its file
// is a regular file.
func storeRef(path string) (string, bool) {
	file, id := splitRef(path)
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
// "store.db#<session>" reference, else the path itself.
func FileOf(resolved string) string {
	if _, err := os.Stat(resolved); err == nil {
		return resolved
	}
	file, _ := splitRef(resolved)
	return file
}

func isSQLite(b []byte) bool { return bytes.HasPrefix(b, sqliteMagic) }
