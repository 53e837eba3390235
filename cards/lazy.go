package cards

import (
	"math"
	"runtime/debug"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Lazy is the card of a huge reply laid out only as far as it is read: its
// Markdown a piece at a time (pieces.go), so a viewer lays out the rows on
// screen and not the megabytes below them. Its rows are always the first
// rows of Render's, and all of them once it is whole. It is not safe for
// concurrent use.
type Lazy struct {
	e     *session.AssistantText
	o     Options
	r     *reply // made by the first Rows: making the text ready takes a while
	rows  []string
	whole bool
}

// NewLazy returns the lazy card of an entry drawn in pieces (a reply whose
// first piece ends in its first few windows), or nil for any other: Render
// draws those. It lays nothing out, and is quick.
func NewLazy(e session.Entry, o Options) *Lazy {
	m, ok := e.(*session.AssistantText)
	if !ok || o.Plain || len(m.Text) < 2*pieceBytes || !cutSoon(m.Text) {
		return nil // cutSoon asks the text as it is, before it is made ready: a guess, but a quick one
	}
	o.Width = max(o.Width, 1)
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	return &Lazy{e: m, o: o}
}

// Rows lays the card out until it has at least n rows or is whole, and
// returns its rows so far (Render's first rows). A panic while laying out
// ends the card as Render ends it: the notice and the entry's text.
func (z *Lazy) Rows(n int) []string {
	if !z.whole {
		z.contain(func() {
			if z.r == nil {
				z.r = newReply(newCard(z.o), z.e)
			}
			z.r.layTo(n)
			if z.r.done {
				z.r.c.capNote()
				z.whole = true
			}
			z.rows = z.r.c.rows
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
	return plainParagraph(probe) || cuts(probe, 0, pieceBytes)[0] < len(probe)
}
