package viewer

import (
	"errors"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/cards"
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
		return resolve(cwd, v.Path), line, v.Path != ""
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
	if len(diffs) == 0 || diffs[0].Path == "" {
		return "", 0, false
	}
	line := 0
	if len(starts) > 0 {
		line = starts[0]
	}
	return resolve(cwd, diffs[0].Path), line, true
}

// resolve makes a path absolute against the session's working directory.
// A path that stays relative (the log's cwd is relative or missing) gets a
// "./" so that no editor can take it for an option ("-…") or a command
// ("+:!…"): both come from the log.
func resolve(cwd, p string) string {
	if !path.IsAbs(p) && cwd != "" {
		p = path.Join(cwd, p)
	}
	if !path.IsAbs(p) {
		p = "./" + p
	}
	return p
}

// errUnsafePath is why a path is not handed to the editor.
var errUnsafePath = errors.New("refused to open a path with control or invisible characters")

// editorCommand is the command that opens file at line in $VISUAL, else
// $EDITOR, else vi. A path the sanitiser would mark is refused: the
// editor would see bytes the card never showed.
func editorCommand(file string, line int) (*exec.Cmd, error) {
	if cards.Safe(file) != file {
		return nil, errUnsafePath
	}
	editor := os.Getenv("VISUAL")
	if editor == "" {
		editor = os.Getenv("EDITOR")
	}
	fields := strings.Fields(editor)
	if len(fields) == 0 {
		fields = []string{"vi"}
	}
	return exec.Command(fields[0], append(fields[1:], editorArgs(fields[0], file, line)...)...), nil
}

// editorArgs are the arguments that open file (absolute, or "./"-relative)
// at line in editor. Each editor has its own way to name a line; "--" ends
// the options of those that take it, and "+LINE" must come before it.
func editorArgs(editor, file string, line int) []string {
	name := strings.TrimSuffix(filepath.Base(editor), ".exe")
	at := "+" + strconv.Itoa(line)
	switch {
	case name == "code" || name == "codium" || name == "code-insiders":
		if line > 0 {
			return []string{"--goto", file + ":" + strconv.Itoa(line)}
		}
		return []string{file}
	case name == "hx" || name == "helix":
		if line > 0 {
			return []string{file + ":" + strconv.Itoa(line)}
		}
		return []string{file}
	case endsOptions(name):
		if line > 0 {
			return []string{at, "--", file}
		}
		return []string{"--", file}
	}
	// micro, kak and the rest: "+LINE" first; the path cannot look like
	// an option, and after "+LINE" flag parsers such as Go's stop anyway.
	if line > 0 {
		return []string{at, file}
	}
	return []string{file}
}

// endsOptions reports whether an editor reads "--" as the end of its
// options and still honours a "+LINE" given before it: the vi family
// (vim's and nvim's -- "only file names after this"), emacs and nano.
func endsOptions(name string) bool {
	switch name {
	case "vi", "vim", "nvim", "gvim", "view", "vim.tiny", "vim.basic", "mvim", "nvi",
		"emacs", "emacsclient", "nano":
		return true
	}
	return false
}
