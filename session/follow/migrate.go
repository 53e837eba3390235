package follow

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/deck-tui/deck/session/source"
)

// When the harness migrates a session it is following, it publishes a
// newer generation beside the log (session.v5.jsonl beside session.jsonl)
// and never appends to the old file again: following switches to the new
// file, reads it from the start (seqs differ between generations) and says
// so. docs/format.md, "Generations".

// latestLog is the log a followed path stands for now: a folder's highest
// generation; for a file, the newer generation that superseded it, else
// the file itself.
func latestLog(path string) string {
	if file, err := source.Resolve(path); err == nil && file != path {
		return file
	}
	if newer := source.Superseding(path); newer != "" {
		return newer
	}
	return path
}

// migrated is the newer generation that appeared since the reading began,
// if one did. A file opened when it was already superseded stays read as
// asked (it says so), until a generation newer still appears.
func (l *Log) migrated() (string, bool) {
	next := latestLog(l.path)
	return next, next != l.latest
}

// switchGeneration reads next, the migrated session's new log, from the
// start, in place of old.
func (l *Log) switchGeneration(old *os.File, next string) (*os.File, os.FileInfo, error) {
	if info, err := os.Stat(l.path); err == nil && !info.IsDir() {
		l.path = next // a file was followed: the new generation is the session now
	}
	l.latest = next
	gen, _ := source.Generation(next)
	f, err := l.restart(old, fmt.Sprintf("the harness migrated this session to %s (format v%d): following that file from the start", filepath.Base(next), gen))
	if err != nil {
		return nil, nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
}
