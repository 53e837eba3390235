package cards

import (
	"slices"

	"github.com/deck-tui/deck/session"
)

// mdCard is a card drawn around a Markdown body (a generic card's content,
// a web search's answer, a fetched page): its head, then the body a piece
// at a time (mdBody), then its tail. Render draws it whole; the viewer
// lays a huge one out lazily (lazy.go), as far as it is read.
type mdCard struct {
	c           *card
	head, tail  func()
	body        *mdBody // nil: none
	began, done bool
}

// layTo lays the card out until it has made n rows or is done.
func (m *mdCard) layTo(n int) {
	if !m.began {
		m.began = true
		m.head()
	}
	for !m.done && m.c.made < n {
		if m.body != nil && m.body.step() {
			continue
		}
		m.tail()
		m.done = true
	}
}

func (m *mdCard) finished() bool { return m.done }
func (m *mdCard) card() *card    { return m.c }

// mdCardOf is a tool call's card when it is drawn around a Markdown body,
// what follows every call's card (its footer, a subagent's work) in its
// tail; nil for any other card.
func mdCardOf(c *card, t *session.ToolCall) *mdCard {
	var m *mdCard
	if v, ok := t.View.(session.GenericResultView); ok {
		m = genericResultCard(c, t, v)
	} else if v, ok := t.View.(session.WebSearchResultView); ok {
		m = webSearchCard(c, t, v)
	} else if v, ok := t.View.(session.WebFetchResultView); ok {
		m = webFetchCard(c, t, v)
	} else if v, ok := t.Call.(session.GenericCallView); ok && t.View == nil {
		m = genericCallCard(c, t, v)
	} else {
		return nil
	}
	tail := m.tail
	m.tail = func() {
		tail()
		callFooter(c, t)
		nested(c, t)
	}
	return m
}

// MarkdownBytes is how much Markdown a tool call's card draws: its
// content, a web search's answer, a fetched page.
func MarkdownBytes(t *session.ToolCall) int {
	switch {
	case t.View != nil:
		if v, ok := t.View.(session.GenericResultView); ok {
			return textBytes(v.Content)
		}
		if v, ok := t.View.(session.WebSearchResultView); ok {
			return len(v.Answer)
		}
		if _, ok := t.View.(session.WebFetchResultView); ok && t.Result != nil {
			return textBytes(t.Result.Content)
		}
	default:
		if v, ok := t.Call.(session.GenericCallView); ok {
			return textBytes(v.Content)
		}
	}
	return 0
}

// MarkdownCut is a copy of a tool call whose Markdown (MarkdownBytes's)
// is cut by cut: what a viewer previews a huge one by.
func MarkdownCut(t *session.ToolCall, cut func(string) string) *session.ToolCall {
	p := *t
	blocks := func(content []session.ContentBlock) []session.ContentBlock {
		out := slices.Clone(content)
		for i := range out {
			if out[i].Type == "text" {
				out[i].Text = cut(out[i].Text)
			}
		}
		return out
	}
	switch {
	case t.View != nil:
		if v, ok := t.View.(session.GenericResultView); ok {
			v.Content = blocks(v.Content)
			p.View = v
		} else if v, ok := t.View.(session.WebSearchResultView); ok {
			v.Answer = cut(v.Answer)
			p.View = v
		} else if _, ok := t.View.(session.WebFetchResultView); ok && t.Result != nil {
			r := *t.Result
			r.Content = blocks(r.Content)
			p.Result = &r
		}
	default:
		if v, ok := t.Call.(session.GenericCallView); ok {
			v.Content = blocks(v.Content)
			p.Call = v
		}
	}
	return &p
}

// contentBody is a generic card's text blocks as its dim Markdown body.
func (c *card) contentBody(content []session.ContentBlock) *mdBody {
	var texts []string
	for _, b := range content {
		if b.Type == "text" {
			texts = append(texts, b.Text)
		}
	}
	return c.markdownBody(texts, true, &collapsed.contentRows)
}
