// Package html writes a session as one self-contained HTML page: the same
// cards as the terminal's, in the theme's colours (dark and light, by
// prefers-color-scheme, unless one theme is asked for), long cards folded in
// <details>, the header, stats and changes on top, an anchor per turn and
// per tool call. The page holds no script and loads nothing; its
// Content-Security-Policy forbids both. Every byte of session text is
// escaped.
package html

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	stdhtml "html"
	"io"
	"strings"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/changes"
	"github.com/deck-tui/deck/session/stats"
	"github.com/deck-tui/deck/theme"
)

// Options say how the page is drawn.
type Options struct {
	Width int          // the cards' width in columns
	Theme *theme.Theme // nil: dark and light, as the reader's system prefers
}

// foldRows is the length past which a card is folded: its first row shows,
// the rest opens on a click.
const foldRows = 24

// Page backgrounds: the terminal's, which the palettes leave to it.
const (
	darkBg  = "#1a1b26"
	lightBg = "#ffffff"
)

// Write writes the page.
func Write(w io.Writer, s *session.Session, o Options) error {
	th := o.Theme
	if th == nil {
		th = theme.Dark()
	}
	p := newPainter(th, o.Theme == nil)
	co := cards.Options{Width: max(o.Width, 20), Theme: th, Expanded: true, Cwd: s.Header.Cwd}
	var body strings.Builder
	ids := map[string]int{}
	header := true
	err := cards.EachEntryCard(s, co, func(e session.Entry, rows []string) error {
		switch {
		case e == nil && header:
			header = false
			body.WriteString("<header>\n")
			p.card(&body, "session", "", rows)
			p.stats(&body, stats.Of(s))
			p.changes(&body, s, co)
			body.WriteString("</header>\n<main>\n")
		case e == nil:
			body.WriteString("</main>\n<footer>\n")
			p.card(&body, "", "", rows)
			body.WriteString("</footer>\n")
		default:
			p.card(&body, anchor(e, ids), kind(e), rows)
		}
		return nil
	})
	if err != nil {
		return err
	}
	css := p.stylesheet(o.Theme)
	sum := sha256.Sum256([]byte(css))
	title := s.Title
	if title == "" {
		title = "untitled session"
	}
	_, err = fmt.Fprintf(w, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'sha256-%s'; base-uri 'none'; form-action 'none'">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="%s">
<meta name="generator" content="deck">
<title>%s · deck</title>
<style>%s</style>
</head>
<body>
%s</body>
</html>
`, base64.StdEncoding.EncodeToString(sum[:]), scheme(o.Theme), stdhtml.EscapeString(cards.Safe(title)), css, body.String())
	return err
}

func scheme(th *theme.Theme) string {
	if th == nil {
		return "dark light"
	}
	return th.Name
}

// anchor is an entry's id: turn-N for a turn, call-N for a tool call (by
// the entry's own number: a call id is the log's, untrusted), "" otherwise.
func anchor(e session.Entry, ids map[string]int) string {
	var id string
	switch e := e.(type) {
	case *session.TurnStart:
		id = fmt.Sprintf("turn-%d", e.Turn)
	case *session.ToolCall:
		id = fmt.Sprintf("call-%d", session.Base(e).ID)
	default:
		return ""
	}
	return numbered(id, ids)
}

// numbered is id the first time, id-2 the second, …: a log may hold two
// turns of one number. The table of turns numbers them as their cards do.
func numbered(id string, seen map[string]int) string {
	seen[id]++
	if n := seen[id]; n > 1 {
		return fmt.Sprintf("%s-%d", id, n)
	}
	return id
}

// kind names the card's entry for the page's CSS.
func kind(e session.Entry) string {
	switch e.(type) {
	case *session.UserMessage:
		return "prompt"
	case *session.ToolCall:
		return "call"
	case *session.TurnStart:
		return "turn"
	case *session.AssistantText, *session.Reasoning, *session.TurnEnd, *session.Plan, *session.Event, *session.Notice:
	}
	return ""
}

// card writes one card: its rows in a block, folded past foldRows.
func (p *painter) card(b *strings.Builder, id, kind string, rows []string) {
	p.cardFolded(b, id, kind, rows, len(rows) > foldRows)
}

func (p *painter) cardFolded(b *strings.Builder, id, kind string, rows []string, fold bool) {
	b.WriteString(`<section class="card`)
	if kind != "" {
		b.WriteString(" " + kind)
	}
	b.WriteString(`"`)
	if id != "" {
		fmt.Fprintf(b, ` id="%s"`, id)
	}
	b.WriteString(">")
	if fold {
		b.WriteString(`<details><summary><span class="rows">`)
		p.row(b, rows[0])
		fmt.Fprintf(b, "</span> <span class=\"more\">%d more rows</span></summary><div class=\"rows\">", len(rows)-1)
		p.rows(b, rows[1:])
		b.WriteString("</div></details>")
	} else {
		b.WriteString(`<div class="rows">`)
		p.rows(b, rows)
		b.WriteString("</div>")
	}
	b.WriteString("</section>\n")
}

func (p *painter) rows(b *strings.Builder, rows []string) {
	for i, r := range rows {
		if i > 0 {
			b.WriteByte('\n')
		}
		p.row(b, r)
	}
}

// stats writes the session's figures and the table of its turns'.
func (p *painter) stats(b *strings.Builder, st stats.Stats) {
	b.WriteString("<section class=\"stats\" id=\"stats\"><h2>Stats</h2>\n<ul>\n")
	for _, l := range cards.StatsLines(st) {
		fmt.Fprintf(b, "<li>%s</li>\n", stdhtml.EscapeString(cards.Safe(l)))
	}
	b.WriteString("</ul>\n")
	turnTable(b, st)
	b.WriteString("</section>\n")
}

// turnTable writes cards.TurnTable, each turn's number a link to its card.
func turnTable(b *strings.Builder, st stats.Stats) {
	head, rows := cards.TurnTable(st)
	if len(rows) == 0 {
		return
	}
	b.WriteString("<table>\n<thead><tr>")
	for _, h := range head {
		fmt.Fprintf(b, "<th>%s</th>", stdhtml.EscapeString(h))
	}
	b.WriteString("</tr></thead>\n<tbody>\n")
	ids := map[string]int{}
	for i, row := range rows {
		b.WriteString("<tr>")
		for j, cell := range row {
			text := stdhtml.EscapeString(cards.Safe(cell))
			if j == 0 {
				text = fmt.Sprintf("<a href=\"#%s\">%s</a>", numbered(fmt.Sprintf("turn-%d", st.PerTurn[i].Turn), ids), text)
			}
			fmt.Fprintf(b, "<td>%s</td>", text)
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody>\n</table>\n")
}

// changes writes the changes list, and each changed file's net change
// folded under it.
func (p *painter) changes(b *strings.Builder, s *session.Session, o cards.Options) {
	l := changes.Of(s)
	b.WriteString("<section class=\"changes\" id=\"changes\"><h2>Changes</h2>\n")
	p.cardFolded(b, "", "", cards.ChangeList(l, o), false) // the list is what the section is for
	for _, f := range l.Changed {
		n, _ := changes.NetOf(s, f.Path)
		fmt.Fprintf(b, "<details class=\"net\"><summary>net change: %s</summary>\n", stdhtml.EscapeString(cards.Safe(f.Path)))
		p.card(b, "", "", cards.NetChange(n, o))
		b.WriteString("</details>\n")
	}
	b.WriteString("</section>\n")
}

// stylesheet is the page's one style element: the theme's colours (both
// schemes, or the one asked for) and a class per style the cards used.
func (p *painter) stylesheet(th *theme.Theme) string {
	var b strings.Builder
	switch {
	case th == nil:
		fmt.Fprintf(&b, ":root{%s}\n@media (prefers-color-scheme: light){:root{%s}}\n", variables(theme.Dark(), darkBg), variables(theme.Light(), lightBg))
	case th.Name == "light":
		fmt.Fprintf(&b, ":root{%s}\n", variables(th, lightBg))
	default:
		fmt.Fprintf(&b, ":root{%s}\n", variables(th, darkBg))
	}
	b.WriteString(`body{margin:0;padding:1em 2em;background:var(--bg);color:var(--c0);font:14px/1.35 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
h2{font-size:1em;color:var(--c3);margin:1em 0 .5em}
ul{margin:0;padding-left:1.5em;color:var(--c1)}
table{border-collapse:collapse;margin:.5em 0;color:var(--c1)}
th,td{border:1px solid var(--c2);padding:.1em .5em;text-align:right}
th{color:var(--c0)}
a{color:var(--c4)}
.card{margin:0 0 1em}
.rows{white-space:pre;display:inline-block;vertical-align:top}
summary{cursor:pointer;list-style-position:outside;white-space:nowrap}
summary .rows{display:inline}
.more{color:var(--c1);font-style:italic}
.net>summary{color:var(--c4)}
`)
	b.WriteString(strings.Join(p.rules, "\n"))
	b.WriteString("\n")
	if len(p.light) > 0 {
		fmt.Fprintf(&b, "@media (prefers-color-scheme: light){%s}\n", strings.Join(p.light, "\n"))
	}
	return b.String()
}
