package viewer

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// grepRow is a grep card's match row: its line number, then the bar.
var grepRow = regexp.MustCompile(`^ {3,}(\d+) │`)

// grepFileAt is the file and line of the grep match row the person is
// reading: the first of the focused card's match rows on screen (else its
// first). The file and line come from the card's view, never from the
// drawn text: the rows only say which match.
func (v *Viewer) grepFileAt(res session.SearchMatchesResultView, cwd string) (file string, line int, ok bool) {
	rows := v.rows(v.focus)
	from := len(rows)
	for _, p := range v.screen {
		if p.idx == v.focus {
			from = min(from, p.row)
		}
	}
	if from == len(rows) {
		from = 0
	}
	file, line, ok = grepMatchAt(res, rows, from, 1)
	if !ok {
		file, line, ok = grepMatchAt(res, rows, from, -1)
	}
	if ok {
		file = resolve(cwd, file)
	}
	return file, line, ok
}

// grepMatchAt finds the first match row from row from on (dir 1) or back
// (dir -1), and names its file by counting the file rows above it.
func grepMatchAt(res session.SearchMatchesResultView, rows []string, from, dir int) (string, int, bool) {
	for r := max(from, 1); r >= 1 && r < len(rows); r += dir {
		m := grepRow.FindStringSubmatch(ansi.Strip(rows[r]))
		if m == nil {
			continue
		}
		files := 0 // the file rows above: two spaces, then the path
		for _, above := range rows[1:r] {
			plain := ansi.Strip(above)
			if strings.HasPrefix(plain, "  ") && len(plain) > 2 && plain[2] != ' ' {
				files++
			}
		}
		n, _ := strconv.Atoi(m[1])
		if files < 1 || files > len(res.Files) {
			return "", 0, false
		}
		f := res.Files[files-1]
		for _, mt := range f.Matches {
			if mt.LineNumber == n {
				return f.Path, n, f.Path != ""
			}
		}
		return "", 0, false
	}
	return "", 0, false
}
