package cards

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// userMessage: a person's prompt behind an accent bar; injected text (the
// runtime context, instructions) dim, and collapsed to its first lines; a
// message from a source deck does not know, under its kind, as plain text.
func userMessage(c *card, m *session.UserMessage) { newPrompt(c, m).layTo(math.MaxInt) }

// prompt lays a user message's card out as far as it is asked: its head at
// once, then its text a row at a time (prose), then what follows the text.
// A prompt of megabytes is laid out lazily by the viewer (Lazy), and only
// to the display cap by Render.
type prompt struct {
	c    *card
	m    *session.UserMessage
	text *prose // nil when the card shows none of the text
	done bool
}

func newPrompt(c *card, m *session.UserMessage) *prompt {
	th := c.th
	p := &prompt{c: c, m: m}
	text := session.TextOf(m.Content)
	if m.Role == session.RoleHuman {
		bar := line{{"› ", th.Accent}}
		if strings.TrimSpace(text) == "" {
			c.lead(bar, line{{"(empty message)", th.Muted}})
			return p
		}
		p.text = c.prose(text, bar, line{{"  ", theme.Style{}}}, 0, th.Text, nil)
		return p
	}
	label := map[session.MessageRole]string{
		session.RoleContext:            "runtime context",
		session.RoleSummary:            "summary of earlier messages",
		session.RoleInjected:           "injected by " + m.Source,
		session.RoleUnknownSource:      "from " + m.Source,
		session.RoleSystemPrompt:       "system prompt",
		session.RoleSystemPromptUpdate: "system prompt update",
	}[m.Role]
	if m.Role == session.RoleUnknownSource && m.Source == "" {
		label = "a message of no source"
	}
	if r := m.Replaces; m.Role == session.RoleSummary && r.Messages > 0 {
		label = "summary replacing " + plural(r.Messages, "earlier message", "earlier messages") + turnSpan(r)
	}
	st := th.Muted
	if m.Role == session.RoleUnknownSource {
		st = th.Text // not known to be the harness's: not dimmed as its context is
	}
	lines := c.prose(text, nil, nil, indent, st, &collapsed.bodyLines)
	c.lead(line{{"› ", th.Faint}}, append(c.safeLine(label, th.Muted), span{" · " + plural(lines.lines, "line", "lines"), th.Faint}))
	if Collapsed(m) && !c.o.Expanded {
		return p // the line above says it is there
	}
	p.text = lines
	return p
}

// Collapsed reports a message drawn as its one line even in a transcript
// drawn expanded: the runtime context (the same snapshot every step) and
// the system prompt (the harness's web client draws it collapsed).
func Collapsed(m *session.UserMessage) bool {
	switch m.Role {
	case session.RoleContext, session.RoleSystemPrompt, session.RoleSystemPromptUpdate:
		return true
	}
	return false
}

// layTo lays the card out until it has made n rows or is done.
func (p *prompt) layTo(n int) {
	for !p.done && p.c.made < n {
		if p.text != nil && p.text.step() {
			continue
		}
		if p.m.Role == session.RoleHuman {
			images(p.c, p.m.Content)
		} else if p.text != nil {
			p.text.elided()
		}
		p.done = true
	}
}

// turnSpan names the turns a summary's messages were in: ", turn 2",
// ", turns 1–3", or nothing before any turn.
func turnSpan(r session.Replaced) string {
	switch {
	case r.FirstTurn <= 0 || r.LastTurn < r.FirstTurn:
		return ""
	case r.FirstTurn == r.LastTurn:
		return fmt.Sprintf(", turn %d", r.FirstTurn)
	}
	return fmt.Sprintf(", turns %d–%d", r.FirstTurn, r.LastTurn)
}

// images lists image blocks as one-line placeholders.
func images(c *card, blocks []session.ContentBlock) {
	for _, b := range blocks {
		if b.Type == "image" {
			c.body(imageLine(c, b))
		}
	}
}

func imageLine(c *card, b session.ContentBlock) line {
	th := c.th
	desc := "image"
	if a := b.Attachment; a != nil {
		desc = fmt.Sprintf("%s %d×%d, %s", a.MediaType, a.Width, a.Height, byteSize(a.Bytes))
		if a.Name != "" {
			desc = a.Name + " · " + desc
		}
	}
	l := line{{"▣ ", th.Muted}}
	l = append(l, c.safeLine(desc, th.Muted)...)
	if b.Alt != "" {
		l = append(l, span{" · ", th.Faint})
		l = append(l, c.safeLine(b.Alt, th.Muted)...)
	}
	if b.Offloaded { // the harness took it out of what the model sees (image/offload)
		l = append(l, span{" · ", th.Faint}, span{"offloaded: the model no longer sees it", th.Notice})
	}
	return l
}

