package cards

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
)

// terminalCall: a command still running: the command, its description and
// where it runs.
func terminalCall(c *card, t *session.ToolCall, v session.TerminalCallView) {
	state := "running"
	if t.Status() == session.CallPreparing {
		state = "preparing" // the model is still writing the command
	}
	if t.Unfinished {
		state = "" // summary says it has no result
	}
	c.header(status(c.th, t.Status()), title(c, t), summary(c, t, state)...)
	terminalContext(c, t)
}

// terminalResult: a finished command: its output with its colours, and how
// it ended.
func terminalResult(c *card, t *session.ToolCall, v session.TerminalResultView) {
	out := strings.Split(strings.TrimSuffix(v.Output, "\n"), "\n")
	if v.Output == "" {
		out = nil
	}
	c.header(status(c.th, t.Status()), title(c, t), summary(c, t, plural(len(out), "line", "lines"))...)
	terminalContext(c, t)
	if len(out) == 0 {
		c.note("(no output)")
	}
	spans := []outputSpan{{0, len(out)}}
	switch keep := c.keep(len(out), collapsed.terminalLines); {
	case keep < len(out): // the failures above, then the tail: the lines that say the most
		spans = keptOutput(out, keep)
	case len(out) > maxCardRows: // parse no more than can be drawn
		spans[0].to = maxCardRows
		c.skip(len(out) - maxCardRows)
	}
	at := 0
	for _, s := range spans {
		if hidden := s.from - at; hidden > 0 {
			where, hint := "", ""
			if at == 0 {
				where, hint = " above", c.expandHint() // the first gap says how to see them all
			}
			c.note(fmt.Sprintf("… %s%s%s", plural(hidden, "line", "lines"), where, hint))
		}
		terminalOutput(c, out[s.from:s.to])
		at = s.to
	}
	exitFooter(c, v)
}

// terminalOutput draws lines of output, each with its colours, under the
// output bar: as much of them as the display cap can show, the rest
// counted for the cap's note.
func terminalOutput(c *card, out []string) {
	if c.o.Plain && !c.o.NoWrap {
		plainOutput(c, out)
		return
	}
	bar := span{"│ ", c.th.Faint}
	for _, r := range termLines(c.th, c.showableOutput(strings.Join(out, "\n"), c.inner()-2)) {
		for _, w := range c.codeRows(r, c.inner()-2) {
			c.code(append(line{bar}, w...), indent)
		}
	}
}

// terminalContext is what sits under a command's header: the whole command
// when the header cannot hold it, what it does, and where it runs.
func terminalContext(c *card, t *session.ToolCall) {
	v, ok := t.Call.(session.TerminalCallView)
	if !ok {
		return
	}
	cmd := c.showable(t.Title(), c.o.Width)
	if strings.Contains(cmd, "\n") || Width(cmd) > c.o.Width-24 {
		for i, l := range strings.Split(strings.TrimRight(cmd, "\n"), "\n") {
			if c.full() {
				c.unread += len(l) // and the lines after it: not wrapped to be dropped
				continue
			}
			mark := line{{"$ ", c.th.Faint}}
			if i > 0 {
				mark = line{{"  ", c.th.Faint}}
			}
			for j, r := range c.safeText(l, c.th.Text).wrap(max(c.inner()-2, 1)) {
				if j > 0 {
					mark = line{{"  ", c.th.Faint}}
				}
				c.code(append(append(line{}, mark...), r...), indent)
			}
		}
	}
	var desc, in line
	if v.Description != "" {
		desc = c.safeLine(v.Description, c.th.Muted)
	}
	cwd := c.o.Cwd
	if v.Cwd != "" {
		cwd = resolve(c.o.Cwd, v.Cwd)
	}
	if r, ok := t.View.(session.TerminalResultView); ok && r.Cwd != "" {
		cwd = r.Cwd // where it ran, as the harness recorded it
	}
	if cwd != "" {
		in = c.safeLine(cwd, c.th.Path)
	}
	l := append(make(line, 0, len(desc)+2+len(in)), desc...) // made once, of its size
	if cwd != "" {
		if len(l) > 0 {
			l = append(l, span{" · ", c.th.Faint})
		}
		l = append(l, span{"in ", c.th.Faint})
		l = append(l, in...)
	}
	if len(l) > 0 {
		c.body(l)
	}
}

// exitFooter says how the command ended: exit 0 in green, any other code in
// red, or the signal that killed it.
func exitFooter(c *card, v session.TerminalResultView) {
	switch {
	case v.Signal != "":
		c.body(line{{"killed by ", c.th.ExitFail}}.join(c.safeLine(v.Signal, c.th.ExitFail)))
	case v.ExitCode != nil && *v.ExitCode == 0:
		c.body(line{{"exit 0", c.th.ExitOK}})
	case v.ExitCode != nil:
		c.body(line{{fmt.Sprintf("exit %d", *v.ExitCode), c.th.ExitFail}})
	}
}

func (l line) join(more line) line { return append(l, more...) }
