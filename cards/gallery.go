package cards

import (
	"fmt"
	"path"
	"strings"

	"github.com/deck-tui/deck/session"
)

// gallery draws the images a result returned (read_image), a row each,
// where the harness's web client draws their pictures: the image's name,
// then its type, size in pixels and bytes as deck read them from its bytes
// (ImageAttachment.Read), what the log declares beside them when it says
// otherwise, and when deck found no bytes, the declared figures marked as
// unverified. Drawing the pictures themselves (kitty, iTerm2, sixel) is
// the terminal's job, not a card's: v.Images is the list it would take.
func gallery(c *card, v *session.Gallery) {
	for _, b := range v.Images {
		if c.full() {
			return
		}
		c.body(galleryLine(c, b, path.Base(strings.ReplaceAll(v.Path, `\`, "/"))))
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
