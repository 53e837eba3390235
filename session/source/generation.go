package source

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session/harness"
	"github.com/deck-tui/deck/session/internal/regular"
)

// A harness session folder holds its log under a name that says the log's
// format: session.jsonl[.zstd] is v0, session.vN.jsonl[.zstd] is vN. After
// the harness migrates a session the folder holds several generations; the
// harness reads and writes only the highest, and so does deck
// (docs/format.md, "Generations").

// Generation is the format version a log's file name says, and whether the
// name is a harness log's at all.
func Generation(file string) (int64, bool) {
	name := strings.TrimSuffix(filepath.Base(file), ".zstd")
	if name == "session.jsonl" {
		return 0, true
	}
	digits, ok := strings.CutPrefix(name, "session.v")
	if !ok {
		return 0, false
	}
	if digits, ok = strings.CutSuffix(digits, ".jsonl"); !ok || digits == "" || len(digits) > 9 {
		return 0, false
	}
	if digits[0] == '0' { // v0 is session.jsonl; v05 is no name the harness writes
		return 0, false
	}
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	return n, err == nil
}

// Pick is the log deck reads in a session folder: the highest generation,
// as the harness takes it, whether deck reads its format or not (a log too
// new is then said to be so, never swapped for an older one), and whether
// it can be read or not: every entry of a generation's name counts, a
// dangling link or a folder too, since the harness does not fall back to an
// older generation either (Resolve then says why it cannot be read). When
// both encodings of one generation are there, the one written last. ok is
// false when the folder holds no entry of a log's name.
func Pick(dir string) (file string, ok bool) {
	file = pick(dir).File
	return file, file != ""
}

// Log is the log Pick takes in a session folder, with what it is.
type Log struct {
	File string      // "" when the folder holds no log
	Info fs.FileInfo // its file, links followed; nil when it cannot be read
	Err  error       // why it cannot be read (an *UnreadableError, as Unreadable says); nil when it can
	// Alone: no other entry of the folder has a name of its generation, so
	// the folder's names alone pick it (not the times of two encodings of
	// one generation): while they stay as they are, so does the pick.
	Alone bool
}

// Newest is Pick's log with what it is. Pick looks at each log it weighs,
// so a caller that lists many folders need not look again.
func Newest(dir string) Log {
	l := pick(dir)
	if l.File == "" {
		return Log{}
	}
	err := l.Err
	if err == nil {
		err = regular.NotAFile(l.File, l.Info)
	}
	if err = unreadable(l.File, err); err != nil {
		l.Info, l.Err = nil, err
	}
	return l
}

// pick is Pick, with the picked file's stat (links followed) or its
// error.
func pick(dir string) Log {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Log{}
	}
	var best Log
	bestGen, bestMod := int64(-1), int64(0)
	for _, e := range entries {
		gen, named := Generation(e.Name())
		if !named || gen < bestGen {
			continue
		}
		path := filepath.Join(dir, e.Name())
		linked, err := os.Stat(path) // a link to a log counts as the log
		seen := linked
		if err != nil {
			seen, _ = e.Info() // a dangling link counts too
		}
		var mod int64
		if seen != nil {
			mod = seen.ModTime().UnixNano()
		}
		alone := gen > bestGen
		if gen == bestGen && mod <= bestMod {
			best.Alone = false
			continue
		}
		best, bestGen, bestMod = Log{File: path, Info: linked, Err: err, Alone: alone}, gen, mod
	}
	return best
}

// Unreadable says why the log Pick took cannot be read, if it cannot: an
// *UnreadableError.
func Unreadable(file string) error {
	_, err := regular.Check(file)
	return unreadable(file, err)
}

// unreadable is the *UnreadableError of file's err, nil for none.
func unreadable(file string, err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		err = pe.Err // the path is said once
	}
	if nf, ok := errors.AsType[*regular.NotAFileError](err); ok {
		err = errors.New(nf.What())
	}
	if err != nil {
		return &UnreadableError{File: file, Err: err}
	}
	return nil
}

// UnreadableError says a session folder's newest generation cannot be read.
// It does not unwrap to its cause: a dangling link is no log "not there
// yet" that following would wait on.
type UnreadableError struct {
	File string
	Err  error
}

func (e *UnreadableError) Error() string {
	return fmt.Sprintf("%s is its folder's newest generation, and it cannot be read (%v); the harness reads only that one, so deck does not open an older one", e.File, e.Err)
}

