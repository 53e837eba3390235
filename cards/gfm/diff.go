package gfm

import (
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/deck-tui/deck/session"
)

// unified writes file changes as one unified diff, file by file.
func unified(diffs []session.FileDiff) string {
	var b strings.Builder
	for _, d := range diffs {
		old, from := "", "a/"+d.Path
		if d.OldText != nil {
			old = eol(*d.OldText)
		} else {
			from = "/dev/null"
		}
		b.WriteString(udiff.Unified(from, "b/"+d.Path, old, eol(d.NewText)))
	}
	return b.String()
}

func eol(s string) string {
	if s == "" || strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}
