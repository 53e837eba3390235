package changes

import (
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/deck-tui/deck/session"
)

// unified diffs two texts of a file into hunks with three lines of context,
// each starting at its real line; a file the session made is one hunk with
// no old text. It counts the lines added and removed.
func unified(path string, made bool, old, new string) (hunks []Hunk, added, removed int) {
	if made {
		n := len(lines(new))
		return []Hunk{{Diff: session.FileDiff{Path: path, NewText: new}, Start: 1}}, n, 0
	}
	var h *Hunk
	var oldLines, newLines []string
	flush := func() {
		if h != nil {
			o := strings.Join(oldLines, "\n")
			h.Diff.OldText = &o
			h.Diff.NewText = strings.Join(newLines, "\n")
			hunks = append(hunks, *h)
		}
		h, oldLines, newLines = nil, nil, nil
	}
	for _, l := range strings.Split(udiff.Unified("a", "b", ensureEOL(old), ensureEOL(new)), "\n") {
		switch {
		case strings.HasPrefix(l, "@@ "):
			flush()
			h = &Hunk{Diff: session.FileDiff{Path: path}, Start: hunkStart(l)}
		case h == nil || l == "" || strings.HasPrefix(l, `\`):
		case l[0] == ' ':
			oldLines, newLines = append(oldLines, l[1:]), append(newLines, l[1:])
		case l[0] == '-':
			oldLines = append(oldLines, l[1:])
			removed++
		case l[0] == '+':
			newLines = append(newLines, l[1:])
			added++
		}
	}
	flush()
	return hunks, added, removed
}

// ensureEOL ends a non-empty text with a newline, so that a read (which
// loses the last one) and a write (which keeps it) compare alike.
func ensureEOL(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}

// hunkStart reads the old start line from "@@ -12,3 +12,4 @@"; an empty old
// side ("-0,0") starts at line 1.
func hunkStart(header string) int {
	f := strings.Fields(header)
	if len(f) < 2 {
		return 0
	}
	n, _, _ := strings.Cut(strings.TrimPrefix(f[1], "-"), ",")
	start, err := strconv.Atoi(n)
	if err != nil {
		return 0
	}
	return max(start, 1)
}

func lines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