// assistantText: the reply as Markdown.
func assistantText(c *card, m *session.AssistantText) { newReply(c, m).layTo(math.MaxInt) }

// reply lays a reply's card out as far as it is asked: its Markdown a
// piece at a time (pieces.go), then how it ended. Once the card is full,
// the pieces left are not laid out, their bytes counted as text not drawn.
type reply struct {
	c    *card
	m    *session.AssistantText
	text mdLayout
	done bool
}

func newReply(c *card, m *session.AssistantText) *reply {
	return &reply{c: c, m: m, text: mdLayout{m: prepareMarkdown(c.th, c.showable(m.Text, c.inner()), c.inner(), false)}}
}

// layTo lays the card out until it has made n rows or is done.
func (r *reply) layTo(n int) {
	c := r.c
	for !r.done && c.made < n {
		if r.text.more() && !c.full() {
			c.bodyRaw(r.text.next())
			continue
		}
		c.unread += r.text.rest()
		c.bodyRaw(r.text.m.noteRows())
		switch {
		case r.m.Streaming:
			c.body(line{{"▍ streaming", c.th.Notice}})
		case r.m.Cut:
			c.body(line{{"✂ cut off before the reply was whole", c.th.Notice}})
		}
		r.done = true
	}
}

// reasoning: the model's thinking, dim.
func reasoning(c *card, m *session.Reasoning) {
	th := c.th
	text := strings.TrimSpace(c.showable(m.Text, c.inner()))
	head := line{{"thinking", th.Reasoning}}
	if m.Streaming {
		head = append(head, span{" ▍", th.Notice})
	}
	c.lead(line{{"∴ ", th.Faint}}, head)
	c.textLines(text, th.Reasoning)
	if m.Cut {
		c.body(line{{"✂ cut off", c.th.Notice}})
	}
}

// clock shows an epoch-ms time as local wall-clock time.
func clock(ms int64) string {
	if ms <= 0 {
		return ""
	}
	return time.UnixMilli(ms).Format("15:04:05")
}

// duration writes elapsed milliseconds for people: 840ms, 3.2s, 4m05s.
func duration(ms int64) string {
	switch {
	case ms < 1000:
		return fmt.Sprintf("%dms", ms)
	case ms < 60*1000:
		return fmt.Sprintf("%.1fs", float64(ms)/1000)
	case ms < 3600*1000:
		return fmt.Sprintf("%dm%02ds", ms/60000, ms/1000%60)
	}
	return fmt.Sprintf("%dh%02dm", ms/3600000, ms/60000%60)
}

// turnStart: a rule with the turn's number and time.
func turnStart(c *card, t *session.TurnStart) {
	label := fmt.Sprintf(" turn %d ", t.Turn)
	if at := clock(t.Time); at != "" {
		label += "· " + at + " "
	}
	c.row(rule(c.th, c.o.Width, "──", label))
}

// rule is a faint horizontal rule with a label after its lead.
func rule(th *theme.Theme, width int, lead, label string) line {
	l := line{{lead, th.Faint}, {label, th.Muted}}.truncate(width, span{})
	return l.pad(width, th.Faint).fillRule(th)
}

// fillRule turns the trailing padding of a rule into a line.
func (l line) fillRule(th *theme.Theme) line {
	if n := len(l); n > 0 && strings.TrimLeft(l[n-1].text, " ") == "" {
		l[n-1] = span{strings.Repeat("─", len(l[n-1].text)), th.Faint}
	}
	return l
}

// turnEnd: why a turn ended, with its steps and time, quiet when it
// completed; then the files it produced.
func turnEnd(c *card, t *session.TurnEnd) {
	th := c.th
	facts := []string{}
	if t.Steps > 0 {
		facts = append(facts, plural(t.Steps, "step", "steps"))
	}
	if t.Elapsed > 0 {
		facts = append(facts, duration(t.Elapsed))
	}
	what, st := turnOutcome(th, t)
	l := line{{fmt.Sprintf("turn %d ", t.Turn), th.Muted}}
	l = append(l, c.safeLine(what, st)...)
	if len(facts) > 0 {
		l = append(l, span{" · " + strings.Join(facts, " · "), th.Faint})
	}
	c.lead(line{{"╰ ", th.Faint}}, l)
	c.produced(t.Produced)
}
