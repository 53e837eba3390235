package viewer

import (
	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// A huge text (a reply, reasoning, prompt or tool call's Markdown of megabytes) takes a card up to the
// display cap, 10,000 rows of Markdown, which is far more than a screen and
// far slower than a frame. Its first drawing is a preview: the card of its
// first screens of text, whose top rows are the whole card's top rows (the
// layout is greedy), drawn at once; the whole card is drawn in the
// background and takes the preview's place when it is done.

// hugeText is the length past which a text is previewed first.
const hugeText = 256 << 10

// isHuge reports an entry whose text is previewed first.
func isHuge(e session.Entry) bool {
	switch x := e.(type) {
	case *session.AssistantText:
		return len(x.Text) > hugeText
	case *session.Reasoning:
		return len(x.Text) > hugeText
	case *session.UserMessage:
		return len(session.TextOf(x.Content)) > hugeText
	case *session.ToolCall: // a card of Markdown: its content, a web answer, a fetched page
		return cards.MarkdownBytes(x) > hugeText
	default: // other texts are cut by their cards
		return false
	}
}

// preview draws the first screens of a huge entry's text: enough
// characters for that many screens' rows of the card's width.
func (v *Viewer) preview(e session.Entry, o cards.Options, screens int) []string {
	n := screens * v.contentHeight() * o.Width
	switch x := e.(type) {
	case *session.AssistantText:
		p := *x
		p.Text = prefix(x.Text, n)
		e = &p
	case *session.Reasoning:
		p := *x
		p.Text = prefix(x.Text, n)
		e = &p
	case *session.UserMessage:
		p := *x
		p.Content = []session.ContentBlock{{Type: "text", Text: prefix(session.TextOf(x.Content), n)}}
		e = &p
	case *session.ToolCall:
		e = cards.MarkdownCut(x, func(s string) string { return prefix(s, n) })
	default:
	}
	return cards.Render(e, o)
}

// prefix is the first n characters of s.
func prefix(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}
