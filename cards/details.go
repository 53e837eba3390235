package cards

import (
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// A result the web client's details row knows the shape of (the terminal
// tools, lsp, …; session/present's details rules): instead of its raw
// text, each item on a row of its own, its title, then its id or position
// and its state after dots, its description, one row per labelled field,
// and the output it carries.

// details draws a result's items under the header; every text in them is
// the log's, sanitised as the card's other text is.
func details(c *card, d *session.Details) {
	if len(d.Items) == 0 {
		c.note(d.Empty)
		return
	}
	// a collapsed card keeps the head of a long list, as of a generic
	// card's content rows; no card draws past its cap
	shown := c.keep(len(d.Items), collapsed.contentRows)
	for _, it := range d.Items[:shown] {
		if c.full() {
			break
		}
		detailItem(c, it)
	}
	c.elided(len(d.Items)-shown, "item", "items")
	if d.Caption != "" {
		c.body(c.safeRow(d.Caption, c.th.Muted))
	}
}

// maxDetailDepth bounds how far a nested record's items are indented: the
// client discloses five levels, deeper ones as JSON.
const maxDetailDepth = 6

// detailItem draws one item, indented two cells a level of the record it
// is nested in.
func detailItem(c *card, it session.DetailItem) {
	n := indent + 2*min(max(it.Depth, 0), maxDetailDepth)
	var head line
	for _, p := range []struct {
		text string
		bold bool
	}{{it.Title, true}, {it.Subtitle, false}, {it.Badge, false}} {
		if p.text == "" {
			continue
		}
		if len(head) > 0 {
			head = append(head, span{" · ", c.th.Faint})
		}
		st := c.th.Muted
		if p.bold {
			st = c.th.Text
		}
		head = append(head, c.safeRow(p.text, st)...)
	}
	if len(head) > 0 {
		c.bodyAt(head, n)
	}
	lines := func(text string, st theme.Style) {
		p := c.prose(text, nil, nil, n, st, &collapsed.bodyLines)
		for p.step() {
		}
		p.elided()
	}
	if it.Description != "" {
		lines(it.Description, c.th.Muted)
	}
	for _, f := range it.Fields {
		c.bodyAt(append(c.safeRow(f.Label+":", c.th.Muted), append(line{{" ", c.th.Muted}}, c.safeRow(f.Value, c.th.Text)...)...), n)
	}
	if len(it.Lines) > 0 {
		lines(strings.Join(it.Lines, "\n"), c.th.Text)
	}
	if code := strings.TrimRight(it.Code, "\n"); code != "" {
		lines(code, c.th.Text)
	}
}

// detailsFact is the header's fact of a result's details: its summary,
// unless the title already ends with it as a word ("Delete reminder · r1",
// "Inspect musage-k3").
func detailsFact(t *session.ToolCall, d *session.Details) string {
	if d == nil || d.Summary == "" || strings.HasSuffix(t.Title(), " "+d.Summary) {
		return ""
	}
	return d.Summary
}
