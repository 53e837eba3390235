package present

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// Other agents' logs say what their tools did in their own words; these map
// those words onto the harness's card union, so every agent gets the same
// cards.

// contextLines is how many unchanged lines a hunk keeps around a change, as
// the harness's own diffs do.
const contextLines = 3

// TextHunks diffs two whole texts into hunks with context, one FileDiff each,
// and where each hunk's old text starts in the file. A new file (old nil) is
// one hunk from line 1.
func TextHunks(path string, old *string, newText string) ([]session.FileDiff, []int) {
	if old == nil {
		return []session.FileDiff{{Path: path, NewText: newText}}, []int{1}
	}
	a, b := splitLines(strings.TrimSuffix(*old, "\n")), splitLines(strings.TrimSuffix(newText, "\n"))
	edits := lcs.DiffLines(a, b)
	var diffs []session.FileDiff
	var starts []int
	for i := 0; i < len(edits); {
		// a hunk: this edit and those close enough to share context
		j := i
		for j+1 < len(edits) && edits[j+1].Start-edits[j].End <= 2*contextLines {
			j++
		}
		from := max(edits[i].Start-contextLines, 0)
		to := min(edits[j].End+contextLines, len(a))
		var oldLines, newLines []string
		oi := from
		for k := i; k <= j; k++ {
			e := edits[k]
			oldLines = append(oldLines, a[oi:e.Start]...)
			newLines = append(newLines, a[oi:e.Start]...)
			oldLines = append(oldLines, a[e.Start:e.End]...)
			newLines = append(newLines, b[e.ReplStart:e.ReplEnd]...)
			oi = e.End
		}
		oldLines = append(oldLines, a[oi:to]...)
		newLines = append(newLines, a[oi:to]...)
		d := session.FileDiff{Path: path, NewText: strings.Join(newLines, "\n")}
		if len(oldLines) > 0 {
			o := strings.Join(oldLines, "\n")
			d.OldText = &o
		}
		diffs = append(diffs, d)
		starts = append(starts, from+1)
		i = j + 1
	}
	return diffs, starts
}

