package aider

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
)

// Aider asks the model for its edits in the run's edit format, which the
// banner names ("Main model: M with udiff edit format"). Besides
// SEARCH/REPLACE blocks (diff, diff-fenced: reply.go), two formats write
// edits a reader can tell apart from prose only by knowing the format:
//
//   - udiff (udiff_coder.py, find_diffs): each ```diff fence holds unified
//     diffs, "--- a" and "+++ b" naming the file and "@@ … @@" starting
//     each hunk; the hunks carry no line numbers;
//   - whole (wholefile_coder.py, get_edits): each fence holds a file's
//     whole new text, its name on the line before the fence.
//
// In any other format such fences are the reply's Markdown.

var editFormat = regexp.MustCompile(`with ([\w-]+) edit format`)

// unifiedDiffs and wholeFiles report the run's edit format.
func (d *Decoder) unifiedDiffs() bool { return strings.HasPrefix(d.format, "udiff") }
func (d *Decoder) wholeFiles() bool {
	return d.format == "whole" || d.format == "editor-whole"
}

// udiffHunk is one hunk of a udiff fence: the file it is of ("" for the file
// before it) and its lines, each with its +, - or space.
type udiffHunk struct {
	path    string
	created bool // "--- /dev/null": a new file
	lines   []string
}

// parseUdiff splits a ```diff fence's lines into hunks as Aider does
// (process_fenced_block): a "--- " line followed by "+++ " names the file;
// each "@@" ends the hunk before it; a hunk that neither adds nor removes
// a line is dropped.
func parseUdiff(block []string) []udiffHunk {
	var out []udiffHunk
	var path string
	created := false
	var cur []string
	changes := false
	end := func() {
		if changes {
			out = append(out, udiffHunk{path, created, cur})
		}
		cur, changes = nil, false
	}
	for i := 0; i < len(block); i++ {
		l := block[i]
		if strings.HasPrefix(l, "--- ") && i+1 < len(block) && strings.HasPrefix(block[i+1], "+++ ") {
			end()
			path, created = udiffPath(l[4:], block[i+1][4:])
			i++
			continue
		}
		if strings.HasPrefix(l, "@@") {
			end()
			continue
		}
		if strings.HasPrefix(l, "-") || strings.HasPrefix(l, "+") {
			changes = true
		}
		cur = append(cur, l)
	}
	end()
	return out
}

// udiffPath is the file a "--- a" "+++ b" pair names: b without git's "b/"
// when a has git's "a/" (or is /dev/null), else b as it is.
func udiffPath(a, b string) (string, bool) {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if (strings.HasPrefix(a, "a/") || a == "/dev/null") && strings.HasPrefix(b, "b/") {
		return b[2:], a == "/dev/null"
	}
	return b, a == "/dev/null"
}

// beforeAfter is a hunk's text before and after it, as Aider applies it
// (hunk_to_before_after): a line too short to hold an op is context.
func (h udiffHunk) beforeAfter() (before, after string) {
	var b, a strings.Builder
	for _, l := range h.lines {
		op, text := byte(' '), l
		if len(l) >= 1 && (l[0] == '-' || l[0] == '+' || l[0] == ' ') {
			op, text = l[0], l[1:]
		}
		if op != '+' {
			b.WriteString(text + "\n")
		}
		if op != '-' {
			a.WriteString(text + "\n")
		}
	}
	return b.String(), a.String()
}

// named gives each hunk its file: one with none is the file's before it
// (the file of the reply's last edit, for the first). Hunks of no file are
// dropped.
func (d *Decoder) named(hunks []udiffHunk) []udiffHunk {
	path := d.reply.current
	var out []udiffHunk
	for _, h := range hunks {
		if h.path == "" {
			h.path = path
		}
		if h.path != "" {
			path = h.path
			out = append(out, h)
		}
	}
	return out
}

// udiffCards adds the cards of a ```diff fence's hunks, each given its
// file: the hunks of a file in a row are one card.
func (d *Decoder) udiffCards(num int, hunks []udiffHunk) {
	for i := 0; i < len(hunks); {
		j := i
		var diffs []session.FileDiff
		for ; j < len(hunks) && hunks[j].path == hunks[i].path; j++ {
			before, after := hunks[j].beforeAfter()
			diff := session.FileDiff{Path: hunks[j].path, NewText: strings.TrimSuffix(after, "\n")}
			if !hunks[j].created {
				old := strings.TrimSuffix(before, "\n")
				diff.OldText = &old
			}
			diffs = append(diffs, diff)
		}
		title := "Edit " + hunks[i].path
		if hunks[i].created {
			title = "Create " + hunks[i].path
		}
		d.addEdit(num, hunks[i].path, title, diffs)
		d.reply.current = hunks[i].path
		i = j
	}
}

// wholeName is the file a whole-format fence is of, read from the line
// before it as Aider reads it (get_edits): decorations off, at most 250
// characters; "" for none.
func wholeName(line string) string {
	name := strings.TrimSpace(line)
	name = strings.Trim(name, "*")
	name = strings.TrimRight(name, ":")
	name = strings.Trim(name, "`")
	name = strings.TrimLeft(name, "#")
	name = strings.TrimSpace(name)
	if len(name) > 250 {
		return ""
	}
	return name
}

// wholeCard adds the card of a whole-format fence: the file's new text,
// its old text not in the history.
func (d *Decoder) wholeCard(num int, path string, text []string) {
	diff := session.FileDiff{Path: path, NewText: strings.Join(text, "\n"), Whole: true}
	d.addEdit(num, path, "Write "+path, []session.FileDiff{diff})
	d.reply.current = path
}
