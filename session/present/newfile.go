package present

import "github.com/deck-tui/deck/session"

// The harness's write says oldText null both for a new file and for a file
// written whole over an old one. A write is a new file when its result says
// "Created file" (fs.go), or when it says neither that nor "Updated file"
// and the last the session saw of the file was a read that found it
// missing: nothing the log shows created it since.

// notFound is the code of a read of a file that does not exist
// (dsh-tool-fs's FsError).
const notFound = "FS_NOT_FOUND"

// Missing remembers what a finished call showed of its file's absence: a
// read that failed as not found. Any read or write that succeeds, and
// Forget, end it.
func (f *FileLines) Missing(name, arguments string, r *session.ToolResult) {
	if name != "read" || r == nil || !r.IsError || r.Error == nil || r.Error.Code != notFound {
		return
	}
	a, ok := ParseArgs(arguments)
	if !ok || a.Str("file_path") == "" {
		return
	}
	if f.missing == nil {
		f.missing = map[string]bool{}
	}
	f.missing[f.Key(a.Str("file_path"))] = true
}

// NewFiles says which of a write's whole-file diffs are new files: those of
// a file the session last saw missing, unless the result says the write
// updated it (what the log does not show made it since). Call it before
// Apply.
func (f *FileLines) NewFiles(v session.DiffResultView, r *session.ToolResult) session.DiffResultView {
	if writeOutcome(r) == "Updated file" {
		return v
	}
	changed := false
	diffs := v.Diffs
	for i, d := range diffs {
		if d.Whole && d.OldText == nil && f.missing[f.Key(d.Path)] {
			if !changed {
				diffs = append([]session.FileDiff(nil), v.Diffs...) // the view may be shared
				changed = true
			}
			diffs[i].Whole = false
		}
	}
	v.Diffs = diffs
	return v
}
