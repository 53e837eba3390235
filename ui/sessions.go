package ui

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/deck-tui/deck/session"
)

// liveWithin is how recently a log must have changed to count as still being
// written: deck follows such a log by default.
const liveWithin = 2 * time.Minute

// Entry is one session on disk, as the picker lists it.
type Entry struct {
	Path    string // the log file
	Title   string
	Cwd     string
	Started time.Time
	Size    int64
	Mod     time.Time
	Live    bool // changed within liveWithin: probably still being written
	Scanned bool // title and cwd were read from the log
}

// SessionsDir is where the harness keeps its sessions: $DSH_HOME/sessions,
// by default ~/.dsh/sessions.
func SessionsDir() string {
	if home := os.Getenv("DSH_HOME"); home != "" {
		return filepath.Join(home, "sessions")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".dsh", "sessions")
}

// FindSessions lists the harness sessions under dir
// (--<normalized-cwd>--/<session-id>/session.jsonl[.zstd]), newest first.
// Titles are not read yet: Scan does that.
func FindSessions(dir string) []Entry {
	var out []Entry
	projects, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, sessionDir := range projects {
		log, err := session.Resolve(sessionDir)
		if err != nil {
			continue
		}
		info, err := os.Stat(log)
		if err != nil {
			continue
		}
		out = append(out, Entry{Path: log, Size: info.Size(), Mod: info.ModTime(), Live: time.Since(info.ModTime()) < liveWithin})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Mod.Equal(out[j].Mod) {
			return out[i].Mod.After(out[j].Mod)
		}
		return out[i].Path < out[j].Path
	})
	return out
}

// scanLimit is how much of a log Scan reads for its title: the harness
// names a session in its first turn.
const scanLimit = 4 << 20

// Scan reads a session's header and title from the start of its log.
func Scan(e Entry) Entry {
	f, err := os.Open(e.Path)
	if err != nil {
		e.Scanned = true
		return e
	}
	defer f.Close()
	head, _ := io.ReadAll(io.LimitReader(f, scanLimit))
	s, _ := session.ReadAll(bytes.NewReader(head))
	e.Title, e.Cwd, e.Scanned = s.Title, s.Header.Cwd, true
	if s.Header.CreatedAt > 0 {
		e.Started = time.UnixMilli(s.Header.CreatedAt)
	}
	return e
}
