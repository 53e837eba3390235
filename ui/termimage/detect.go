package termimage

import (
	"image"
	"slices"

	uv "github.com/charmbracelet/ultraviolet"
)

// queryID is the id of kitty's graphics query: its answer names it.
const queryID = 31

// Query asks the terminal what it can draw: kitty's graphics query (a
// one-pixel image it loads and does not keep, a=q, answered OK by a
// terminal that speaks the protocol), XTVERSION (its name and version),
// the size of a cell in pixels (CSI 16 t), and last the primary device
// attributes (DA1), which every terminal answers, and answers in order,
// so its answer ends the asking; its attribute 4 is sixel.
const Query = "\x1b_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\x1b\\" + "\x1b[>q" + "\x1b[16t" + "\x1b[c"

// Detector reads the terminal's answers to Query, as events decoded from
// its input (Bubble Tea's messages in the viewer, uv's decoder in Ask).
type Detector struct {
	caps Caps
	done bool
}

// Take reads one event; anything but an answer to Query is left alone. It
// reports whether the asking is over: the device attributes came.
func (d *Detector) Take(ev any) (done bool) {
	if d.done {
		return true
	}
	switch e := ev.(type) {
	case uv.KittyGraphicsEvent:
		if e.Options.ID == queryID && string(e.Payload) == "OK" {
			d.caps.Kitty = true
		}
	case uv.TerminalVersionEvent:
		d.caps.Terminal = e.Name
	case uv.CellSizeEvent:
		if e.Width > 0 && e.Height > 0 {
			d.caps.Cell = image.Pt(e.Width, e.Height)
		}
	case uv.PrimaryDeviceAttributesEvent:
		d.caps.Sixel = slices.Contains(e, 4)
		d.done = true
	}
	return d.done
}

// Caps is what the terminal said so far.
func (d *Detector) Caps() Caps { return d.caps }
