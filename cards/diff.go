package cards

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// diffRow is one row of a hunk: a line both sides share, or one side's line.
type diffRow struct {
	kind     byte // ' ' context, '-' removed, '+' added
	old, new int  // line numbers, 0 when unknown or absent
	text     []token
	emph     []byteRange // changed words, for paired - and + lines
}

type byteRange struct{ from, to int }

// hunk is one FileDiff laid out as rows.
type hunk struct {
	path       string
	newFile    bool
	whole      bool // written whole: a new file or an overwrite, the log does not say
	rows       []diffRow
	added, del int
	note       string // why its code is not highlighted, when it could be
}

// diffCard: each file's path with its counts, then each hunk diffed line by
// line: context stays context, changed lines are − and +, changed words in a
// pair of lines are emphasised, code is highlighted, and the lines carry the
// file's real numbers when the session read the file before.
func diffCard(c *card, t *session.ToolCall, diffs []session.FileDiff) {
	th := c.th
	_, pending := t.Call.(session.DiffCallView)
	pending = pending && t.View == nil
	hunks := make([]hunk, len(diffs))
	added, del := 0, 0
	files := map[string]bool{}
	shift := map[string]int{} // lines the earlier hunks of a file added, less those they removed
	for i, d := range diffs {
		start := 0
		if i < len(t.DiffStarts) {
			start = t.DiffStarts[i]
		}
		hunks[i] = layoutHunk(c, d, start, shift[d.Path])
		shift[d.Path] += hunks[i].added - hunks[i].del
		added += hunks[i].added
		del += hunks[i].del
		files[d.Path] = true
	}
	facts := []string{}
	if len(files) > 1 {
		facts = append(facts, plural(len(files), "file", "files"))
	}
	counts := line{{fmt.Sprintf("+%d", added), th.Success}, {" ", theme.Style{}}, {fmt.Sprintf("−%d", del), th.Error}}
	c.header(status(th, t.Status()), title(c, t), append([]line{counts}, summary(c, t, facts...)...)...)
	if len(diffs) == 0 {
		if dv, _ := t.Call.(session.DiffCallView); len(dv.Diffs) == 0 && t.Result != nil && strings.TrimSpace(session.TextOf(t.Result.Content)) != "" {
			c.text(session.TextOf(t.Result.Content), th.Muted) // a change deck could not read: what the tool said
			return
		}
		c.note("(no changes)")
		return
	}
	numW := numberWidth(hunks)
	show := hunks[:c.keep(len(hunks), collapsed.diffHunks)]
	for i, h := range show {
		if i == 0 || h.path != show[i-1].path {
			fileHeader(c, h, hunks, pending)
		} else {
			c.body(line{{strings.Repeat(" ", numW) + "  ⋯", th.Faint}})
		}
		if h.note != "" {
			c.note(h.note)
		}
		for _, r := range h.rows {
			diffLine(c, r, numW)
		}
	}
	if hidden := len(hunks) - len(show); hidden > 0 {
		c.elided(hidden, "hunk", "hunks")
	}
}

// fileHeader names a file and counts its changes across its hunks.
func fileHeader(c *card, h hunk, all []hunk, pending bool) {
	th := c.th
	added, del := 0, 0
	for _, o := range all {
		if o.path == h.path {
			added, del = added+o.added, del+o.del
		}
	}
	l := append(c.safeLine(relPath(c.o.Cwd, h.path), th.Path), span{"  ", theme.Style{}},
		span{fmt.Sprintf("+%d", added), th.Success}, span{" ", theme.Style{}}, span{fmt.Sprintf("−%d", del), th.Error})
	if h.newFile {
		what := "new file"
		if pending || h.whole {
			what = "whole content"
		}
		l = append(l, span{" · " + what, th.Muted})
	}
	c.body(l)
}

// numberWidth is the width of the widest line number, 0 when none is known.
func numberWidth(hunks []hunk) int {
	w := 0
	for _, h := range hunks {
		for _, r := range h.rows {
			w = max(w, len(numStr(r.old)), len(numStr(r.new)))
		}
	}
	return w
}

