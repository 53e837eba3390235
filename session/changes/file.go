package changes

import (
	"strings"

	"github.com/deck-tui/deck/session"
)

// file is what the session showed of one file, in order.
type file struct {
	path      string
	cwd       string // the working directory its name is written from (File.Cwd)
	edits     int
	presented bool
	firstTurn int

	// The file's text before its first change, when the session showed it;
	// a nil start with startKnown is a file the session made.
	start      *string
	startKnown bool
	// The file's whole text now, while every change since start applied
	// cleanly.
	text  string
	known bool

	hunks []Hunk // every change as the log gave it
}

// read records a read: a window from line 1 to the end is the whole text.
func (f *file) read(r session.ReadResultView) {
	if !whole(r) {
		return
	}
	lines := make([]string, len(r.Lines))
	for i, l := range r.Lines {
		lines[i] = l.Text
	}
	text := strings.Join(lines, "\n")
	if f.edits == 0 && len(f.hunks) == 0 && !f.startKnown {
		f.start, f.startKnown = &text, true
	}
	if f.startKnown {
		f.text, f.known = text, true // what a change since made it, as the file now says
	}
}

// whole reports whether a read window holds every line of the file.
func whole(r session.ReadResultView) bool {
	if r.TotalLines <= 0 || len(r.Lines) != r.TotalLines {
		return false
	}
	for i, l := range r.Lines {
		if l.Number != i+1 {
			return false
		}
	}
	return true
}

// change applies one hunk a call made.
func (f *file) change(d session.FileDiff, start, turn int) {
	if len(f.hunks) == 0 {
		f.firstTurn = turn
	}
	f.hunks = append(f.hunks, Hunk{Diff: d, Start: start, Turn: turn, Edit: f.edits + 1}) // the walker counts the edit after its hunks
	switch {
	case d.OldText == nil: // the whole file written
		if !f.startKnown {
			f.start, f.startKnown = nil, true
		}
		f.text, f.known = d.NewText, f.startKnown
	case f.known && *d.OldText != "" && strings.Count(f.text, *d.OldText) == 1:
		f.text = strings.Replace(f.text, *d.OldText, d.NewText, 1)
	case f.known && *d.OldText == f.text:
		f.text = d.NewText
	default:
		f.known = false // a change deck cannot place: the whole text is lost
	}
}

// net is the file's change over the session.
func (f *file) net() Net {
	n := Net{Path: f.path, Cwd: f.cwd}
	if f.startKnown && f.known {
		n.Whole = true
		old := ""
		if f.start != nil {
			old = *f.start
		}
		n.Hunks, n.Added, n.Removed = unified(f.path, f.start == nil, old, f.text)
		return n
	}
	n.Hunks = f.hunks
	for _, h := range f.hunks {
		old := ""
		if h.Diff.OldText != nil {
			old = *h.Diff.OldText
		}
		_, a, r := unified(f.path, h.Diff.OldText == nil, old, h.Diff.NewText)
		n.Added += a
		n.Removed += r
	}
	return n
}
