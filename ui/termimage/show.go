package termimage

import (
	"errors"
	"fmt"
	"image"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/x/term"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// Shown is a picture a Show shows: the image's bytes as read, its name.
type Shown struct {
	Read *session.ImageRead
	Name string
}

// Show shows pictures full screen, one after another, each until a key: a
// command the viewer runs with the terminal handed over to it (tea.Exec),
// for a picture that cannot live among a cell renderer's rows (iTerm2's,
// sixel), or to see one larger.
type Show struct {
	caps Caps
	pics []Shown
	in   io.Reader
	out  io.Writer
}

// NewShow is a Show of pics in a terminal of caps.
func NewShow(caps Caps, pics []Shown) *Show { return &Show{caps: caps, pics: pics} }

// SetStdin, SetStdout and SetStderr take the terminal (tea.ExecCommand).
func (s *Show) SetStdin(r io.Reader)  { s.in = r }
func (s *Show) SetStdout(w io.Writer) { s.out = w }
func (s *Show) SetStderr(io.Writer)   {}

// Run shows the pictures on the alternate screen, each as large as the
// screen holds under a caption, until q, esc or ctrl+c, or a key after
// the last; the terminal is left as it was found.
func (s *Show) Run() error {
	p := s.caps.Protocol()
	if p == None || s.in == nil || s.out == nil {
		return errors.New("the terminal draws no picture")
	}
	cols, rows := 80, 24
	if f, ok := s.out.(*os.File); ok {
		if c, r, err := term.GetSize(f.Fd()); err == nil && c > 0 && r > 1 {
			cols, rows = c, r
		}
		if s.caps.Cell == (image.Point{}) {
			s.caps.Cell = cellOf(f)
		}
	}
	if f, ok := s.in.(*os.File); ok && term.IsTerminal(f.Fd()) {
		if st, err := term.MakeRaw(f.Fd()); err == nil {
			defer term.Restore(f.Fd(), st)
		}
	}
	io.WriteString(s.out, "\x1b[?1049h\x1b[?25l")
	for i := range s.pics {
		if _, err := io.WriteString(s.out, s.frame(p, i, cols, rows)); err != nil || !s.next() {
			break
		}
	}
	if p == Kitty {
		io.WriteString(s.out, kittyForget(showID))
	}
	_, err := io.WriteString(s.out, "\x1b[2J\x1b[?25h\x1b[?1049l")
	return err
}

// frame is a clear screen with picture i at its top left, as large as
// cols by rows-1 cells hold, and its caption on the last row (or why
// there is no picture).
func (s *Show) frame(p Protocol, i, cols, rows int) string {
	pic := s.pics[i]
	var b strings.Builder
	b.WriteString("\x1b[2J\x1b[H")
	caption := fmt.Sprintf("%s · %d of %d · a key: next · q: back", pic.Name, i+1, len(s.pics))
	if i == len(s.pics)-1 {
		caption = fmt.Sprintf("%s · %d of %d · a key: back", pic.Name, i+1, len(s.pics))
	}
	m, err := Decode(pic.Read.Path)
	if err == nil {
		cells := box(m.Bounds().Size(), cols, rows-1, s.caps.cell(), true)
		var seq string
		if seq, err = atCursor(p, m, cells, s.caps.cell(), showID); err == nil {
			b.WriteString(seq)
		}
	}
	if err != nil {
		caption = "no picture: " + err.Error() + " · " + caption
	}
	fmt.Fprintf(&b, "\x1b[%d;1H", rows)
	b.WriteString(cards.Truncate(cards.Safe(caption), cols-1, "…"))
	return b.String()
}

// next waits for a key: false for q, esc or ctrl+c, and when the input is
// gone.
func (s *Show) next() bool {
	buf := make([]byte, 64)
	n, err := s.in.Read(buf)
	if err != nil || n == 0 {
		return false
	}
	return !(n == 1 && (buf[0] == 'q' || buf[0] == 0x1b || buf[0] == 0x03))
}
