package present

import (
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
)

// Two agents descend from one Go tool set (opencode's first release, which
// became Crush): their grep and glob tools print their results alike.

// FoundMatches reads a grep tool's "Found N matches" output: per file a
// "path:" row and its "  Line N: text" rows (Crush adds ", Char M"
// before the colon); "No files found" for none. Any other text is no
// search's: a generic card.
func FoundMatches(out string) session.ResultView {
	v := session.SearchMatchesResultView{Files: []session.SearchFileMatches{}}
	if strings.HasPrefix(out, "No files found") {
		return v
	}
	if !strings.HasPrefix(out, "Found ") {
		return session.GenericResultView{}
	}
	for row := range strings.SplitSeq(out, "\n") {
		if l, ok := strings.CutPrefix(row, "  Line "); ok && len(v.Files) > 0 {
			at, t, ok := strings.Cut(l, ": ")
			at, _, _ = strings.Cut(at, ", Char ")
			n, err := strconv.Atoi(at)
			if ok && err == nil {
				f := &v.Files[len(v.Files)-1]
				f.Matches = append(f.Matches, session.SearchLineMatch{LineNumber: n, Line: t})
			}
			continue
		}
		if p, ok := strings.CutSuffix(row, ":"); ok && !strings.HasPrefix(row, " ") {
			v.Files = append(v.Files, session.SearchFileMatches{Path: p})
		}
		if strings.HasPrefix(row, "(Results are truncated") || strings.HasPrefix(row, "(Results truncated") {
			v.Truncated = true
		}
	}
	return v
}

// FoundPaths reads a glob tool's output: a path a row, "No files found"
// for none, and a note when the list was cut.
func FoundPaths(out string) session.SearchPathsResultView {
	v := session.SearchPathsResultView{Paths: []string{}}
	for row := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		switch {
		case row == "" || strings.HasPrefix(row, "No files found"):
		case strings.HasPrefix(row, "(Results are truncated"):
			v.Truncated = true
		default:
			v.Paths = append(v.Paths, row)
		}
	}
	return v
}
