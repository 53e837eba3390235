package cards

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A todo_write call as the harness's web client draws its row: the list in
// one line on the header (done of all, the item in progress, how many more
// are), and, once it finished well, what it changed in the list recorded
// before it (session/todos.go).

// todoTitle is a todo_write's title with the item in progress after it,
// the part a narrow row cuts first.
func todoTitle(c *card, t *session.ToolCall, s *session.TodoSummary) line {
	l := title(c, t)
	if s != nil && s.Active != "" {
		l = append(append(l, span{" · ", c.th.Faint}), c.safeRow(s.Active, c.th.Muted)...)
	}
	return l
}

// todoFacts are the header's facts of a todo list, the first kept longest:
// what changed, `1/3 completed`, how many more items are in progress than
// the one named.
func todoFacts(s *session.TodoSummary, ch *session.TodoChanges) []string {
	var out []string
	if ch != nil {
		var parts []string
		for _, p := range []struct {
			n    int
			word string
		}{{ch.Added, "added"}, {ch.Updated, "updated"}, {ch.Removed, "removed"}} {
			if p.n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", p.n, p.word))
			}
		}
		if len(parts) == 0 {
			parts = []string{"no changes"}
		}
		out = append(out, strings.Join(parts, " · "))
	}
	if s != nil {
		out = append(out, fmt.Sprintf("%d/%d completed", s.Done, s.Total))
		if s.MoreActive > 0 {
			out = append(out, fmt.Sprintf("+%d in progress", s.MoreActive))
		}
	}
	return out
}

// callTodos is the one-line sum of a call's list, when it is a todo_write's.
func callTodos(t *session.ToolCall) *session.TodoSummary {
	g, _ := t.Call.(session.GenericCallView)
	return g.Todos
}

// todoChanges draws a todo_write that finished well: its header, then
// which list it is compared with, the items it added, changed, moved or
// removed, and how many it kept as they were (listed once expanded).
func todoChanges(c *card, t *session.ToolCall, ch *session.TodoChanges) {
	th := c.th
	s := callTodos(t)
	c.header(status(th, t.Status()), todoTitle(c, t, s), summary(c, t, todoFacts(s, ch)...)...)
	if ch.First {
		c.note("the first list")
	} else {
		c.note("changes since the list before")
	}
	if len(ch.Changed) == 0 {
		if ch.First && len(ch.Unchanged) == 0 {
			c.note("the todo list is empty")
		} else {
			c.note("no changes to the list")
		}
	}
	for _, it := range ch.Changed {
		c.body(todoRow(c, it))
	}
	if len(ch.Unchanged) == 0 {
		return
	}
	kept := fmt.Sprintf("%d unchanged", len(ch.Unchanged))
	if !c.o.Expanded {
		c.note(kept + c.expandHint())
		return
	}
	c.note(kept)
	for _, it := range ch.Unchanged {
		c.body(todoRow(c, session.TodoChange{PlanItem: it}))
	}
}

// todoRow is one item: its mark (+ added, − removed, else its status's, as
// the plan card marks it), its text, and its status, with what it was.
func todoRow(c *card, it session.TodoChange) line {
	th := c.th
	mark, st := planMark(th, it.Status)
	markStyle, state := st, todoStatus(it.Status)
	switch it.Kind {
	case session.TodoAdded:
		mark, markStyle, state = "+ ", th.Success, state+" · added"
	case session.TodoRemoved:
		mark, markStyle, st, state = "− ", th.Error, th.Faint, state+" · removed"
	case session.TodoStatusChanged:
		state = todoStatus(it.Was) + " → " + state
	case session.TodoMoved:
		state += " · moved"
	}
	l := append(line{{mark, markStyle}}, c.safeLine(it.Content, st)...)
	return append(l, c.safeLine("  "+state, th.Faint)...) // a status a log recorded is its words
}

// todoStatus words a status as people say it.
func todoStatus(s string) string {
	return strings.ReplaceAll(s, "_", " ")
}

// todoText is what a todo_write changed as the card lists it, every item
// it kept too, for the clipboard.
func todoText(ch *session.TodoChanges) string {
	c := newCard(Options{Theme: theme.Dark(), Width: 1 << 16})
	var lines []string
	for _, it := range ch.Changed {
		lines = append(lines, todoRow(c, it).plain())
	}
	for _, it := range ch.Unchanged {
		lines = append(lines, todoRow(c, session.TodoChange{PlanItem: it}).plain())
	}
	return strings.Join(lines, "\n")
}

// planMark is a plan item's mark and style by its status: ✓ done, ▸ in
// progress, ○ anything else.
func planMark(th *theme.Theme, status string) (string, theme.Style) {
	switch status {
	case "completed":
		return "✓ ", th.Muted
	case "in_progress":
		return "▸ ", th.Accent
	}
	return "○ ", th.Text
}
