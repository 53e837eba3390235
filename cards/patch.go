package cards

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/deck-tui/deck/session"
)

// Patch writes a diff card's file changes as one unified diff that `git
// apply` takes from the session's working directory: paths inside it made
// relative to it and written a/… and b/… (one outside it stays as the log
// wrote it), a file the session made from /dev/null, each hunk with three
// lines of context and the file's real line numbers where the session's
// reads placed it (starts, as the card numbers it; else from 1), a later
// hunk of a file moved by the lines the earlier ones added. The lines are
// the card's: escape sequences gone. It is what copying a diff card gives
// and what the Markdown export writes.
func Patch(diffs []session.FileDiff, starts []int, cwd string) string {
	var b strings.Builder
	shift := map[string]int{} // lines the earlier hunks of a file added, less those they removed
	for i, d := range diffs {
		name := Safe(relPath(cwd, d.Path)) // one line: a newline in a log's path would start headers of its own
		old, from := "", "a/"+name
		if d.OldText != nil {
			old = patchText(*d.OldText)
		} else {
			from = "/dev/null"
		}
		start := 1
		if i < len(starts) && starts[i] > 0 {
			start = starts[i]
		}
		text := udiff.Unified(from, "b/"+name, old, patchText(d.NewText))
		b.WriteString(renumber(text, start-1, start-1+shift[d.Path]))
		shift[d.Path] += netLines(text)
	}
	return b.String()
}

// patchText is text as a patch's lines: as the diff card splits them, each
// ended by a newline.
func patchText(s string) string {
	lines := diffLines(s)
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n") + "\n"
}

// netLines is the lines a diff adds less those it removes: the lines of
// its hunks, after its two header lines (a removed "-- x" reads as "--- x").
func netLines(text string) int {
	n := 0
	lines := strings.Split(text, "\n")
	for _, l := range lines[min(2, len(lines)):] {
		switch {
		case strings.HasPrefix(l, "+"):
			n++
		case strings.HasPrefix(l, "-"):
			n--
		}
	}
	return n
}

var hunkHeader = regexp.MustCompile(`(?m)^@@ -(\d+)((?:,\d+)?) \+(\d+)((?:,\d+)?) @@`)

// renumber moves a diff's hunk headers down the file.
func renumber(text string, oldBy, newBy int) string {
	if oldBy == 0 && newBy == 0 {
		return text
	}
	return hunkHeader.ReplaceAllStringFunc(text, func(h string) string {
		m := hunkHeader.FindStringSubmatch(h)
		a, _ := strconv.Atoi(m[1])
		c, _ := strconv.Atoi(m[3])
		return fmt.Sprintf("@@ -%d%s +%d%s @@", a+oldBy, m[2], c+newBy, m[4])
	})
}
