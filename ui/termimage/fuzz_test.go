package termimage

import (
	"bytes"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/deck-tui/deck/cards"
)

// FuzzDecode: any bytes, as an image file of the attachment store, decode
// to a picture or to an error, never a panic; a picture decoded fits its
// box, and every protocol encodes it.
func FuzzDecode(f *testing.F) {
	files, _ := filepath.Glob("../../golden/testdata/*/attachments/v1/objects/*/*")
	for _, file := range files {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data, uint8(80))
		}
	}
	m := twoColours(9, 7)
	for _, enc := range []func(*bytes.Buffer) error{
		func(b *bytes.Buffer) error { return png.Encode(b, m) },
		func(b *bytes.Buffer) error { return gif.Encode(b, m, nil) },
		func(b *bytes.Buffer) error { return jpeg.Encode(b, m, nil) },
	} {
		var b bytes.Buffer
		if enc(&b) == nil {
			f.Add(b.Bytes(), uint8(3))
		}
	}
	f.Add(hugeHeader(5000, 5000), uint8(40))
	f.Fuzz(func(t *testing.T, data []byte, w uint8) {
		m, err := decode(data, 1<<20) // a megapixel: the fuzzer's runs stay quick
		if err != nil {
			if m != nil {
				t.Fatal("an image and an error")
			}
			return
		}
		width, cell := int(w)%120+1, image.Pt(8, 16)
		cells := box(m.Bounds().Size(), width, maxRows, cell, false)
		if cells.X < 1 || cells.Y < 1 || cells.X > width || cells.Y > maxRows {
			t.Fatalf("%v in %d columns: %v cells", m.Bounds(), width, cells)
		}
		for _, row := range placeholders(firstID, cells) {
			if cards.Width(row) != cells.X {
				t.Fatalf("a row of %d cells measures %d", cells.X, cards.Width(row))
			}
		}
		for _, p := range []Protocol{Kitty, ITerm2, Sixel} {
			if seq, err := atCursor(p, m, cells, cell, 0); err != nil || seq == "" {
				t.Fatalf("%v does not encode: %v", p, err)
			}
		}
	})
}
