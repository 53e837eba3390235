package codex

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/present"
)

// commandView is the card of a finished command: a read, a search or a
// path list when its words and output say so for sure, else a terminal.
func commandView(r run, o output) session.ResultView {
	if o.running == "" && o.exit != nil {
		switch r.kind {
		case read:
			if v, ok := readView(r, o); ok {
				return v
			}
		case search:
			if v, ok := searchView(r, o); ok {
				return v
			}
		case list:
			if *o.exit == 0 {
				return listView(r, o)
			}
		default: // a command deck does not read
		}
	}
	return session.TerminalResultView{Output: o.body, ExitCode: o.exit}
}

var (
	omitted = regexp.MustCompile(`^\[\.\.\. omitted (\d{1,9}) of (\d{1,9}) lines \.\.\.\]$`)
	// newer Codex cuts an output by tokens, anywhere in a line
	cutInLine = regexp.MustCompile(`…\d+ (?:tokens|chars) truncated…`)
)

// segment is a run of an output's lines, and how many lines Codex left
// out before it.
type segment struct {
	skip  int
	lines []string
}

// segments splits an output Codex cut in the middle ("[... omitted X
// of N lines ...]", with a blank line either side) into the runs it kept.
// ok is false when the counts do not add up.
func segments(body string, total int) ([]segment, bool) {
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	at := -1
	for i, l := range lines {
		if omitted.MatchString(l) {
			if at >= 0 {
				return nil, false // cut twice: not a shape deck knows
			}
			at = i
		}
	}
	if at < 0 {
		return []segment{{lines: lines}}, total == 0 || total == len(lines)
	}
	m := omitted.FindStringSubmatch(lines[at])
	omitted, _ := strconv.Atoi(m[1])
	n, _ := strconv.Atoi(m[2])
	if total != 0 && n != total {
		return nil, false
	}
	head, tail := lines[:at], lines[at+1:]
	// the blank lines around the marker are Codex's, unless the counts say
	// they belong to the file
	for _, trim := range [][2]int{{1, 1}, {0, 0}, {1, 0}, {0, 1}} {
		h, t := head, tail
		if trim[0] == 1 && (len(h) == 0 || h[len(h)-1] != "") || trim[1] == 1 && (len(t) == 0 || t[0] != "") {
			continue
		}
		h, t = h[:len(h)-trim[0]], t[trim[1]:]
		if len(h)+omitted+len(t) == n {
			return []segment{{lines: h}, {skip: omitted, lines: t}}, true
		}
	}
	return nil, false
}

// readView is the read card of a file window a command printed.
func readView(r run, o output) (session.ReadResultView, bool) {
	if *o.exit != 0 || strings.TrimSpace(o.body) == "" || cutInLine.MatchString(o.body) {
		return session.ReadResultView{}, false
	}
	segs, ok := segments(o.body, o.total)
	if !ok {
		return session.ReadResultView{}, false
	}
	var lines []session.ReadFileLine
	next := r.first
	for _, s := range segs {
		next += s.skip
		if len(s.lines) == 0 {
			continue
		}
		if r.numbered {
			rows, ok := present.NumberedLines(strings.Join(s.lines, "\n"))
			if !ok {
				return session.ReadResultView{}, false
			}
			lines = append(lines, rows...)
			continue
		}
		lines = append(lines, present.PlainLines(strings.Join(s.lines, "\n")+"\n", next)...)
		next += len(s.lines)
	}
	if len(lines) == 0 {
		return session.ReadResultView{}, false
	}
	return present.ReadView(r.path, lines, r.total(lines[len(lines)-1].Number)), true
}

// total is the file's length when a read's output says it: the command
// printed to the file's end (cat, nl, sed 'A,$p'), or stopped short of the
// last line it asked for (sed -n '1,220p' printing 150 lines). A window
// that printed all it asked for says nothing of what follows: 0.
func (r run) total(last int) int {
	if r.upTo == 0 || last < r.upTo {
		return last
	}
	return 0
}

var (
	matchRow   = regexp.MustCompile(`^(.+?):(\d{1,9}):(.*)$`)
	contextRow = regexp.MustCompile(`^(.+?)-(\d{1,9})-(.*)$`)
	oneFileRow = regexp.MustCompile(`^(\d{1,9})([:-])(.*)$`)
)

// searchView reads rg/grep rows: "path:line:text", or "line:text" when
// one file was searched. Exit 1 with no output is no match; any row deck
// cannot read makes it a terminal card.
func searchView(r run, o output) (session.SearchMatchesResultView, bool) {
	switch {
	case *o.exit == 1 && strings.TrimSpace(o.body) == "":
		return session.SearchMatchesResultView{}, true
	case *o.exit != 0:
		return session.SearchMatchesResultView{}, false
	}
	segs, ok := segments(o.body, o.total)
	if !ok {
		return session.SearchMatchesResultView{}, false
	}
	var rows []string
	v := session.SearchMatchesResultView{Match: r.match}
	for _, s := range segs {
		rows = append(rows, s.lines...)
		v.Truncated = v.Truncated || s.skip > 0
	}
	oneFile := r.path != ""
	for _, row := range rows {
		if row != "--" && !oneFileRow.MatchString(row) {
			oneFile = false
			break
		}
	}
	at := map[string]int{}
	for _, row := range rows {
		var file, num, text string
		switch m := matchRow.FindStringSubmatch(row); {
		case row == "--" && r.context:
			continue
		case oneFile:
			m = oneFileRow.FindStringSubmatch(row)
			if m == nil {
				return session.SearchMatchesResultView{}, false
			}
			if m[2] == "-" {
				continue // a context line
			}
			file, num, text = r.path, m[1], m[3]
		case m != nil:
			file, num, text = m[1], m[2], m[3]
		case r.context && contextRow.MatchString(row):
			continue
		default:
			return session.SearchMatchesResultView{}, false
		}
		n, _ := strconv.Atoi(num)
		i, seen := at[file]
		if !seen {
			i = len(v.Files)
			at[file] = i
			v.Files = append(v.Files, session.SearchFileMatches{Path: file})
		}
		v.Files[i].Matches = append(v.Files[i].Matches, session.SearchLineMatch{LineNumber: n, Line: text})
		v.Total++
	}
	if r.limit > 0 && len(rows) >= r.limit || cutInLine.MatchString(o.body) {
		v.Truncated = true
	}
	for _, s := range segs {
		v.Total += s.skip
	}
	return v, true
}

// listView is the path list ls, find, rg --files and the like printed.
func listView(r run, o output) session.SearchPathsResultView {
	v := session.SearchPathsResultView{Paths: []string{}}
	left := 0
	for _, row := range strings.Split(o.body, "\n") {
		row = strings.TrimRight(row, "\r")
		if m := omitted.FindStringSubmatch(row); m != nil {
			left, _ = strconv.Atoi(m[1])
			v.Truncated = true
			continue
		}
		if strings.TrimSpace(row) != "" {
			v.Paths = append(v.Paths, row)
		}
	}
	v.Total = len(v.Paths) + left
	if r.limit > 0 && len(v.Paths) >= r.limit {
		v.Truncated = true
	}
	return v
}
