package ui

import (
	"path"
	"strconv"

	"github.com/deck-tui/deck/session"
)

// fileAt is the file a card shows and the line to open it at: a read's
// first line, a diff's first changed line when it is known. ok is false
// for cards that show no file.
func fileAt(t *session.ToolCall, cwd string) (file string, line int, ok bool) {
	switch v := t.View.(type) {
	case session.ReadResultView:
		line = v.Offset
		if len(v.Lines) > 0 {
			line = v.Lines[0].Number
		}
		return resolve(cwd, v.Path), line, true
	case session.DiffResultView:
		return diffFile(v.Diffs, t.DiffStarts, cwd)
	case nil:
		if c, is := t.Call.(session.DiffCallView); is {
			return diffFile(c.Diffs, t.DiffStarts, cwd)
		}
	default: // other cards show no one file
	}
	return "", 0, false
}

func diffFile(diffs []session.FileDiff, starts []int, cwd string) (string, int, bool) {
	if len(diffs) == 0 {
		return "", 0, false
	}
	line := 0
	if len(starts) > 0 {
		line = starts[0]
	}
	return resolve(cwd, diffs[0].Path), line, true
}

// resolve makes a path absolute against the session's working directory.
func resolve(cwd, p string) string {
	if p == "" || path.IsAbs(p) || cwd == "" {
		return p
	}
	return path.Join(cwd, p)
}

// editorArgs are the arguments that open file at line in most editors
// (vi, vim, nvim, emacs, nano, micro, helix, kakoune, code with -g aside).
func editorArgs(file string, line int) []string {
	if line <= 0 {
		return []string{file}
	}
	return []string{"+" + strconv.Itoa(line), file}
}
