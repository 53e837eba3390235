package viewer

import (
	"fmt"
	"os/exec"
	"runtime"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/ui/termimage"
)

// pictures is what the viewer knows of the pictures the terminal draws: it
// asks when it starts, and until the terminal's device attributes answer,
// and after when it said it draws none, no card holds a picture.
type pictures struct {
	asking *termimage.Detector // nil once answered
	draw   *termimage.Pictures // how cards draw them; nil: none
}

// askTerminal asks the terminal what it draws; the answers come as
// messages (terminalSaid).
func (v *Viewer) askTerminal() tea.Cmd {
	v.pics.asking = &termimage.Detector{}
	return tea.Raw(termimage.Query)
}

// terminalSaid takes one of the terminal's answers to askTerminal (other
// messages are no answer); the last answer decides how pictures are drawn.
func (v *Viewer) terminalSaid(msg tea.Msg) {
	d := v.pics.asking
	if d == nil {
		return
	}
	if m, ok := msg.(tea.TerminalVersionMsg); ok {
		msg = uv.TerminalVersionEvent(m)
	}
	if d.Take(msg) {
		v.pics.asking = nil
		v.pics.draw = termimage.ForViewer(d.Caps(), v.keys.Picture.Help().Key)
	}
}

// pictureDrawer is cards' Options.Pictures: nil (no interface holding a nil
// pointer) when the terminal draws none.
func (v *Viewer) pictureDrawer() cards.Pictures {
	if v.pics.draw == nil {
		return nil
	}
	return v.pics.draw
}

// picturesSent sends the terminal what the cards drawn since need: the
// pictures their placeholders name, at their sizes.
func (v *Viewer) picturesSent() tea.Cmd {
	if out := v.pics.draw.Output(); out != "" {
		return tea.Raw(out)
	}
	return nil
}

// galleryAt is the focused card's gallery (read_image), and the image of
// it the person is reading: the first whose row is on screen, else the
// last above it; ok is false on any other card.
func (v *Viewer) galleryAt() (g *session.Gallery, at int, ok bool) {
	if v.focus >= len(v.items) {
		return nil, 0, false
	}
	call, isCall := v.entry(v.focus).(*session.ToolCall)
	if !isCall {
		return nil, 0, false
	}
	res, isGeneric := call.View.(session.GenericResultView)
	if !isGeneric || res.Gallery == nil || len(res.Gallery.Images) == 0 {
		return nil, 0, false
	}
	top, bottom := -1, -1 // the card's rows on screen
	for _, p := range v.screen {
		if p.idx == v.focus {
			if top < 0 {
				top = p.row
			}
			bottom = p.row
		}
	}
	for i, s := range cards.ImageStarts(call, v.options(v.items[v.focus])) {
		if s < 0 || top < 0 {
			break
		}
		if s < top { // above the screen: its picture may be on it
			at = i
			continue
		}
		if s <= bottom { // the first on screen
			at = i
		}
		break
	}
	return res.Gallery, at, true
}

// readable is the images of g deck read the bytes of, from the one at
// on, then those before it, with their names.
func readable(g *session.Gallery, at int) []termimage.Shown {
	var out []termimage.Shown
	for _, i := range append(seq(at, len(g.Images)), seq(0, at)...) {
		a := g.Images[i].Attachment
		if a == nil || a.Read == nil || a.Read.Path == "" {
			continue
		}
		name := a.Name
		if name == "" {
			name = g.Path
		}
		out = append(out, termimage.Shown{Read: a.Read, Name: name})
	}
	return out
}

func seq(from, to int) []int {
	var s []int
	for i := from; i < to; i++ {
		s = append(s, i)
	}
	return s
}

// showPictures shows the focused gallery's pictures full screen, from the
// one on screen, each until a key (p): in a terminal that draws them at
// its cursor, as no cell renderer can hold iTerm2's or sixel's.
func (v *Viewer) showPictures() tea.Cmd {
	g, at, ok := v.galleryAt()
	switch {
	case !ok:
		v.flash = "no pictures here"
		return nil
	case v.pics.draw == nil || v.pics.draw.Caps().Protocol() == termimage.None:
		v.flash = "this terminal draws no pictures"
		return nil
	}
	shown := readable(g, at)
	if len(shown) == 0 {
		v.flash = "deck has the bytes of none of these images"
		return nil
	}
	return tea.Exec(termimage.NewShow(v.pics.draw.Caps(), shown), func(err error) tea.Msg {
		if err != nil {
			return editedMsg{"pictures: " + err.Error()}
		}
		return editedMsg{}
	})
}

// openImage opens the gallery's image on screen with the system's program
// for it (o): a copy of its file, named with its type's extension, which
// deck removes when it ends.
func (v *Viewer) openImage(g *session.Gallery, at int) tea.Cmd {
	shown := readable(g, at)
	if len(shown) == 0 {
		v.flash = "deck has the bytes of none of these images"
		return nil
	}
	path, err := termimage.Copy(shown[0].Read, shown[0].Name)
	if err != nil {
		v.flash = "no copy to open: " + err.Error()
		return nil
	}
	opener := "xdg-open"
	if runtime.GOOS == "darwin" {
		opener = "open"
	}
	bin, err := exec.LookPath(opener)
	if err != nil {
		v.flash = fmt.Sprintf("no program opens images here: %s is not installed", opener)
		return nil
	}
	return tea.ExecProcess(exec.Command(bin, path), func(err error) tea.Msg {
		if err != nil {
			return editedMsg{opener + ": " + err.Error()}
		}
		return editedMsg{}
	})
}
