package ui

import (
	"fmt"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// copyText is what copying a card puts on the clipboard: the entry's text
// without its decoration: a read's lines, a diff in unified form, a
// command's output, a search's matches, a message's text.
func copyText(e session.Entry) string {
	switch e := e.(type) {
	case *session.UserMessage:
		return session.TextOf(e.Content)
	case *session.AssistantText:
		return e.Text
	case *session.Reasoning:
		return e.Text
	case *session.ToolCall:
		return callText(e)
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

func callText(t *session.ToolCall) string {
	switch v := t.View.(type) {
	case session.ReadResultView:
		lines := make([]string, len(v.Lines))
		for i, l := range v.Lines {
			lines[i] = l.Text
		}
		return strings.Join(lines, "\n")
	case session.DiffResultView:
		return unified(v.Diffs)
	case session.TerminalResultView:
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
			return unified(c.Diffs)
		case session.GenericCallView:
			return t.Arguments
		case nil:
		}
	}
	return ""
}

// unified writes diffs as a unified diff, without line numbers, diffed
// line by line as the diff card diffs them.
func unified(diffs []session.FileDiff) string {
	var b strings.Builder
	for _, d := range diffs {
		fmt.Fprintf(&b, "--- %s\n+++ %s\n", d.Path, d.Path)
		var old []string
		if d.OldText != nil {
			old = cards.DiffLines(*d.OldText)
		}
		nw := cards.DiffLines(d.NewText)
		oi := 0
		for _, e := range lcs.DiffLines(old, nw) {
			for ; oi < e.Start; oi++ {
				b.WriteString(" " + old[oi] + "\n")
			}
			for _, l := range old[e.Start:e.End] {
				b.WriteString("-" + l + "\n")
			}
			for _, l := range nw[e.ReplStart:e.ReplEnd] {
				b.WriteString("+" + l + "\n")
			}
			oi = e.End
		}
		for ; oi < len(old); oi++ {
			b.WriteString(" " + old[oi] + "\n")
		}
	}
	return b.String()
}
