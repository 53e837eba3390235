package cards

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Text is an entry's text as its card shows it, without the card's
// decoration: a read's lines, a diff in unified form, a command's output as
// the terminal would leave it, a search's matches, a message's text. It is
// what copying a card puts on the clipboard, and what an entry that cannot
// be drawn still shows; paths in a patch are relative to cwd, the
// session's working directory. Every line is sanitised as a card's are (escape
// sequences gone, controls and invisible characters as marks; tabs stay):
// never raw bytes, so pasted into a shell it can neither end a bracketed
// paste nor write the clipboard.
func Text(e session.Entry, cwd string) string {
	if t, ok := e.(*session.ToolCall); ok {
		cwd = t.WorkingDir(cwd)
	}
	if out, ok := outputOf(e); ok {
		var lines []string
		if cmd := commandOf(e); cmd != "" { // the card's header: the command it ran
			lines = append(lines, "$ "+safeLine(theme.Dark(), cmd, theme.Style{}).plain())
		}
		for _, r := range termLines(theme.Dark(), out) {
			lines = append(lines, r.plain())
		}
		return strings.Join(lines, "\n")
	}
	lines := strings.Split(rawText(e, cwd), "\n")
	for i, l := range lines {
		cells := strings.Split(l, "\t")
		for j, c := range cells {
			cells[j] = safeLine(theme.Dark(), c, theme.Style{}).plain()
		}
		lines[i] = strings.Join(cells, "\t")
	}
	return strings.Join(lines, "\n")
}

// outputOf is a command's output, the one text a card reads as a terminal
// would.
func outputOf(e session.Entry) (string, bool) {
	if t, ok := e.(*session.ToolCall); ok {
		if v, ok := t.View.(session.TerminalResultView); ok {
			return v.Output, true
		}
	}
	return "", false
}

// commandOf is the command line a terminal card ran, as its header shows it.
func commandOf(e session.Entry) string {
	t := e.(*session.ToolCall)
	if c, ok := t.Call.(session.TerminalCallView); ok && c.Title != "" {
		return strings.TrimPrefix(c.Title, "$ ")
	}
	if v, ok := t.View.(session.TerminalResultView); ok {
		return strings.TrimPrefix(v.Title, "$ ")
	}
	return ""
}

// rawText is an entry's text as the log holds it, unsanitised.
func rawText(e session.Entry, cwd string) string {
	switch e := e.(type) {
	case *session.UserMessage:
		return session.TextOf(e.Content)
	case *session.AssistantText:
		return e.Text
	case *session.Reasoning:
		return e.Text
	case *session.ToolCall:
		return callText(e, cwd)
	case *session.TurnStart:
		return fmt.Sprintf("turn %d", e.Turn)
	case *session.TurnEnd:
		return strings.TrimSpace(fmt.Sprintf("turn %d %s %s", e.Turn, e.Reason, e.Detail))
	case *session.Plan:
		var b strings.Builder
		for _, it := range e.Items {
			fmt.Fprintf(&b, "[%s] %s\n", it.Status, it.Content)
		}
		return b.String()
	case *session.Event:
		return strings.TrimSpace(e.Summary + "\n" + e.Body)
	case *session.Notice:
		return e.Text
	}
	return ""
}

func callText(t *session.ToolCall, cwd string) string {
	switch v := t.View.(type) {
	case session.ReadResultView:
		lines := make([]string, len(v.Lines))
		for i, l := range v.Lines {
			lines[i] = l.Text
		}
		return strings.Join(lines, "\n")
	case session.DiffResultView:
		return Patch(v.Diffs, t.DiffStarts, cwd)
	case session.TerminalResultView: // Text reads it as a terminal would, before this
		return v.Output
	case session.SearchMatchesResultView:
		var b strings.Builder
		for _, f := range v.Files {
			for _, m := range f.Matches {
				fmt.Fprintf(&b, "%s:%d:%s\n", f.Path, m.LineNumber, m.Line)
			}
		}
		return b.String()
	case session.SearchPathsResultView:
		return strings.Join(v.Paths, "\n")
	case session.WebSearchResultView:
		var b strings.Builder
		if v.Answer != "" {
			b.WriteString(v.Answer + "\n\n")
		}
		for _, s := range v.Sources {
			fmt.Fprintf(&b, "%s %s\n", s.URL, s.Title)
		}
		return b.String()
	case session.WebFetchResultView:
		if t.Result != nil {
			return session.TextOf(t.Result.Content)
		}
		return v.URL
	case session.GenericResultView:
		if v.Todos != nil {
			return todoText(v.Todos)
		}
		if v.Content != nil {
			return session.TextOf(v.Content)
		}
		if t.Result != nil {
			return session.TextOf(t.Result.Content)
		}
	case nil:
		switch c := t.Call.(type) {
		case session.TerminalCallView:
			return c.Title
		case session.DiffCallView:
			return Patch(c.Diffs, t.DiffStarts, cwd)
		case session.GenericCallView:
			return t.Arguments
		case nil:
		}
	}
	return ""
}

// Plural counts things for a person, as cards do: "1 call", "2 calls",
// "1,204 lines". The status bar and the picker say counts by it too.
func Plural(n int, one, many string) string { return plural(n, one, many) }