// Superseding is the newer generation that replaced the log at file in its
// folder, or "" when file is the folder's newest (or no harness log name).
func Superseding(file string) string {
	gen, named := Generation(file)
	if !named {
		return ""
	}
	newest, ok := Pick(filepath.Dir(file))
	if !ok {
		return ""
	}
	if g, _ := Generation(newest); g > gen {
		return newest
	}
	return ""
}

// NotShownError says a harness log is not shown as understood, or not as
// current: a format newer than deck reads, or a generation the harness has
// superseded with a newer file beside it. Its text names the file, its
// format (and its name's, when the two disagree) and the newest format deck
// reads.
type NotShownError struct {
	File    string // "" when the log is read from no file (stdin)
	Version int64  // the log's format version
	Header  int64  // the version its header says, which its name may not
	Newer   string // the file that superseded it; "" when it is itself too new
	Err     error  // the header's own complaint, when it had one
}

func (e *NotShownError) Error() string {
	what := fmt.Sprintf("%s is session log format v%d", e.File, e.Version)
	if e.File == "" {
		what = fmt.Sprintf("session log format v%d is", e.Version)
	}
	if named, ok := Generation(e.File); ok && named != e.Header {
		what = fmt.Sprintf("%s is named as format v%d but its header says v%d: format v%d", e.File, named, e.Header, e.Version)
	}
	if e.Newer != "" {
		newer, _ := Generation(e.Newer)
		if newer > harness.NewestVersion { // no advice to open what deck does not read either
			return fmt.Sprintf("%s, superseded by %s (format v%d) beside it: the harness no longer writes it, and that file is newer than deck reads (v%d at most)",
				what, filepath.Base(e.Newer), newer, harness.NewestVersion)
		}
		return fmt.Sprintf("%s, superseded by %s (format v%d) beside it: the harness no longer writes it; open its folder or that file (deck reads formats v0 to v%d)",
			what, filepath.Base(e.Newer), newer, harness.NewestVersion)
	}
	if e.File == "" {
		return fmt.Sprintf("%s newer than deck reads (v%d at most): only its header is shown", what, harness.NewestVersion)
	}
	return fmt.Sprintf("%s, newer than deck reads (v%d at most): only its header is shown", what, harness.NewestVersion)
}

func (e *NotShownError) Unwrap() error { return e.Err }

// generation is what a log's file name said, checked against its header
// once the header is read.
type generation struct {
	file    string // "" when the log is read from no file
	named   bool   // the file's name is a harness log's, saying version
	version int64
	newer   string // a newer generation beside it, when the reading began
	checked bool
}

func generationOf(file string) generation {
	v, named := Generation(file)
	if !named {
		return generation{file: file}
	}
	return generation{file: file, named: true, version: v, newer: Superseding(file)}
}

// checkGeneration compares the header with the file's name, once: a
// mismatch is a notice (the content is read as its header says), and a log
// too new or superseded is marked Unsupported, naming its file, so that no
// one shows it as understood and current. closing says no header will come.
func (r *Reader) checkGeneration(closing bool) {
	g := &r.gen
	h := &r.s.Session.Header
	if g.checked || !h.Present && !closing {
		return
	}
	g.checked = true
	if !h.Present {
		return // an empty log, or no harness log: nothing to compare
	}
	if h.VersionUnsaid { // the name says, if it is a harness log's; else v0, as the harness's first logs
		if g.named {
			h.Version = g.version
			h.Fork = harness.ForkOf(h.Version)
			r.s.Notice(0, fmt.Sprintf("%s is named as format v%d, and its header names no format version: read as its name says, v%d", filepath.Base(g.file), g.version, g.version))
		} else {
			r.s.Notice(0, "the session header names no format version: read as format v0")
		}
	}
	if !g.named {
		if h.Unsupported != nil { // its header's words, which say more follows, made deck's
			h.Unsupported = &NotShownError{File: g.file, Version: h.Version, Header: h.Version, Err: h.Unsupported}
		}
		return
	}
	name := filepath.Base(g.file)
	if h.Version != g.version {
		r.s.Notice(0, fmt.Sprintf("%s is named as format v%d but its header says v%d: read as its header says, v%d", name, g.version, h.Version, h.Version))
	}
	version := max(h.Version, g.version)
	var why *NotShownError
	switch {
	case version > harness.NewestVersion:
		why = &NotShownError{File: g.file, Version: version, Header: h.Version, Err: h.Unsupported}
	case g.newer != "":
		why = &NotShownError{File: g.file, Version: version, Header: h.Version, Newer: g.newer}
	default:
		return
	}
	if h.Unsupported == nil { // the header's own notice says it already, else
		r.s.Notice(0, why.Error())
	}
	h.Unsupported = why
}
