package termimage

import (
	"errors"
	"image"
	"strings"
	"sync"

	"github.com/deck-tui/deck/session"
)

// Pictures draws the pictures of galleries for cards (cards.Pictures), in
// one of four ways a terminal allows.
type Pictures struct {
	way  way
	caps Caps
	note string // what the rows say in the ways that draw none in them

	mu   sync.Mutex
	pics map[string]*picture // by file
	next int                 // the next kitty image id
	out  strings.Builder     // what the terminal is to be sent (Output)
}

type way int

const (
	inRows  way = iota // kitty's placeholders in the card's rows (the viewer)
	printed            // drawn at the cursor, a row of the card (deck render)
	hinted             // a note naming the key that shows it (the viewer)
	noted              // a note saying why none is drawn (tmux)
)

// firstID and lastID bound the kitty image ids of pictures in cards: ids
// in 256 colours, past the 16 basic ones (which a profile may write as
// basic colours) and showID.
const firstID, lastID = 16, 255

// picture is one image's file, decoded once.
type picture struct {
	once   sync.Once
	err    error
	size   image.Point // the image's pixels
	png    []byte      // inRows: what is sent to the terminal (fit to the largest box), until sent
	image  image.Image // printed: the image, until printed
	id     int         // its kitty image id once sent; 0 before
	placed image.Point // the cells of its placement now
}

// ForViewer is how the viewer draws pictures in a terminal of caps, with
// key the key that shows one full screen: kitty's placeholders where the
// terminal draws them; elsewhere a note under each image naming the key;
// nil where the terminal draws none and no note is due.
func ForViewer(caps Caps, key string) *Pictures {
	switch {
	case caps.Placeholders():
		return &Pictures{way: inRows, caps: caps, pics: map[string]*picture{}, next: firstID}
	case caps.Protocol() != None:
		return &Pictures{way: hinted, caps: caps, pics: map[string]*picture{}, note: key + " shows it full screen (" + caps.Protocol().String() + ")"}
	}
	return forTmux(caps)
}

// ForPrinting is how deck render draws pictures in a terminal of caps: at
// the cursor, after each image's row; nil where the terminal draws none.
func ForPrinting(caps Caps) *Pictures {
	if caps.Protocol() != None {
		return &Pictures{way: printed, caps: caps, pics: map[string]*picture{}}
	}
	return forTmux(caps)
}

// forTmux says, under each image, why tmux shows none.
func forTmux(caps Caps) *Pictures {
	if !caps.Tmux() {
		return nil
	}
	return &Pictures{way: noted, caps: caps, note: "no picture inside tmux: it passes one on to the terminal only through its passthrough (allow-passthrough), which deck does not use"}
}

// Picture is what goes under an image's row (cards.Pictures): its rows, or
// a note saying why there are none.
func (p *Pictures) Picture(r *session.ImageRead, width int, plain bool) (rows []string, note string) {
	if p.way == noted {
		return nil, p.note
	}
	pic := p.picture(r.Path)
	if pic.err != nil {
		return nil, "no picture: " + pic.err.Error()
	}
	switch p.way {
	case hinted:
		return nil, p.note
	case printed:
		if plain {
			return []string{""}, ""
		}
		return p.print(r.Path, pic, width)
	}
	cells := box(pic.size, width, maxRows, p.caps.cell(), false)
	if plain {
		return make([]string, cells.Y), ""
	}
	id, why := p.place(pic, cells)
	if id == 0 {
		return nil, why
	}
	return placeholders(id, cells), ""
}

// picture is the image in file, decoded (once, whoever asks first).
func (p *Pictures) picture(file string) *picture {
	p.mu.Lock()
	pic := p.pics[file]
	if pic == nil {
		pic = &picture{}
		p.pics[file] = pic
	}
	p.mu.Unlock()
	pic.once.Do(func() {
		m, err := Decode(file)
		if err != nil {
			pic.err = err
			return
		}
		pic.size = m.Bounds().Size()
		switch p.way {
		case inRows: // the largest a card shows it, kept small till sent; kitty scales it to the cells
			cell := p.caps.cell()
			if pic.png, err = pngOf(fit(m, image.Pt(maxCells*cell.X, maxRows*cell.Y))); err != nil {
				pic.err = errors.New("it could not be encoded")
			}
		case printed:
			pic.image = m
		}
	})
	return pic
}

// place has the terminal hold pic (sent once, under an id of its own) and
// place it in cells; what it writes waits in Output. An id of 0 says why
// none could be.
func (p *Pictures) place(pic *picture, cells image.Point) (id int, why string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if pic.id == 0 {
		if p.next > lastID {
			return 0, "no picture: this viewer has drawn as many as kitty's ids in 256 colours hold"
		}
		pic.id = p.next
		p.next++
		sent(pic.id)
		p.out.WriteString(kittyTransmit(pic.png, pic.id))
		pic.png = nil
	}
	if pic.placed != cells {
		p.out.WriteString(kittyPlace(pic.id, cells))
		pic.placed = cells
	}
	return pic.id, ""
}

// print draws pic at the cursor, in at most width cells and maxRows rows:
// the one row the card gets, the cursor below the picture after it. The
// image decoded first is let go once printed.
func (p *Pictures) print(file string, pic *picture, width int) ([]string, string) {
	p.mu.Lock()
	m := pic.image
	pic.image = nil
	p.mu.Unlock()
	if m == nil { // printed before, by another card: decoded again
		var err error
		if m, err = Decode(file); err != nil {
			return nil, "no picture: " + err.Error()
		}
	}
	cells := box(pic.size, width, maxRows, p.caps.cell(), false)
	seq, err := atCursor(p.caps.Protocol(), m, cells, p.caps.cell(), 0) // no id: kitty keeps each picture printed
	if err != nil {
		return nil, "no picture: it could not be encoded"
	}
	return []string{seq}, ""
}

// Output takes what the terminal is to be sent for the rows drawn so far:
// the pictures they name, and their placements.
func (p *Pictures) Output() string {
	if p == nil || p.way != inRows {
		return ""
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.out.String()
	p.out.Reset()
	return s
}

// Caps is what the terminal said it draws.
func (p *Pictures) Caps() Caps { return p.caps }
