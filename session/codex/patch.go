package codex

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
)

// Codex edits files with apply_patch: a custom tool whose input is the
// patch, a function tool {"input": patch}, or a here-document inside a
// shell command. A patch names each file it adds, changes or deletes; deck
// makes one diff card per file.
//
//	*** Begin Patch
//	*** Add File: path        then "+line" rows
//	*** Delete File: path
//	*** Update File: path     then an optional "*** Move to: path", and
//	@@ [anchor]               hunks of " ", "-" and "+" rows; the anchor is
//	                          a line to find, not a line number
//	*** End Patch

// fileOp is what a patch does to one file.
type fileOp struct {
	op     string // add, update, delete
	path   string
	moveTo string
	diffs  []session.FileDiff // the new file, or one per hunk
}

// title names the change for its card.
func (f fileOp) title() string {
	switch {
	case f.op == "add":
		return "Add " + f.path
	case f.op == "delete":
		return "Delete " + f.path
	case f.moveTo != "":
		return "Move " + f.path + " → " + f.moveTo
	}
	return "Edit " + f.path
}

// locations are the files the change names: the file, and where it moves.
func (f fileOp) locations() []session.FileLocation {
	l := []session.FileLocation{{Path: f.path}}
	if f.moveTo != "" {
		l = append(l, session.FileLocation{Path: f.moveTo})
	}
	return l
}

// heredoc is a script that runs apply_patch, maybe after a cd.
var heredoc = regexp.MustCompile(`^\s*(?:cd\s+([^\s&;|]+)\s*&&\s*)?(?:apply_patch|applypatch)\b`)

// patchIn finds the patch a script feeds apply_patch, and the
// directory it runs in (relative to the call's).
func patchIn(script string) (patch, dir string, ok bool) {
	m := heredoc.FindStringSubmatch(script)
	if m == nil {
		return "", "", false
	}
	patch, ok = patchText(script)
	return patch, strings.Trim(m[1], `'"`), ok
}

// patchText cuts the patch out of a text: from *** Begin Patch to
// *** End Patch (or the end), whatever quotes or here-document wrap it.
func patchText(s string) (string, bool) {
	i := strings.Index(s, "*** Begin Patch")
	if i < 0 {
		return "", false
	}
	s = s[i:]
	if j := strings.Index(s, "*** End Patch"); j >= 0 {
		s = s[:j+len("*** End Patch")]
	}
	return s, true
}

// parsePatch reads a patch's file operations, paths resolved against
// dir. ok is false when it names no file.
func parsePatch(patch, dir string) ([]fileOp, bool) {
	var ops []fileOp
	var cur *fileOp
	var old, new []string
	inHunk := false
	flush := func() {
		if cur != nil && cur.op == "update" && inHunk && len(old)+len(new) > 0 {
			o := strings.Join(old, "\n")
			cur.diffs = append(cur.diffs, session.FileDiff{Path: cur.path, OldText: &o, NewText: strings.Join(new, "\n")})
		}
		old, new, inHunk = nil, nil, false
	}
	end := func() {
		if cur != nil && cur.op == "add" {
			cur.diffs = []session.FileDiff{{Path: cur.path, NewText: strings.Join(new, "\n")}}
		}
		flush()
		if cur != nil {
			ops = append(ops, *cur)
			cur = nil
		}
	}
	lines := strings.Split(strings.TrimRight(strings.ReplaceAll(patch, "\r\n", "\n"), "\n"), "\n")
	for _, l := range lines {
		switch {
		case l == "*** Begin Patch" || l == "*** End of File":
		case l == "*** End Patch":
			end()
		case strings.HasPrefix(l, "*** Add File: "):
			end()
			cur = &fileOp{op: "add", path: joinPath(dir, strings.TrimSpace(l[len("*** Add File: "):]))}
		case strings.HasPrefix(l, "*** Delete File: "):
			end()
			cur = &fileOp{op: "delete", path: joinPath(dir, strings.TrimSpace(l[len("*** Delete File: "):]))}
		case strings.HasPrefix(l, "*** Update File: "):
			end()
			cur = &fileOp{op: "update", path: joinPath(dir, strings.TrimSpace(l[len("*** Update File: "):]))}
		case strings.HasPrefix(l, "*** Move to: ") && cur != nil:
			cur.moveTo = joinPath(dir, strings.TrimSpace(l[len("*** Move to: "):]))
		case cur == nil:
		case cur.op == "add":
			if strings.HasPrefix(l, "+") {
				new = append(new, l[1:])
			}
		case cur.op != "update":
		case strings.HasPrefix(l, "@@"):
			if len(old)+len(new) > 0 {
				flush()
			}
			inHunk = true
		default:
			inHunk = true // the first hunk may have no @@
			switch {
			case strings.HasPrefix(l, "-"):
				old = append(old, l[1:])
			case strings.HasPrefix(l, "+"):
				new = append(new, l[1:])
			case strings.HasPrefix(l, " "):
				old, new = append(old, l[1:]), append(new, l[1:])
			case l == "":
				old, new = append(old, ""), append(new, "")
			}
		}
	}
	end()
	return ops, len(ops) > 0
}

// patchFailed reads an apply_patch output with no exit code: Codex
// words its failures.
func patchFailed(body string) bool {
	first, _, _ := strings.Cut(strings.TrimSpace(body), "\n")
	first = strings.ToLower(first)
	return strings.Contains(first, "failed") || strings.HasPrefix(first, "error")
}
