package cards

import (
	"fmt"
	"path"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// Pictures is what draws a gallery's pictures where the terminal can
// (ui/termimage): cards knows no terminal, so it is handed the rows.
type Pictures interface {
	// Picture is what goes under the row of the image whose bytes were read
	// as r, in at most width cells: the rows that draw it (deck's own
	// sequences, which close what they open, put in the card as they are;
	// plain, as many rows, blank),
	// or a note in deck's words (why none is drawn, the key that shows it),
	// which the card sanitises and styles as its own. Neither when nothing
	// is to be said.
	Picture(r *session.ImageRead, width int, plain bool) (rows []string, note string)
}

// gallery draws the images a result returned (read_image), a row each,
// where the harness's web client draws their pictures: the image's name,
// then its type, size in pixels and bytes as deck read them from its bytes
// (ImageAttachment.Read), what the log declares beside them when it says
// otherwise, and when deck found no bytes, the declared figures marked as
// unverified. Under each row, what Options.Pictures draws of it.
func gallery(c *card, v *session.Gallery) {
	for i, b := range v.Images {
		if c.full() {
			return
		}
		if c.imageAt != nil {
			c.imageAt[i] = c.made
		}
		c.body(galleryLine(c, b, path.Base(strings.ReplaceAll(v.Path, `\`, "/"))))
		picture(c, b.Attachment)
	}
}

// picture puts under an image's row what the terminal shows of it: rows
// drawn for it, indented as the body is, or a note.
func picture(c *card, a *session.ImageAttachment) {
	if c.o.Pictures == nil || a == nil || a.Read == nil || a.Read.Missing != "" {
		return
	}
	rows, note := c.o.Pictures.Picture(a.Read, c.inner(), c.o.Plain)
	if note != "" {
		c.bodyAt(append(line{{"↳ ", c.th.Faint}}, c.safeLine(note, c.th.Muted)...), indent+2)
	}
	pad := strings.Repeat(" ", min(indent, c.o.Width-1))
	for _, r := range rows {
		if c.full() {
			c.skip(1)
			continue
		}
		c.raw(pad + r)
	}
}

func galleryLine(c *card, b session.ContentBlock, file string) line {
	th := c.th
	a := b.Attachment
	name := a.Name
	if name == "" {
		name = file
	}
	declared := fmt.Sprintf("%s %d×%d, %s", a.MediaType, a.Width, a.Height, byteSize(a.Bytes))
	l := line{{"▣ ", th.Muted}}
	l = append(l, c.safeLine(name, th.Path)...)
	l = append(l, span{" · ", th.Faint})
	switch r := a.Read; {
	case r == nil: // no store was looked in (a live host)
		l = append(l, c.safeLine(declared, th.Muted)...)
		l = append(l, span{" (as the log declares)", th.Faint})
	case r.Missing != "":
		l = append(l, c.safeLine(declared, th.Muted)...)
		l = append(l, span{" · not verified: ", th.Notice})
		l = append(l, c.safeLine(r.Missing, th.Notice)...)
	default:
		read := fmt.Sprintf("%s %d×%d, %s", r.MediaType, r.Width, r.Height, byteSize(r.Bytes))
		l = append(l, c.safeLine(read, th.Text)...)
		if read != declared {
			l = append(l, span{" · the log declares ", th.Notice})
			l = append(l, c.safeLine(declared, th.Notice)...)
		}
	}
	if b.Offloaded {
		l = append(l, span{" · ", th.Faint}, span{"offloaded: the model no longer sees it", th.Notice})
	}
	return l
}

// ImageStarts is the row each image of a gallery card (read_image) starts
// at among the rows of its card drawn with o, -1 for one past the display
// cap; nil for a card with no gallery. What `o` opens is the image whose
// row the person is reading.
func ImageStarts(t *session.ToolCall, o Options) (starts []int) {
	v, ok := t.View.(session.GenericResultView)
	if !ok || v.Gallery == nil {
		return nil
	}
	o.Plain = true // the same rows, sooner
	if o.Width < 1 {
		o.Width = 1
	}
	if o.Theme == nil {
		o.Theme = theme.Dark()
	}
	c := newCard(o)
	c.count = func(string) {}
	c.imageAt = make([]int, len(v.Gallery.Images))
	for i := range c.imageAt {
		c.imageAt[i] = -1
	}
	defer func() {
		if recover() != nil { // drawn as undrawable: no image row shows
			starts = c.imageAt
			for i := range starts {
				starts[i] = -1
			}
		}
	}()
	draw(c, t)
	return c.imageAt
}
