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
// the file itself. "" while there is none (a log being replaced may be
// missing for a moment).
func latestLog(path string) string {
	file, err := source.Resolve(path)
	if err != nil {
		return ""
	}
	if newer := source.Superseding(file); newer != "" {
		return newer
	}
	return file
}

// migrated is the newer generation that appeared since the reading began,
// if one did: only ever a higher one. A file opened when it was already
// superseded stays read as asked (it says so), until a generation newer
// still appears.
func (l *Log) migrated() (string, bool) {
	next := latestLog(l.path)
	if next == "" || next == l.latest {
		return "", false
	}
	was, _ := source.Generation(l.latest)
	now, _ := source.Generation(next)
	return next, now > was
}

// switchGeneration reads next, the migrated session's new log, from the
// start, in place of the file read so far.
func (l *Log) switchGeneration(next string) error {
	if info, err := os.Stat(l.path); err == nil && !info.IsDir() {
		l.path = next // a file was followed: the new generation is the session now
	}
	l.latest = next
	gen, _ := source.Generation(next)
	return l.restart(fmt.Sprintf("the harness migrated this session to %s (format v%d): following that file from the start", filepath.Base(next), gen))
}
