package cards

import (
	"fmt"
	"path"
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// toolCall draws a tool call by its view: the result view once it is done,
// the call view while it is pending. The two switches below are the one
// place each card kind is chosen; go-check-sumtype keeps them exhaustive.
func toolCall(c *card, t *session.ToolCall) {
	c.o.Cwd = t.WorkingDir(c.o.Cwd) // a log that moved the session: its paths from where it was
	if state, why := recovered(t); state != "" {
		recoveredCall(c, t, state, why)
	} else if t.Status() == session.CallDenied {
		deniedCall(c, t)
	} else if t.View != nil {
		switch v := t.View.(type) {
		case session.GenericResultView:
			genericResult(c, t, v)
		case session.TerminalResultView:
			terminalResult(c, t, v)
		case session.DiffResultView:
			diffCard(c, t, v.Diffs)
		case session.SearchMatchesResultView:
			searchMatches(c, t, v)
		case session.SearchPathsResultView:
			searchPaths(c, t, v)
		case session.ReadResultView:
			readCard(c, t, v)
		case session.WebSearchResultView:
			webSearch(c, t, v)
		case session.WebFetchResultView:
			webFetch(c, t, v)
		}
	} else {
		switch v := t.Call.(type) {
		case session.GenericCallView:
			genericCall(c, t, v)
		case session.TerminalCallView:
			terminalCall(c, t, v)
		case session.DiffCallView:
			diffCard(c, t, v.Diffs)
		case nil: // a call still streaming its name
			c.header(status(c.th, t.Status()), line{{"calling a tool…", c.th.Muted}})
		}
	}
	callFooter(c, t)
	nested(c, t)
}

// nested draws the work of a subagent inside its call's card, behind a rail;
// collapsed, it says how much there is.
func nested(c *card, t *session.ToolCall) {
	if len(t.Nested) == 0 {
		return
	}
	calls := 0
	for _, e := range t.Nested {
		if _, ok := e.(*session.ToolCall); ok {
			calls++
		}
	}
	what := fmt.Sprintf("subagent: %s, %s", plural(len(t.Nested), "entry", "entries"), plural(calls, "tool call", "tool calls"))
	if !c.o.Expanded {
		c.note("↳ " + what + c.expandHint())
		return
	}
	c.note("↳ " + what)
	inner := nestedOptions(c.o)
	rail := spaces(min(indent, c.o.Width-1)) + c.th.Faint.Render("│ ")
	for i, e := range t.Nested {
		if c.full() {
			c.skip(len(t.Nested) - i)
			return
		}
		if i > 0 {
			c.raw(rail) // the blank row between cards, inside the rail
		}
		if c.nestedAt != nil {
			c.nestedAt[i] = c.made
		}
		for _, r := range Render(e, inner) {
			c.raw(rail + r)
		}
	}
}

// nestedOptions are the options the entries nested in a card are drawn
// with: narrower by the rail.
func nestedOptions(o Options) Options {
	o.Width = max(o.Width-indent-2, 1)
	return o
}

// NestedStarts is the row each entry nested in a call starts at among the
// rows of its card drawn with o (expanded, as the viewer draws it to show
// them): the subagent's work in order, each entry followed by those nested
// in it, depth first. It is -1 for an entry the card does not draw: all of
// them while it is collapsed, those past the display cap.
func NestedStarts(t *session.ToolCall, o Options) (starts []int) {
	o.Plain = true // the same rows, sooner
	if o.Width < 1 {
		o.Width = 1
	}
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	defer func() {
		if recover() != nil { // the card is drawn as undrawable: none of them shows
			starts = slices.Repeat([]int{-1}, nestedCount(t.Nested))
		}
	}()
	c := newCard(o)
	c.count = func(string) {}
	c.nestedAt = slices.Repeat([]int{-1}, len(t.Nested))
	draw(c, t)
	inner := nestedOptions(o)
	for i, e := range t.Nested {
		at := c.nestedAt[i]
		starts = append(starts, at)
		if sub, ok := e.(*session.ToolCall); ok && len(sub.Nested) > 0 {
			for _, s := range NestedStarts(sub, inner) {
				if s < 0 || at < 0 || at+s >= maxCardRows { // past the cap, the card drew no more
					s = -1
				} else {
					s += at
				}
				starts = append(starts, s)
			}
		}
	}
	return starts
}

// nestedCount is how many entries are nested, at any depth.
func nestedCount(entries []session.Entry) int {
	n := len(entries)
	for _, e := range entries {
		if sub, ok := e.(*session.ToolCall); ok {
			n += nestedCount(sub.Nested)
		}
	}
	return n
}

// title is the card's title: the result's, else the call's; a shell
// command reads as one. The paths the call names read relative to the
// session's working directory in it, as every card's paths do (relTitle).
func title(c *card, t *session.ToolCall) line {
	th := c.th
	text := t.Title()
	if _, ok := t.Call.(session.TerminalCallView); !ok {
		text = relTitle(c.o.Cwd, text, titlePaths(t))
	}
	switch {
	case t.Orphan && t.Name == "":
		return append(line{{"result of call ", th.Title}}, c.safeRow(t.CallID, th.Title)...).withNote(th, " (its call is not in this log)")
	case text == "":
		text = t.Name
	}
	l := c.safeRow(text, th.Title)
	if _, ok := t.Call.(session.TerminalCallView); ok {
		l = append(line{{"$ ", th.Muted}}, l...)
	}
	if t.Duplicate {
		l = l.withNote(th, " (a second result for this call)")
	}
	if t.Streaming && t.Result == nil {
		l = l.withNote(th, "…") // its arguments are still arriving
	}
	return l
}

func (l line) withNote(th *theme.Theme, note string) line {
	return append(l, span{note, th.Muted})
}

// summary is the facts a card shows at the right of its header, most
// important first: the failure's code, the card's own facts, the duration.
func summary(c *card, t *session.ToolCall, facts ...string) []line {
	th := c.th
	var out []line
	if r := t.Result; r != nil && r.Error != nil && r.Error.Code != "" {
		st := th.Error
		if t.Status() == session.CallStopped {
			st = th.Notice // amber, as its mark
		}
		out = append(out, c.safeRow(r.Error.Code, st))
	}
	for _, f := range facts {
		if f != "" {
			out = append(out, c.safeRow(f, th.Muted))
		}
	}
	if t.Result == nil && t.Unfinished { // its turn ended: no result will come
		out = append(out, line{{"no result", th.Muted}})
	}
	if ms, ok := t.Elapsed(); ok {
		out = append(out, line{{duration(ms), th.Faint}})
	}
	return out
}

// CallFooter is the rows callFooter puts under a call's body, alone: for
// an export that shows the body its own way (a diff, a file, a console)
// and must not lose the approval asked for the call.
func CallFooter(t *session.ToolCall, o Options) []string {
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	c := newCard(o)
	callFooter(c, t)
	if o.Plain {
		stripRows(c.rows)
	}
	return c.rows
}

// callFooter shows what happened around the call: the approval asked for it
// and the calls it made itself.
func callFooter(c *card, t *session.ToolCall) {
	th := c.th
	if r := t.Result; r != nil && r.Error != nil && r.Error.Reason != "" && t.Status() != session.CallDenied { // a denial says it as its own
		c.body(c.safeLine(r.Error.Reason, th.Error)) // the harness's words for the failure (v4 on)
	}
	if a := t.Approval; a != nil {
		l := line{{"⚑ approval asked", th.Notice}}
		if a.Reason != "" {
			l = append(l, span{": ", th.Notice})
			l = append(l, c.safeLine(a.Reason, th.Muted)...)
		}
		switch a.Outcome {
		case "":
			l = append(l, span{" · waiting", th.Notice})
		case session.AllowedOnce:
			l = append(l, span{" · allowed once", th.Success})
		case session.AllowedAlways:
			l = append(l, span{" · allowed always", th.Success})
		case session.AllowedForSession:
			l = append(l, span{" · allowed for the session", th.Success})
		default:
			l = append(l, c.safeLine(" · "+string(a.Outcome), th.Error)...)
		}
		c.body(l)
	}
	for _, s := range t.SubCalls {
		c.body(subCallLine(c, s))
		subCallTodos(c, s.Todos)
	}
}

// resolve makes a path absolute against the session's working directory.
func resolve(cwd, p string) string {
	if p == "" || path.IsAbs(p) || cwd == "" {
		return p
	}
	return path.Join(cwd, p)
}

// elided adds "… N more lines" under a card cut short because it is
// collapsed; in the viewer it says how to see the rest.
func (c *card) elided(hidden int, one, many string) {
	if hidden > 0 {
		c.note(fmt.Sprintf("… %s%s", plural(hidden, "more "+one, "more "+many), c.expandHint()))
	}
}

// expandHint is what a collapsed card says in the viewer.
func (c *card) expandHint() string {
	if c.o.ExpandHint {
		return " · enter to expand"
	}
	return ""
}
