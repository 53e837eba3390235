package termimage

import (
	"bytes"
	"encoding/base64"
	"image"
	"image/png"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/iterm2"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/ansi/sixel"
)

// showID is the kitty image id of a picture drawn at the cursor, which is
// freed when it has been seen; pictures in cards take ids from firstID.
const showID = 1

// atCursor is the sequence that draws m at the cursor in p, in cells of
// cell pixels: kitty and iTerm2 are sent at most as many pixels as the
// cells show and scale the picture into them; sixel is drawn pixel for
// pixel, so it is scaled to fill them. id is the kitty image id, 0 for none
// (a picture sent again under an id replaces the one before, wherever it
// is drawn).
func atCursor(p Protocol, m image.Image, cells, cell image.Point, id int) (string, error) {
	px := image.Pt(cells.X*cell.X, cells.Y*cell.Y)
	switch p {
	case Kitty:
		var b strings.Builder
		err := kitty.EncodeGraphics(&b, fit(m, px), &kitty.Options{Action: kitty.TransmitAndPut, Format: kitty.PNG, Transmission: kitty.Direct,
			ID: id, Columns: cells.X, Rows: cells.Y, Quiet: 2, Chunk: true})
		return b.String(), err
	case ITerm2:
		data, err := pngOf(fit(m, px))
		if err != nil {
			return "", err
		}
		return ansi.ITerm2(iterm2.File{Size: int64(len(data)), Width: iterm2.Cells(cells.X), Height: iterm2.Cells(cells.Y),
			Inline: true, Content: []byte(base64.StdEncoding.EncodeToString(data))}), nil
	case Sixel:
		var b bytes.Buffer
		if err := (&sixel.Encoder{}).Encode(&b, scaled(m, cells, cell)); err != nil {
			return "", err
		}
		return ansi.SixelGraphics(0, 1, 0, b.Bytes()), nil
	}
	return "", nil
}

// kittyTransmit sends a PNG to the terminal as image id, drawing nothing
// (the placeholders that name id draw it): base64 in chunks of at most
// 4,096 bytes, the keys on the first, m=1 on each but the last.
func kittyTransmit(data []byte, id int) string {
	payload := base64.StdEncoding.EncodeToString(data)
	o := kitty.Options{Action: kitty.Transmit, Format: kitty.PNG, Transmission: kitty.Direct, ID: id, Quiet: 2}
	keys := o.Options()
	var b strings.Builder
	for first := true; first || payload != ""; first = false {
		n := min(len(payload), kitty.MaxChunkSize)
		more := "m=0"
		if n < len(payload) {
			more = "m=1"
		}
		if first {
			b.WriteString(ansi.KittyGraphics([]byte(payload[:n]), append(keys, more)...))
		} else {
			b.WriteString(ansi.KittyGraphics([]byte(payload[:n]), "q=2", more))
		}
		payload = payload[n:]
	}
	return b.String()
}

// kittyPlace makes image id's one virtual placement (a=p, U=1; placement
// 1, so a new size replaces the old) cells in size: the grid its
// placeholders are cut from.
func kittyPlace(id int, cells image.Point) string {
	o := kitty.Options{Action: kitty.Put, VirtualPlacement: true, ID: id, PlacementID: 1, Columns: cells.X, Rows: cells.Y, Quiet: 2}
	return ansi.KittyGraphics(nil, o.Options()...)
}

// kittyForget frees image id and its placements in the terminal.
func kittyForget(id int) string {
	o := kitty.Options{Action: kitty.Delete, Delete: kitty.DeleteID, DeleteResources: true, ID: id, Quiet: 2}
	return ansi.KittyGraphics(nil, o.Options()...)
}

// placeholders are the rows of kitty's Unicode placeholders that draw
// image id in cells: each cell names its row and column with diacritics,
// so a row cut off at either edge still draws its part; the id is the
// cells' colour, in 256 colours, which every profile of a terminal that
// draws them keeps as it is.
func placeholders(id int, cells image.Point) []string {
	rows := make([]string, cells.Y)
	colour := "\x1b[38;5;" + strconv.Itoa(id) + "m"
	for r := range rows {
		var b strings.Builder
		b.Grow(len(colour) + cells.X*8 + 5)
		b.WriteString(colour)
		for c := 0; c < cells.X; c++ {
			b.WriteRune(kitty.Placeholder)
			b.WriteRune(kitty.Diacritic(r))
			b.WriteRune(kitty.Diacritic(c))
		}
		b.WriteString("\x1b[39m")
		rows[r] = b.String()
	}
	return rows
}

func pngOf(m image.Image) ([]byte, error) {
	var b bytes.Buffer
	err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, m)
	return b.Bytes(), err
}

// IsPicture reports a row of placeholders: its cells' colour names the
// image, so nothing may restyle them (a search's marks).
func IsPicture(row string) bool { return strings.ContainsRune(row, kitty.Placeholder) }