var hunkHeader = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// UnifiedHunks reads a unified diff (its @@ hunks; file headers are skipped)
// into one FileDiff per hunk, with where each hunk's old text starts. Lines
// that belong to no hunk are ignored.
func UnifiedHunks(path, diff string) ([]session.FileDiff, []int) {
	var diffs []session.FileDiff
	var starts []int
	var oldLines, newLines []string
	in := false
	flush := func() {
		if !in {
			return
		}
		d := session.FileDiff{Path: path, NewText: strings.Join(newLines, "\n")}
		if len(oldLines) > 0 {
			o := strings.Join(oldLines, "\n")
			d.OldText = &o
		}
		diffs = append(diffs, d)
		oldLines, newLines = nil, nil
	}
	for _, l := range strings.Split(strings.TrimSuffix(diff, "\n"), "\n") {
		if m := hunkHeader.FindStringSubmatch(l); m != nil {
			flush()
			in = true
			start, _ := strconv.Atoi(m[1])
			if m[2] == "0" { // nothing old: the hunk adds after line start
				start++
			}
			starts = append(starts, max(start, 1))
			continue
		}
		if !in {
			continue
		}
		switch {
		case strings.HasPrefix(l, "-"):
			oldLines = append(oldLines, l[1:])
		case strings.HasPrefix(l, "+"):
			newLines = append(newLines, l[1:])
		case strings.HasPrefix(l, " "):
			oldLines = append(oldLines, l[1:])
			newLines = append(newLines, l[1:])
		case l == "":
			oldLines = append(oldLines, "")
			newLines = append(newLines, "")
		case strings.HasPrefix(l, `\`): // "\ No newline at end of file"
		default:
			flush()
			in = false
		}
	}
	flush()
	return diffs, starts
}

// Unfence returns the inside of a Markdown code fence that wraps the whole
// text (```lang … ```), or the text as it is.
func Unfence(text string) string {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return text
	}
	nl := strings.IndexByte(t, '\n')
	if nl < 0 {
		return text
	}
	inner := t[nl+1 : len(t)-3]
	return strings.TrimSuffix(inner, "\n")
}

// NumberedLines reads a file's lines out of text a tool printed with line
// numbers: "     1→text" (Claude Code), "1\ttext" (cat -n, nl), or "1: text"
// (the harness). ok is false when the lines are not all numbered that way.
func NumberedLines(text string) ([]session.ReadFileLine, bool) {
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := make([]session.ReadFileLine, 0, len(rows))
	for _, r := range rows {
		t := strings.TrimLeft(r, " ")
		i := 0
		for i < len(t) && t[i] >= '0' && t[i] <= '9' {
			i++
		}
		if i == 0 || i > 9 {
			return nil, false
		}
		n, _ := strconv.Atoi(t[:i])
		rest := t[i:]
		switch {
		case strings.HasPrefix(rest, "→"):
			rest = rest[len("→"):]
		case strings.HasPrefix(rest, "\t"):
			rest = rest[1:]
		default:
			return nil, false
		}
		if len(out) > 0 && n <= out[len(out)-1].Number {
			return nil, false
		}
		out = append(out, session.ReadFileLine{Number: n, Text: rest})
	}
	return out, len(out) > 0
}

// ReadView is the read card of a window of a file whose lines are known.
// total is the file's length when the tool's output says it, else 0: a
// window says nothing of the lines after it, so none is made up.
func ReadView(path string, lines []session.ReadFileLine, total int) session.ReadResultView {
	offset := 1
	if len(lines) > 0 {
		offset = lines[0].Number
		if total > 0 {
			total = max(total, lines[len(lines)-1].Number)
		}
	}
	return session.ReadResultView{Path: path, Offset: offset, Lines: lines, TotalLines: total, Lang: session.LangFromPath(path)}
}

// PlainLines numbers text's lines from first.
func PlainLines(text string, first int) []session.ReadFileLine {
	if text == "" {
		return nil
	}
	rows := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	out := make([]session.ReadFileLine, len(rows))
	for i, r := range rows {
		out[i] = session.ReadFileLine{Number: first + i, Text: r}
	}
	return out
}

var matchLine = regexp.MustCompile(`^(.+?):(\d+):(.*)$`)

// SearchFromText reads a search tool's text output: "path:line:text" rows (rg,
// grep -n) become matches grouped by file; anything else, one path a row.
func SearchFromText(text string) session.ResultView {
	rows := strings.Split(strings.TrimSpace(text), "\n")
	if strings.TrimSpace(text) == "" {
		return session.SearchPathsResultView{}
	}
	var files []session.SearchFileMatches
	at := map[string]int{}
	n := 0
	for _, r := range rows {
		m := matchLine.FindStringSubmatch(r)
		if m == nil {
			files = nil
			break
		}
		num, _ := strconv.Atoi(m[2])
		i, ok := at[m[1]]
		if !ok {
			i = len(files)
			at[m[1]] = i
			files = append(files, session.SearchFileMatches{Path: m[1]})
		}
		files[i].Matches = append(files[i].Matches, session.SearchLineMatch{LineNumber: num, Line: m[3]})
		n++
	}
	if files != nil {
		return session.SearchMatchesResultView{Files: files, Total: n}
	}
	var paths []string
	for _, r := range rows {
		if r = strings.TrimSpace(r); r != "" {
			paths = append(paths, r)
		}
	}
	return session.SearchPathsResultView{Paths: paths, Total: len(paths)}
}

// ExitOf reads an exit code from a JSON number.
func ExitOf(v any) *int {
	if n, ok := jsonline.Int(v); ok {
		c := int(n)
		return &c
	}
	return nil
}
