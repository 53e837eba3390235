package cards

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/aymanbagabas/go-udiff/lcs"

	"github.com/deck-tui/deck/session"
)

// Content is an entry's text without its decoration, for the clipboard: a
// read's lines, a diff in unified form, a command's output without colour,
// a search's matches, a message's text.
func Content(e session.Entry) string {
	switch e := e.(type) {
	case *session.UserMessage:
		return session.TextOf(e.Content)
	case *session.AssistantText:
		return e.Text
	case *session.Reasoning:
		return e.Text
	case *session.ToolCall:
		return callContent(e)
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

func callContent(t *session.ToolCall) string {
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

// unified writes diffs as a unified diff, without line numbers.
func unified(diffs []session.FileDiff) string {
	var b strings.Builder
	for _, d := range diffs {
		fmt.Fprintf(&b, "--- %s\n+++ %s\n", d.Path, d.Path)
		var old []string
		if d.OldText != nil {
			old = splitText(*d.OldText)
		}
		nw := splitText(d.NewText)
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

// Location is the file a card shows and the line to open it at: a read's
// first line, a diff's first changed line when it is known. ok is false
// for cards that show no file.
func Location(t *session.ToolCall, cwd string) (path string, line int, ok bool) {
	switch v := t.View.(type) {
	case session.ReadResultView:
		line = v.Offset
		if len(v.Lines) > 0 {
			line = v.Lines[0].Number
		}
		return resolve(cwd, v.Path), line, true
	case session.DiffResultView:
		return diffLocation(v.Diffs, t.DiffStarts, cwd)
	case nil:
		if c, is := t.Call.(session.DiffCallView); is {
			return diffLocation(c.Diffs, t.DiffStarts, cwd)
		}
	default: // other cards show no one file
	}
	return "", 0, false
}

func diffLocation(diffs []session.FileDiff, starts []int, cwd string) (string, int, bool) {
	if len(diffs) == 0 {
		return "", 0, false
	}
	line := 0
	if len(starts) > 0 {
		line = starts[0]
	}
	return resolve(cwd, diffs[0].Path), line, true
}

// EditorArgs are the arguments that open path at line in most editors
// (vi, vim, nvim, emacs, nano, micro, helix, kakoune, code with -g aside).
func EditorArgs(path string, line int) []string {
	if line <= 0 {
		return []string{path}
	}
	return []string{"+" + strconv.Itoa(line), path}
}
