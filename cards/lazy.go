package cards

import (
	"math"
	"runtime/debug"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Lazy is the card of a huge reply, prompt or tool call's Markdown (a
// generic card's content, a web answer, a fetched page: mdcard.go) laid
// out only as far as it is read: Markdown a piece at a time (pieces.go),
// a prompt's text a row at a time (prose.go), so a viewer lays out the
// rows on screen and not the megabytes below them. Its rows are always the first rows of
// Render's, and all of them once it is whole. It is not safe for
// concurrent use.
type Lazy struct {
	e     session.Entry
	o     Options
	start func(*card) layout // makes l
	l     layout             // made by the first Rows: making a reply's text ready takes a while
	rows  []string
	whole bool
}

// layout is a card being laid out as far as it is asked.
type layout interface {
	layTo(n int)    // lays the card out until it has made n rows or is done
	finished() bool // the card is laid out to its end
	card() *card
}

func (r *reply) finished() bool  { return r.done }
func (r *reply) card() *card     { return r.c }
func (p *prompt) finished() bool { return p.done }
func (p *prompt) card() *card    { return p.c }

// NewLazy returns the lazy card of an entry drawn in pieces (a reply whose
// first piece ends in its first few windows, a prompt of more than a few
// screens, a tool call drawing as much Markdown), or nil for any other:
// Render draws those. It lays nothing out, and is quick.
func NewLazy(e session.Entry, o Options) *Lazy {
	if o.Plain {
		return nil
	}
	var start func(*card) layout
	switch m := e.(type) {
	case *session.AssistantText:
		if len(m.Text) < 2*pieceBytes || !cutSoon(m.Text) {
			return nil // cutSoon asks the text as it is, before it is made ready: a guess, but a quick one
		}
		start = func(c *card) layout { return newReply(c, m) }
	case *session.UserMessage:
		if textBytes(m.Content) < 2*pieceBytes {
			return nil
		}
		start = func(c *card) layout { return newPrompt(c, m) }
	case *session.ToolCall:
		if MarkdownBytes(m) < 2*pieceBytes {
			return nil
		}
		start = func(c *card) layout { return mdCardOf(c, m) }
	default:
		return nil
	}
	o.Width = max(o.Width, 1)
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	return &Lazy{e: e, o: o, start: start}
}

// textBytes is the size of the text blocks of a message.
func textBytes(content []session.ContentBlock) int {
	n := 0
	for _, b := range content {
		if b.Type == "text" {
			n += len(b.Text)
		}
	}
	return n
}

// Rows lays the card out until it has at least n rows or is whole, and
// returns its rows so far (Render's first rows). A panic while laying out
// ends the card as Render ends it: the notice and the entry's text.
func (z *Lazy) Rows(n int) []string {
	if !z.whole {
		z.contain(func() {
			if z.l == nil {
				z.l = z.start(newCard(z.o))
			}
			z.l.layTo(n)
			c := z.l.card()
			if z.l.finished() {
				c.capNote()
				z.whole = true
			}
			z.rows = c.rows
		})
	}
	return z.rows
}

// All is every row: Render's.
func (z *Lazy) All() []string { return z.Rows(math.MaxInt) }

// Whole reports whether every row is laid out.
func (z *Lazy) Whole() bool { return z.whole }

// contain runs a step of the layout; a panic makes the card Render's
// notice in its place.
func (z *Lazy) contain(step func()) {
	defer func() {
		if r := recover(); r != nil {
			z.rows, z.whole = undrawable(z.e, z.o, r, debug.Stack()), true
		}
	}()
	step()
}

// cutSoon reports whether a text's first piece ends in its first few
// windows, or is cut between its rows (a huge paragraph of plain words,
// paragraph.go); one that is not (another paragraph of megabytes) is
// drawn whole.
func cutSoon(text string) bool {
	probe := text[:min(len(text), 16*pieceBytes)]
	return plainParagraph(probe) || cuts(probe, 0, pieceBytes, nil)[0] < len(probe)
}
