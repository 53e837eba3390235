package cards

// mdBody is untrusted Markdown texts being laid out as a card's body, one
// after the other, each with its notes, as a reply's is: cut to what the
// display cap can show before any work, then a piece at a time only until
// the card is full, the rest counted as text not drawn; a lazy card
// (lazy.go) lays out only the pieces it is asked for. Given a limit, a
// collapsed card keeps its first rows and says how many more there are:
// past the rows it shows whole, it lays out at most countBytes more of
// the text to count them, and says how much text is left past those.
type mdBody struct {
	c     *card
	texts []mdLayout
	keep  *limit // nil: the body is never collapsed
	left  int    // collapsed: bytes of text the cut left out, hidden by the collapse (not by the cap)
	shut  bool   // collapsed: laid out in one step
}

// countBytes is how much of a collapsed card's Markdown, past the rows it
// shows whole, is laid out to count the rows it hides.
const countBytes = 16 << 10

func (c *card) markdownBody(texts []string, dim bool, keep *limit) *mdBody {
	b := &mdBody{c: c, texts: make([]mdLayout, len(texts)), keep: keep, shut: keep != nil && !c.o.Expanded}
	unread := c.unread
	for i, t := range texts {
		b.texts[i] = mdLayout{m: prepareMarkdown(c.th, c.showable(t, c.inner()), c.inner(), dim)}
	}
	if b.shut {
		b.left, c.unread = c.unread-unread, unread
	}
	return b
}

// step lays out the body's next piece (a collapsed body all it shows at
// once), and reports whether it had one.
func (b *mdBody) step() bool {
	if b.shut {
		if b.texts == nil {
			return false
		}
		b.collapsed()
		b.texts = nil
		return true
	}
	c := b.c
	for len(b.texts) > 0 {
		l := &b.texts[0]
		if l.more() && !c.full() {
			c.bodyRaw(l.next())
			return true
		}
		c.unread += l.rest()
		c.bodyRaw(l.m.noteRows())
		b.texts = b.texts[1:]
	}
	return false
}

// collapsed lays out a collapsed body: the rows it shows, and a count of
// those it hides.
func (b *mdBody) collapsed() {
	c := b.c
	whole := c.limitOf(*b.keep).whole
	var rows []string
	left, counted := b.left, 0 // counted: bytes laid out past the rows shown whole
	for i := range b.texts {
		l := &b.texts[i]
		for l.more() && (len(rows) <= whole || counted < countBytes) {
			before := l.at
			rows = append(rows, l.next()...)
			if len(rows) > whole {
				counted += l.at - before
			}
		}
		left += l.rest()
		if !l.more() {
			rows = append(rows, l.m.noteRows()...)
		}
	}
	show := rows[:c.keep(len(rows), *b.keep)]
	c.bodyRaw(show)
	if left == 0 {
		c.elided(len(rows)-len(show), "line", "lines")
		return
	}
	more := byteSize(int64(left)) + " more text"
	if hidden := len(rows) - len(show); hidden > 0 {
		more = plural(hidden, "more line", "more lines") + " and " + more
	}
	c.note("… " + more + c.expandHint())
}
