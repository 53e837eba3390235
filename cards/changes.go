package cards

import (
	"fmt"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/theme"
)

// ChangeList is the card of the files a session changed, each with its net
// lines added and removed and how many calls changed it, and apart the
// files it only read. Each is named as the call that first changed (or
// read) it names it: from the folder the session was in then, which the
// row says when it is not o.Cwd, the session's.
func ChangeList(l changes.List, o Options) []string {
	rows, _ := ChangeListRows(l, o)
	return rows
}

// ChangeListRows is ChangeList and the row each changed file starts at, for
// a view that lets a person pick one.
func ChangeListRows(l changes.List, o Options) (rows []string, fileRows []int) {
	c := newCard(o)
	th := c.th
	c.header(span{"±", th.Accent}, line{{"changes", th.Title}}, line{{plural(len(l.Changed), "file changed", "files changed"), th.Muted}})
	if len(l.Changed) == 0 {
		c.note("(the session changed no file)")
	}
	for _, f := range l.Changed {
		facts := line{{fmt.Sprintf("+%d", f.Added), th.Success}, {" ", theme.Style{}}, {fmt.Sprintf("−%d", f.Removed), th.Error},
			{"  " + plural(f.Edits, "edit", "edits"), th.Muted}}
		if f.Presented {
			facts = append(facts, span{" · presented", th.Accent})
		}
		fileRows = append(fileRows, len(c.rows))
		c.body(append(append(append(c.safeLine(FileName(f), th.Path), span{"  ", theme.Style{}}), facts...), c.movedTo(f)...))
	}
	if len(l.Read) > 0 {
		c.note("only read:")
		for _, f := range l.Read {
			c.body(append(append(line{{"  ", theme.Style{}}}, c.safeLine(FileName(f), th.Path)...), c.movedTo(f)...))
		}
	}
	return c.rows, fileRows
}

// FileName is a file as the changes list names it: relative to the folder
// the session was in when it first changed it (changes.File.Cwd), or
// absolute when it lies outside that folder.
func FileName(f changes.File) string {
	return relPath(f.Cwd, f.Path)
}

// movedTo says the folder a file's name is written from when the log had
// moved the session away from its own (working-directory/change), for the
// same name may stand for two files.
func (c *card) movedTo(f changes.File) line {
	if f.Cwd == "" || f.Cwd == c.o.Cwd || FileName(f) == f.Path {
		return nil
	}
	return append(line{{" · in ", c.th.Faint}}, c.safeLine(relPath(c.o.Cwd, f.Cwd), c.th.Path)...)
}

// NetChange draws a file's net change as diff cards, through the diff card
// itself: one card against the file's first known text, or, when the
// session never showed it, one card per edit, its hunks together as the
// edit's own card shows them, titled with its turn. The diff card's first
// row names the file, so a title does not name it again.
func NetChange(n changes.Net, o Options) []string {
	if n.Whole {
		return Render(netCall(n, "net change", n.Hunks), o)
	}
	var edits [][]changes.Hunk
	for i, h := range n.Hunks {
		if i == 0 || h.Edit != n.Hunks[i-1].Edit {
			edits = append(edits, nil)
		}
		edits[len(edits)-1] = append(edits[len(edits)-1], h)
	}
	var rows []string
	for i, hunks := range edits {
		title := fmt.Sprintf("change %d of %d", i+1, len(edits))
		if turn := hunks[0].Turn; turn > 0 {
			title += fmt.Sprintf(" · turn %d", turn)
		}
		if i > 0 {
			rows = append(rows, "")
		}
		rows = append(rows, Render(netCall(n, title, hunks), o)...)
	}
	return rows
}

// netCall is a finished diff call of one file holding hunks, for the diff
// card to draw in the folder the list names the file from.
func netCall(n changes.Net, title string, hunks []changes.Hunk) *session.ToolCall {
	diffs := make([]session.FileDiff, len(hunks))
	starts := make([]int, len(hunks))
	for i, h := range hunks {
		diffs[i], starts[i] = h.Diff, h.Start
		diffs[i].Path = n.Path // one name, the list's, however each call spelled it from where it was
	}
	return &session.ToolCall{
		Name:       "changes",
		Cwd:        n.Cwd,
		Call:       session.DiffCallView{Title: title, Locations: []session.FileLocation{{Path: n.Path}}},
		Result:     &session.ToolResult{},
		View:       session.DiffResultView{Title: title, Diffs: diffs},
		DiffStarts: starts,
	}
}
