// Package changes lists the files a session wrote, edited or only read, and
// composes each changed file's net change over the whole session. Both are
// pure functions of a *session.Session: the viewer's changes view and
// `deck changes` call them.
package changes

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// File is a file the session changed: its net lines added and removed, how
// many tool calls changed it, and whether the present tool handed it over.
// Path is absolute (the session's key for it); Cwd is the working directory
// in force when the session first changed it (first touched it, for a file
// only read), the folder its name is written from.
type File struct {
	Path      string `json:"path"`
	Cwd       string `json:"cwd"`
	Added     int    `json:"added"`
	Removed   int    `json:"removed"`
	Edits     int    `json:"edits"`
	Presented bool   `json:"presented"`
	FirstTurn int    `json:"firstTurn"` // 0 when the log has no turns
}

// List is what the session did to files: those it changed, in the order it
// first touched them, and apart those it only read (or only presented).
type List struct {
	Changed []File `json:"changed"`
	Read    []File `json:"read"` // their Path, Cwd and Presented
}

// Of lists a session's files.
func Of(s *session.Session) List {
	w := walk(s)
	l := List{Changed: []File{}, Read: []File{}}
	for _, f := range w.order {
		if f.edits == 0 {
			l.Read = append(l.Read, File{Path: f.path, Cwd: f.cwd, Presented: f.presented})
			continue
		}
		n := f.net()
		l.Changed = append(l.Changed, File{Path: f.path, Cwd: f.cwd, Added: n.Added, Removed: n.Removed, Edits: f.edits, Presented: f.presented, FirstTurn: f.firstTurn})
	}
	return l
}

// Net is one file's change over the whole session. When the session showed
// the file's text before its first change (a whole read, or a write that
// made it), Whole is true and Hunks are one diff against that text with the
// file's real line numbers. Otherwise Hunks are each change as the log gave
// it, in order, each with the edit and the turn that made it.
type Net struct {
	Path           string
	Cwd            string // as File's
	Whole          bool
	Hunks          []Hunk
	Added, Removed int
}

// Hunk is one piece of a net change.
type Hunk struct {
	Diff  session.FileDiff
	Start int // the file line its old text starts at; 0 when not known
	Turn  int // the turn that made it; 0 for a whole diff or when the log has no turns
	// Edit is which of the file's edits made it, from 1 (0 for a whole
	// diff): an edit's hunks are one change, as its card shows them, an
	// apply_patch's context-only anchor hunk with the hunk after it.
	Edit int
}

// NetOf composes the net change of the file at path (as Of names it); ok is
// false when the session did not change it.
func NetOf(s *session.Session, path string) (Net, bool) {
	f := walk(s).files[path]
	if f == nil || f.edits == 0 {
		return Net{}, false
	}
	return f.net(), true
}

// walker follows a session's calls file by file.
type walker struct {
	keys  *present.FileLines // resolves paths against the session's cwd, or the call's
	cwd   string             // the session's
	files map[string]*file
	order []*file
	turn  int
}

func walk(s *session.Session) *walker {
	w := &walker{keys: &present.FileLines{Cwd: s.Header.Cwd}, cwd: s.Header.Cwd, files: map[string]*file{}}
	w.entries(s.Entries)
	return w
}

func (w *walker) entries(es []session.Entry) {
	for _, e := range es {
		if t, ok := e.(*session.TurnStart); ok {
			w.turn = t.Turn
		}
		if c, ok := e.(*session.ToolCall); ok {
			w.call(c)
			w.entries(c.Nested) // a subagent's work is the session's too
		}
	}
}

func (w *walker) file(p string) *file {
	k := w.keys.Key(p)
	f := w.files[k]
	if f == nil {
		f = &file{path: k, cwd: w.keys.Cwd}
		w.files[k] = f
		w.order = append(w.order, f)
	}
	return f
}

func (w *walker) call(t *session.ToolCall) {
	w.keys.Cwd = t.WorkingDir(w.cwd) // a log that moved the session: the call's paths from where it was
	if t.Name == "present" {
		for _, p := range presentedPaths(t.Arguments) {
			w.file(p).presented = true
		}
	}
	if t.Status() != session.CallDone {
		return // a failed change changed nothing; a pending one not yet
	}
	if r, ok := t.View.(session.ReadResultView); ok && r.Path != "" {
		w.file(r.Path).read(r)
		return
	}
	diffs := changeOf(t)
	for i, d := range diffs {
		if d.Path == "" {
			continue
		}
		start := 0
		if i < len(t.DiffStarts) {
			start = t.DiffStarts[i]
		}
		w.file(d.Path).change(d, start, w.turn)
	}
	seen := map[string]bool{}
	for _, d := range diffs {
		if k := w.keys.Key(d.Path); d.Path != "" && !seen[k] {
			seen[k] = true
			if w.files[k].edits == 0 {
				w.files[k].cwd = w.keys.Cwd // named from where it was first changed, not first read
			}
			w.files[k].edits++
		}
	}
}

// changeOf is what a finished call changed: its result's diffs, else the
// diffs its arguments described.
func changeOf(t *session.ToolCall) []session.FileDiff {
	if v, ok := t.View.(session.DiffResultView); ok {
		return v.Diffs
	}
	if v, ok := t.Call.(session.DiffCallView); ok {
		return v.Diffs
	}
	return nil
}
