package gfm

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/deck-tui/deck/session"
)

// unified writes file changes as one unified diff, hunk by hunk, each
// numbered with the file's real lines where the session's reads place it
// (starts, as the diff card numbers it), else from 1.
func unified(diffs []session.FileDiff, starts []int) string {
	var b strings.Builder
	shift := map[string]int{} // lines the earlier hunks of a file added, less those they removed
	for i, d := range diffs {
		old, from := "", "a/"+d.Path
		if d.OldText != nil {
			old = eol(*d.OldText)
		} else {
			from = "/dev/null"
		}
		start := 1
		if i < len(starts) && starts[i] > 0 {
			start = starts[i]
		}
		text := udiff.Unified(from, "b/"+d.Path, old, eol(d.NewText))
		b.WriteString(renumber(text, start-1, start-1+shift[d.Path]))
		shift[d.Path] += netLines(text)
	}
	return b.String()
}

// netLines is the lines a diff adds less those it removes.
func netLines(text string) int {
	n := 0
	for _, l := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(l, "+++ ") || strings.HasPrefix(l, "--- "):
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

func eol(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}
