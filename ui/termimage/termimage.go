// Package termimage draws pictures in a terminal that says it can. What a
// terminal draws is asked (Query, Detector, Ask), never guessed from its
// name in the environment: kitty's graphics protocol answers its own query,
// sixel is an attribute of the device attributes, and iTerm2's inline
// images are told by the name the terminal gives in XTVERSION. An image's
// bytes are decoded within bounds (Decode), scaled down to a box of cells
// and encoded for the protocol: kitty's with Unicode placeholders, which
// live in a card's rows (the viewer), or drawn at the cursor (kitty,
// iTerm2, sixel: deck render, a picture shown full screen).
package termimage

import (
	"image"
	"strconv"
	"strings"
)

// Protocol is a way a terminal draws a picture at its cursor.
type Protocol int

// The protocols, and None for a terminal that draws no picture.
const (
	None Protocol = iota
	Kitty
	ITerm2
	Sixel
)

func (p Protocol) String() string {
	return [...]string{"none", "kitty's graphics protocol", "iTerm2's inline images", "sixel"}[p]
}

// Caps is what a terminal said it can draw.
type Caps struct {
	Kitty    bool        // it answered kitty's graphics query OK
	Sixel    bool        // its device attributes (DA1) hold 4
	Terminal string      // its XTVERSION answer ("kitty(0.35.2)", "iTerm2 3.5.0"); "" when none came
	Cell     image.Point // a cell's size in pixels (CSI 16 t); zero when not told
}

// Tmux reports an answer from tmux, which stands between deck and the
// terminal: what it says is its own, and it passes a picture on to the
// terminal only wrapped for its passthrough, with allow-passthrough on.
func (c Caps) Tmux() bool { return strings.HasPrefix(c.Terminal, "tmux ") }

// inlineImages reports a terminal whose XTVERSION answer names one that
// documents iTerm2's inline images as its own: iTerm2 ("iTerm2 3.5.0",
// sources/VT100Output.m, reportExtendedDeviceAttribute) and WezTerm
// ("WezTerm 20240203-110809-5046fc22", term/src/terminalstate/performer.rs:
// its term_program and version).
func (c Caps) inlineImages() bool {
	return strings.HasPrefix(c.Terminal, "iTerm2 ") || strings.HasPrefix(c.Terminal, "WezTerm ")
}

// Placeholders reports a terminal that draws kitty's Unicode placeholders,
// the way a picture lives in a card's rows: it answered the graphics query
// and names itself as one that draws them: kitty from 0.28.0 on
// ("kitty(0.35.2)", kitty/screen.c, screen_xtversion) or Ghostty ("ghostty
// 1.1.3", src/termio/stream_handler.zig, reportXtversion). Others that
// answer the query (WezTerm, Konsole) draw a picture only at the cursor.
func (c Caps) Placeholders() bool {
	if !c.Kitty {
		return false
	}
	if strings.HasPrefix(c.Terminal, "ghostty ") {
		return true
	}
	v, ok := strings.CutPrefix(c.Terminal, "kitty(")
	if !ok {
		return false
	}
	parts := strings.SplitN(strings.TrimSuffix(v, ")"), ".", 3)
	if len(parts) < 2 {
		return false
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	return err1 == nil && err2 == nil && (major > 0 || minor >= 28)
}

// Protocol is how the terminal draws a picture at its cursor: iTerm2's
// inline images in a terminal that documents them as its own, else kitty's
// protocol when it answered, else sixel when its attributes say so.
func (c Caps) Protocol() Protocol {
	switch {
	case c.inlineImages():
		return ITerm2
	case c.Kitty:
		return Kitty
	case c.Sixel:
		return Sixel
	}
	return None
}

// cell is a cell's size in pixels: as the terminal said, else taken to be
// twice as tall as wide (the shape of a terminal's cell), 8×16.
func (c Caps) cell() image.Point {
	if c.Cell.X > 0 && c.Cell.Y > 0 {
		return c.Cell
	}
	return image.Pt(8, 16)
}
