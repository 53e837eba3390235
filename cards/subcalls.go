package cards

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// subCallLine is one call a code-mode program made, under its card: its
// mark, its tool, what it did as its own card would title it, and where,
// when the harness recorded it (meta, 0.2.1-alpha.2 on): the file a file
// tool worked on, unless the title names it, and the folder a command ran
// in, unless it is the card's own; both relative to the card's folder. A
// todo_write says what it changed in the list before it.
func subCallLine(c *card, s session.SubCall) line {
	th := c.th
	mark := status(th, session.CallPending)
	if s.Done && s.IsError {
		mark = status(th, session.CallFailed)
	} else if s.Done {
		mark = status(th, session.CallDone)
	}
	l := append(line{{"↳ ", th.Faint}, mark, {" ", theme.Style{}}}, c.safeLine(s.Name, th.Text)...)
	title := relTitle(c.o.Cwd, s.Title, []string{s.Path}) // its file, as the harness recorded it, from the card's folder
	if title != "" {
		l = append(append(l, span{"  ", theme.Style{}}), c.safeLine(title, th.Muted)...)
	}
	if p := relPath(c.o.Cwd, s.Path); p != "" && !strings.Contains(title, p) {
		l = append(append(l, span{" · ", th.Faint}), c.safeLine(p, th.Path)...)
	}
	if s.Cwd != "" && s.Cwd != c.o.Cwd {
		l = append(append(l, span{" · in ", th.Faint}), c.safeLine(relPath(c.o.Cwd, s.Cwd), th.Path)...)
	}
	if s.Todos != nil {
		l = append(l, span{" · ", th.Faint}, span{todoFacts(nil, s.Todos)[0], th.Muted})
	}
	return l
}

// subCallTodos are the items a nested todo_write added, changed, moved or
// removed, under its line, as a top-level one's card lists them; the items
// it kept are counted on its line's card only when it is a top-level one.
func subCallTodos(c *card, ch *session.TodoChanges) {
	if ch == nil {
		return
	}
	for _, it := range ch.Changed {
		c.bodyAt(todoRow(c, it), indent+4) // under the nested call's tool
	}
}
