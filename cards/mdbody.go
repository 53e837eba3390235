package cards

// markdownBody lays untrusted Markdown texts out as a card's body, one
// after the other, each with its notes, as a reply's is: cut to what the
// display cap can show before any work, then a piece at a time only until
// the card is full, the rest counted as text not drawn. Given a limit, a
// collapsed card keeps its first rows and says how many more there are;
// past the rows it shows whole, it lays out at most countBytes more of the
// text to count them, and says how much text is left past those.
func (c *card) markdownBody(texts []string, dim bool, keep *limit) {
	layouts := make([]mdLayout, len(texts))
	unread := c.unread
	for i, t := range texts {
		layouts[i] = mdLayout{m: prepareMarkdown(c.th, c.showable(t, c.inner()), c.inner(), dim)}
	}
	if keep == nil || c.o.Expanded {
		for i := range layouts {
			l := &layouts[i]
			for l.more() && !c.full() {
				c.bodyRaw(l.next())
			}
			c.unread += l.rest()
			c.bodyRaw(l.m.noteRows())
		}
		return
	}
	left := c.unread - unread // what the cut left out: hidden by the collapse, not by the cap
	c.unread = unread
	whole := c.limitOf(*keep).whole
	var rows []string
	counted := 0 // bytes laid out past the rows shown whole
	for i := range layouts {
		l := &layouts[i]
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
	show := rows[:c.keep(len(rows), *keep)]
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

// countBytes is how much of a collapsed card's Markdown, past the rows it
// shows whole, is laid out to count the rows it hides.
const countBytes = 16 << 10
