package present

import (
	"maps"
	"path"
	"strings"

	"github.com/deck-tui/deck/session"
)

// FileLines is what the session has seen of each file's lines: from its
// reads, and from the diffs applied since. It numbers a later diff's lines
// with the file's real line numbers, and only when it can be sure: a hunk
// that does not sit exactly (and once) in what is known gets no numbers, and
// a file changed in an unknown place is forgotten.
type FileLines struct {
	Cwd     string
	files   map[string]map[int]string // resolved path → line number → text
	missing map[string]bool           // resolved paths a read found missing, since (newfile.go)
}

func NewFileLines() *FileLines { return &FileLines{files: map[string]map[int]string{}} }

// Clone is a copy that changes apart from f: for a reading that goes on
// beside the session's own (a subagent's file read without its lock).
func (f *FileLines) Clone() *FileLines {
	c := &FileLines{Cwd: f.Cwd, files: make(map[string]map[int]string, len(f.files)), missing: maps.Clone(f.missing)}
	for k, known := range f.files {
		c.files[k] = maps.Clone(known)
	}
	return c
}

// Key resolves a path against the session's working directory.
func (f *FileLines) Key(p string) string {
	if p == "" || path.IsAbs(p) || f.Cwd == "" || strings.HasPrefix(p, f.Cwd+"/") {
		return path.Clean(p)
	}
	return path.Join(f.Cwd, p)
}

// Forget drops what is known of a file (deleted, or changed unseen).
func (f *FileLines) Forget(p string) {
	delete(f.files, f.Key(p))
	delete(f.missing, f.Key(p))
}

// Rename moves what is known of a file to its new path.
func (f *FileLines) Rename(from, to string) {
	known := f.files[f.Key(from)]
	f.Forget(from)
	if known != nil {
		f.files[f.Key(to)] = known
	}
}

// Read records a Read window: these lines of the file are now known.
func (f *FileLines) Read(v session.ReadResultView) {
	k := f.Key(v.Path)
	delete(f.missing, k)
	known := f.files[k]
	if known == nil {
		known = map[int]string{}
		f.files[k] = known
	}
	for _, l := range v.Lines {
		known[l.Number] = l.Text
	}
}

// Number finds where each hunk's old text starts in the file, 0 where it is
// not known. A hunk with no old text (a new file) starts at line 1.
func (f *FileLines) Number(diffs []session.FileDiff) []int {
	starts := make([]int, len(diffs))
	for i, d := range diffs {
		if d.OldText == nil {
			starts[i] = 1
			continue
		}
		starts[i] = find(f.files[f.Key(d.Path)], splitLines(*d.OldText))
	}
	return starts
}

// Apply updates what is known after diffs were applied, hunk by hunk from the
// bottom so earlier line numbers stay put.
func (f *FileLines) Apply(diffs []session.FileDiff, starts []int) {
	for i := len(diffs) - 1; i >= 0; i-- {
		d := diffs[i]
		k := f.Key(d.Path)
		delete(f.missing, k)
		newLines := splitLines(d.NewText)
		switch {
		case d.OldText == nil:
			f.files[k] = map[int]string{}
			for n, l := range newLines {
				f.files[k][n+1] = l
			}
		case starts[i] == 0:
			delete(f.files, k) // changed where deck cannot tell: forget it
		default:
			f.files[k] = splice(f.files[k], starts[i], len(splitLines(*d.OldText)), newLines)
		}
	}
}

// find returns the one line number at which lines sit in known, or 0.
func find(known map[int]string, lines []string) int {
	if len(known) == 0 || len(lines) == 0 {
		return 0
	}
	found := 0
	for n, text := range known {
		if text != lines[0] {
			continue
		}
		match := true
		for i := 1; i < len(lines); i++ {
			if t, ok := known[n+i]; !ok || t != lines[i] {
				match = false
				break
			}
		}
		if match {
			if found != 0 {
				return 0 // twice: ambiguous
			}
			found = n
		}
	}
	return found
}

// splice replaces old lines at start by newLines, shifting the lines after.
func splice(known map[int]string, start, old int, newLines []string) map[int]string {
	out := make(map[int]string, len(known)-old+len(newLines))
	shift := len(newLines) - old
	for n, t := range known {
		switch {
		case n < start:
			out[n] = t
		case n >= start+old:
			out[n+shift] = t
		}
	}
	for i, l := range newLines {
		out[start+i] = l
	}
	return out
}

// splitLines splits text into lines; an empty text has none.
func splitLines(text string) []string {
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}