func numStr(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// diffLine draws one row: a gutter of the old and new numbers (when known)
// and the mark, then the highlighted text on the row's background.
func diffLine(c *card, r diffRow, numW int) {
	th := c.th
	var bg, emph, mark theme.Style
	switch r.kind {
	case '-':
		bg, emph, mark = th.DiffDel, th.DiffDelEmph, th.DiffDelMark
	case '+':
		bg, emph, mark = th.DiffAdd, th.DiffAddEmph, th.DiffAddMark
	default:
		mark = th.Faint
	}
	g := gutter{}
	if numW > 0 {
		g.decorations = []decoration{
			{pad(numStr(r.old), numW) + " ", th.GutterNum},
			{pad(numStr(r.new), numW) + " ", th.GutterNum},
		}
	}
	g.decorations = append(g.decorations, decoration{string(r.kind) + " ", mark})
	c.besideGutter(g, paint(th, r.text, r.emph, bg, emph), 0, func(text line, room int) []line {
		rows := c.codeRows(text, room)
		if bg.Bg != nil { // a changed line's tint runs to the edge
			for i := range rows {
				rows[i] = rows[i].pad(room, bg)
			}
		}
		return rows
	})
}

// layoutHunk diffs one FileDiff's old and new text line by line.
func layoutHunk(c *card, d session.FileDiff, start, shift int) hunk {
	h := hunk{path: d.Path}
	lang := session.LangFromPath(d.Path)
	newLines := diffLines(d.NewText)
	newTok, why := c.highlight(lang, strings.Join(newLines, "\n"))
	h.note = why
	if d.OldText == nil {
		h.newFile, h.whole = true, d.Whole
		for i := range newLines {
			h.rows = append(h.rows, diffRow{kind: '+', new: i + 1, text: newTok[i]})
		}
		h.added = len(newLines)
		return h
	}
	oldLines := diffLines(*d.OldText)
	oldTok, why := c.highlight(lang, strings.Join(oldLines, "\n"))
	h.note = cmp.Or(h.note, why)
	num := func(n int) int { // a file line number, when the start is known
		if start == 0 {
			return 0
		}
		return start + n
	}
	newNum := func(n int) int { // the new file's: earlier hunks moved it
		if start == 0 {
			return 0
		}
		return start + shift + n
	}
	oi, ni := 0, 0
	context := func(to int) {
		for ; oi < to; oi, ni = oi+1, ni+1 {
			h.rows = append(h.rows, diffRow{kind: ' ', old: num(oi), new: newNum(ni), text: oldTok[oi]})
		}
	}
	for _, e := range lcs.DiffLines(oldLines, newLines) {
		context(e.Start)
		removed, addedLines := e.End-e.Start, e.ReplEnd-e.ReplStart
		var pairs [][2][]byteRange
		for k := 0; k < min(removed, addedLines); k++ {
			pairs = append(pairs, changedWords(oldLines[e.Start+k], newLines[e.ReplStart+k]))
		}
		for k := 0; k < removed; k++ {
			r := diffRow{kind: '-', old: num(oi), text: oldTok[oi]}
			if k < len(pairs) {
				r.emph = pairs[k][0]
			}
			h.rows = append(h.rows, r)
			oi++
		}
		for k := 0; k < addedLines; k++ {
			r := diffRow{kind: '+', new: newNum(ni), text: newTok[ni]}
			if k < len(pairs) {
				r.emph = pairs[k][1]
			}
			h.rows = append(h.rows, r)
			ni++
		}
		h.del += removed
		h.added += addedLines
	}
	context(len(oldLines))
	return h
}

// diffLines splits a FileDiff side into the lines the diff card diffs ("" has
// none; one trailing newline ends the last line rather than starting
// another), each cleaned of escape sequences. The viewer copies a diff so.
func diffLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = clean(l)
	}
	return lines
}
