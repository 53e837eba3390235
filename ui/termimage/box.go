package termimage

import (
	"image"

	"golang.org/x/image/draw"
)

// maxRows is the most rows a picture takes in a card.
const maxRows = 20

// maxCells is the most rows or columns kitty's placeholders can name: as
// many as its row and column diacritics.
const maxCells = 297

// box is the cells a picture of size px takes: at most cols wide and rows
// tall, its shape kept (cells are cell pixels), and, unless enlarge, no
// larger than the picture is.
func box(px image.Point, cols, rows int, cell image.Point, enlarge bool) image.Point {
	cols, rows = max(min(cols, maxCells), 1), max(min(rows, maxCells), 1)
	w, h, cw, ch := int64(px.X), int64(px.Y), int64(cell.X), int64(cell.Y)
	if w < 1 || h < 1 {
		return image.Pt(1, 1)
	}
	c := int64(cols)
	if !enlarge {
		c = min(c, (w+cw-1)/cw)
	}
	r := (c*cw*h + w*ch - 1) / (w * ch) // the rows that width takes, rounded up
	if r > int64(rows) {
		r = int64(rows)
		c = min(c, max((r*ch*w+h*cw/2)/(h*cw), 1)) // the columns those rows take, rounded
	}
	return image.Pt(int(max(c, 1)), int(max(r, 1)))
}

// fit scales m down (never up) to fit within px pixels, its shape kept.
func fit(m image.Image, px image.Point) image.Image {
	b := m.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= px.X && h <= px.Y {
		return m
	}
	nw, nh := px.X, h*px.X/w
	if nh > px.Y {
		nw, nh = w*px.Y/h, px.Y
	}
	dst := image.NewRGBA(image.Rect(0, 0, max(nw, 1), max(nh, 1)))
	draw.BiLinear.Scale(dst, dst.Bounds(), m, b, draw.Src, nil)
	return dst
}

// scaled is m scaled to fill cells of cell pixels, its shape kept: up or
// down (sixel draws pixels as they are; kitty and iTerm2 are sent no more
// pixels than the cells show).
func scaled(m image.Image, cells, cell image.Point) image.Image {
	b := m.Bounds()
	w, h := cells.X*cell.X, cells.Y*cell.Y
	if b.Dx()*h > b.Dy()*w { // wider than the box: its width fills it
		h = max(b.Dy()*w/b.Dx(), 1)
	} else {
		w = max(b.Dx()*h/b.Dy(), 1)
	}
	if w == b.Dx() && h == b.Dy() {
		return m
	}
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.BiLinear.Scale(dst, dst.Bounds(), m, b, draw.Src, nil)
	return dst
}
