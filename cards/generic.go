package cards

import (
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/deck-tui/deck/session"
)

// genericCall: a pending call of a tool with no richer card: its title, its
// content and its salient input (once the call is done, only expanded).
func genericCall(c *card, t *session.ToolCall, v session.GenericCallView) {
	genericCallCard(c, t, v).layTo(math.MaxInt)
}

func genericCallCard(c *card, t *session.ToolCall, v session.GenericCallView) *mdCard {
	return &mdCard{c: c,
		head: func() {
			c.header(status(c.th, t.Status()), todoTitle(c, t, v.Todos), summary(c, t, append([]string{string(v.Kind)}, todoFacts(v.Todos, nil)...)...)...)
		},
		body: c.contentBody(v.Content),
		tail: func() {
			otherBlocks(c, v.Content)
			if t.Result == nil || c.o.Expanded && !sameAsTitle(v) {
				rawInput(c, v.RawInput)
			}
		},
	}
}

// genericResult: a finished call shown as its content: the view's content
// (Markdown the tool wrote for people) when it gave one, else the raw
// result exactly as it came, as plain text; an error in the error colour.
func genericResult(c *card, t *session.ToolCall, v session.GenericResultView) {
	genericResultCard(c, t, v).layTo(math.MaxInt)
}

func genericResultCard(c *card, t *session.ToolCall, v session.GenericResultView) *mdCard {
	if v.Todos != nil { // a todo_write that finished well: what it changed
		return &mdCard{c: c, head: func() { todoChanges(c, t, v.Todos) }, tail: func() {}}
	}
	m := &mdCard{c: c, head: func() {
		c.header(status(c.th, t.Status()), todoTitle(c, t, callTodos(t)), summary(c, t, append([]string{detailsFact(t, v.Details)}, todoFacts(callTodos(t), nil)...)...)...)
		// a tool with no presenter, an MCP tool: its input says what it did;
		// any other finished call keeps its input one keypress away (expanded),
		// and says so while collapsed
		if g, ok := t.Call.(session.GenericCallView); ok {
			switch {
			case g.Title == t.Name || g.Kind == "mcp" || c.o.Expanded && !sameAsTitle(g):
				rawInput(c, g.RawInput)
			case !sameAsTitle(g):
				hiddenInput(c, g.RawInput)
			}
		}
		if v.Gallery != nil {
			gallery(c, v.Gallery)
		}
	}}
	if v.Content != nil {
		m.body, m.tail = c.contentBody(v.Content), func() { otherBlocks(c, v.Content) }
		return m
	}
	if v.Details != nil { // a result the web client lists as fields
		m.tail = func() { details(c, v.Details) }
		return m
	}
	m.tail = func() {
		if v.DetailsNote != "" { // a listed tool's result deck could not read
			c.note(v.DetailsNote)
		}
		rawResult(c, t)
	}
	return m
}

// rawResult is a finished call's result as it came, as plain text.
func rawResult(c *card, t *session.ToolCall) {
	if t.Result == nil || len(t.Result.Content) == 0 {
		c.note("(no output)")
		return
	}
	st := c.th.Muted
	if t.Status().Failed() {
		st = c.th.Error
	}
	var texts []string
	for _, b := range t.Result.Content {
		if b.Type == "text" {
			texts = append(texts, strings.TrimRight(b.Text, "\n"))
		}
	}
	if len(texts) > 0 {
		c.textLines(strings.Join(texts, "\n"), st)
	}
	otherBlocks(c, t.Result.Content)
}

// sameAsTitle reports an input the card's title already shows whole, as
// one of its words (`npm run dev`, a search's pattern in `Grep old in src`).
func sameAsTitle(v session.GenericCallView) bool {
	s, ok := v.RawInput.(string)
	if !ok || s == "" {
		return false
	}
	for from := 0; ; {
		i := strings.Index(v.Title[from:], s)
		if i < 0 {
			return false
		}
		at, end := from+i, from+i+len(s)
		if (at == 0 || v.Title[at-1] == ' ') && (end == len(v.Title) || v.Title[end] == ' ') {
			return true
		}
		from = at + 1
	}
}

// hiddenInput says, on a collapsed card, that a call's input is there to
// see (as elided says of the rest of a list).
func hiddenInput(c *card, in any) {
	switch v := in.(type) {
	case nil:
	case string:
		if v == "" {
			return
		}
		n := strings.Count(strings.TrimRight(v, "\n"), "\n") + 1
		c.note("… " + plural(n, "line", "lines") + " of input" + c.expandHint())
	default:
		c.note("… its input" + c.expandHint())
	}
}

// otherBlocks draws the blocks that are not text: images as a placeholder,
// anything else by its type and its JSON.
func otherBlocks(c *card, content []session.ContentBlock) {
	for _, b := range content {
		switch b.Type {
		case "text":
		case "image":
			c.body(imageLine(c, b))
		default:
			raw := string(b.Raw)
			if raw == "" {
				j, _ := compactJSON(b)
				raw = string(j)
			}
			l := append(c.safeLine("["+b.Type+"] ", c.th.Muted), c.safeLine(raw, c.th.Faint)...)
			c.body(l)
		}
	}
}

// rawInput shows a call's salient input compactly, after a faint arrow: a
// string as its lines, anything else as one line of JSON.
func rawInput(c *card, in any) {
	arrow := line{{"→ ", c.th.Faint}}
	switch v := in.(type) {
	case nil:
		return
	case string:
		inputLines(c, arrow, v)
	case map[string]any:
		if !holdsLines(v) {
			compactInput(c, arrow, v)
			return
		}
		// an object of programs (cordis_define's host and client halves):
		// each member under its name, its text as lines, never as "\n"
		for i, k := range slices.Sorted(maps.Keys(v)) {
			if i > 0 {
				arrow = line{{"  ", c.th.Faint}}
			}
			c.leadAt(arrow, append(c.safeLine(k, c.th.Muted), span{":", c.th.Faint}), indent)
			if s, ok := v[k].(string); ok {
				inputLines(c, line{{"    ", c.th.Faint}}, s)
			} else {
				compactInput(c, line{{"    ", c.th.Faint}}, v[k])
			}
		}
	default:
		compactInput(c, arrow, v)
	}
}

// inputLines draws a text input as its lines, as many as the card keeps.
func inputLines(c *card, lead line, text string) {
	blank := line{{strings.Repeat(" ", lead.width()), c.th.Faint}}
	p := c.prose(text, lead, blank, indent, c.th.Muted, &collapsed.inputLines)
	for p.step() {
	}
	p.elided()
}

// compactInput draws an input as one line of JSON.
func compactInput(c *card, lead line, v any) {
	j, err := compactJSON(v)
	if err != nil {
		return
	}
	c.leadAt(lead, c.safeLine(string(j), c.th.Muted), indent)
}

// holdsLines is whether an object has a member that is text of more than
// one line, which one line of JSON would show as "\n".
func holdsLines(v map[string]any) bool {
	for _, m := range v {
		if s, ok := m.(string); ok && strings.Contains(strings.TrimRight(s, "\n"), "\n") {
			return true
		}
	}
	return false
}
