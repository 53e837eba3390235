// Package gfm writes a session as GitHub-flavoured Markdown for a pull
// request or an issue: the header and stats, the changes list, prompts as
// quotes, replies as text, each tool call a <details> holding a fenced
// block (diff for diffs, the file's language for reads, console for
// commands, the card's own lines otherwise). Session text is never written
// as Markdown or HTML syntax: it is escaped, or fenced.
package gfm

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// Options say how the cards a tool call falls back to are drawn.
type Options struct {
	Width int
}

// Write writes the document.
func Write(w io.Writer, s *session.Session, o Options) error {
	co := cards.Options{Width: max(o.Width, 40), Theme: theme.Dark(), Expanded: true, Cwd: s.Header.Cwd}
	var b strings.Builder
	head(&b, s)
	summary(&b, stats.Of(s))
	changeList(&b, changes.Of(s))
	for _, e := range s.Entries {
		entry(&b, e, co)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func head(b *strings.Builder, s *session.Session) {
	title := s.Title
	if title == "" {
		title = "untitled session"
	}
	fmt.Fprintf(b, "# %s\n\n", inline(title))
	var facts []string
	for _, f := range []string{s.Agent, s.Header.ID, s.Model, cards.TitledBy(s), s.Header.Cwd} {
		if f != "" {
			facts = append(facts, inline(f))
		}
	}
	if len(facts) > 0 {
		fmt.Fprintf(b, "%s\n\n", strings.Join(facts, " · "))
	}
	if note := cards.ForkNote(s.Header); note != "" {
		fmt.Fprintf(b, "*%s*\n\n", inline(note))
	}
}

func summary(b *strings.Builder, st stats.Stats) {
	b.WriteString("## Stats\n\n")
	for _, l := range cards.StatsLines(st) {
		fmt.Fprintf(b, "- %s\n", inline(l))
	}
	b.WriteString("\n")
	turnTable(b, st)
}

// turnTable writes cards.TurnTable as a GFM table, each cell escaped (a
// pipe too, which would end the cell).
func turnTable(b *strings.Builder, st stats.Stats) {
	head, rows := cards.TurnTable(st)
	if len(rows) == 0 {
		return
	}
	tableRow(b, head)
	b.WriteString("|" + strings.Repeat(" --- |", len(head)) + "\n")
	for _, r := range rows {
		tableRow(b, r)
	}
	b.WriteString("\n")
}

func tableRow(b *strings.Builder, cells []string) {
	b.WriteString("|")
	for _, c := range cells {
		b.WriteString(" " + inline(c) + " |")
	}
	b.WriteString("\n")
}

func changeList(b *strings.Builder, l changes.List) {
	if len(l.Changed)+len(l.Read) == 0 {
		return
	}
	b.WriteString("## Changes\n\n")
	if len(l.Changed) == 0 {
		b.WriteString("The session changed no file.\n") // as its card says: the heading is not left bare above what was read
	}
	for _, f := range l.Changed {
		mark := ""
		if f.Presented {
			mark = " · presented"
		}
		fmt.Fprintf(b, "- %s +%d −%d · %s%s\n", inline(f.Path), f.Added, f.Removed, plural(f.Edits, "edit", "edits"), mark)
	}
	if len(l.Read) > 0 {
		b.WriteString("\nOnly read:\n\n")
		for _, p := range l.Read {
			fmt.Fprintf(b, "- %s\n", inline(p.Path))
		}
	}
	b.WriteString("\n")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// entry writes one entry.
func entry(b *strings.Builder, e session.Entry, o cards.Options) {
	switch e := e.(type) {
	case *session.UserMessage:
		switch e.Role {
		case session.RoleContext:
			return // the runtime context, the same each step
		case session.RoleSystemPrompt, session.RoleSystemPromptUpdate:
			title := "system prompt"
			if e.Role == session.RoleSystemPromptUpdate {
				title = "system prompt update"
			}
			details(b, title, "text", session.TextOf(e.Content)) // collapsed, as the harness's web client draws it
			return
		}
		quote(b, session.TextOf(e.Content))
	case *session.AssistantText:
		paragraphs(b, e.Text)
	case *session.Reasoning:
		details(b, "∴ reasoning", "text", e.Text)
	case *session.ToolCall:
		call(b, e, o)
	case *session.TurnStart:
		fmt.Fprintf(b, "### Turn %d\n\n", e.Turn)
	case *session.TurnEnd:
		if e.Reason != "" && e.Reason != "completed" {
			fmt.Fprintf(b, "*turn %d ended: %s*\n\n", e.Turn, inline(strings.TrimSpace(e.Reason+" "+e.Detail)))
		}
	case *session.Plan:
		for _, it := range e.Items {
			box := " "
			if it.Status == "completed" {
				box = "x"
			}
			fmt.Fprintf(b, "- [%s] %s\n", box, inline(it.Content))
		}
		b.WriteString("\n")
	case *session.Event:
		fmt.Fprintf(b, "*%s*\n\n", inline(strings.TrimSpace(e.Summary))) // a blank inside the stars would make a list item
	case *session.Notice:
		fmt.Fprintf(b, "> **deck:** %s\n\n", inline(e.Text))
	}
}

// quote writes a prompt as a quote, line by line.
func quote(b *strings.Builder, text string) {
	for l := range strings.SplitSeq(strings.TrimRight(text, "\n"), "\n") {
		b.WriteString("> " + inline(l) + "\n")
	}
	b.WriteString("\n")
}

// paragraphs writes a reply's text, its line breaks kept.
func paragraphs(b *strings.Builder, text string) {
	for _, l := range strings.Split(strings.TrimSpace(text), "\n") {
		if strings.TrimSpace(l) == "" {
			b.WriteString("\n")
			continue
		}
		b.WriteString(inline(l) + "  \n")
	}
	b.WriteString("\n")
}

// details writes a folded block: a one-line summary, a fenced block, and
// under it lines of text, each a line of its own.
func details(b *strings.Builder, title, lang, text string, after ...string) {
	fmt.Fprintf(b, "<details><summary>%s</summary>\n\n", inHTML(title))
	fence(b, lang, text)
	if len(after) > 0 {
		b.WriteString("\n")
		for _, l := range after {
			b.WriteString(inline(strings.TrimSpace(l)) + "  \n")
		}
	}
	b.WriteString("\n</details>\n\n")
}

// footerWidth lays each line under a call out as one row: Markdown wraps
// its own text.
const footerWidth = 1 << 16

// call writes a tool call: its anchor, and its body in the fence that fits
// its card. A body drawn its own way is followed by what the card shows
// under it: why it failed, the approval asked for it, the calls it made.
func call(b *strings.Builder, t *session.ToolCall, o cards.Options) {
	o.Cwd = t.WorkingDir(o.Cwd)
	fmt.Fprintf(b, "<a id=\"call-%d\"></a>\n\n", session.Base(t).ID)
	mark := map[session.CallStatus]string{session.CallDone: "✓", session.CallFailed: "✗", session.CallPending: "◌", session.CallStopped: "■", session.CallNotStarted: "○", session.CallOutcomeUnknown: "?", session.CallPreparing: "⋯", session.CallDenied: "⊘"}[t.Status()]
	title := mark + " " + t.Name
	if tt := t.Title(); tt != "" {
		title += ": " + tt
	}
	if v, ok := t.View.(session.WebFetchResultView); ok && v.StatusCode != 0 {
		title += fmt.Sprintf(" (HTTP %d)", v.StatusCode) // the card says it in its header, which the summary replaces
	}
	switch t.Status() {
	case session.CallNotStarted:
		title += " · not started"
	case session.CallOutcomeUnknown:
		title += " · outcome unknown"
	}
	lang, body, ok := ownBody(t, o)
	if !ok {
		rows := cards.Render(t, o)
		if len(rows) > 0 {
			rows = rows[1:] // the header is the summary
		}
		for i, r := range rows {
			rows[i] = strings.TrimRight(ansi.Strip(r), " ")
		}
		details(b, title, "text", strings.Join(rows, "\n"))
		return
	}
	o.Plain, o.Width = true, footerWidth
	details(b, title, lang, body, cards.CallFooter(t, o)...)
}

// ownBody is a call's body as the Markdown writes it in place of its card:
// a diff, a file's lines in its language, a console; ok is false for the
// cards drawn as they are, and for a call the harness closed after the
// fact, whose card says what is known of it.
func ownBody(t *session.ToolCall, o cards.Options) (lang, body string, ok bool) {
	if t.Recovered() {
		return "", "", false
	}
	if v, ok := t.View.(session.DiffResultView); ok {
		return "diff", cards.Patch(v.Diffs, t.DiffStarts, o.Cwd), true
	}
	if v, ok := t.View.(session.ReadResultView); ok {
		lines := make([]string, len(v.Lines))
		for i, l := range v.Lines {
			lines[i] = l.Text
		}
		return session.LangFromPath(v.Path), strings.Join(lines, "\n"), true
	}
	if v, ok := t.View.(session.TerminalResultView); ok {
		return "console", "$ " + session.CallTitle(t.Call) + "\n" + v.Output, true
	}
	if v, ok := t.Call.(session.DiffCallView); ok && len(v.Diffs) > 0 && !t.Status().Failed() {
		return "diff", cards.Patch(v.Diffs, t.DiffStarts, o.Cwd), true // pending, or done with no diff of its own; a failure shows what the tool said
	}
	return "", "", false
}
