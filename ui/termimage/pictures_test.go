package termimage

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/ansi/sixel"

	"github.com/deck-tui/deck/cards"
	"github.com/deck-tui/deck/session"
)

// stored writes m as a PNG file, as the attachment store holds it, and
// returns its header as the harness reads it.
func stored(t *testing.T, m image.Image) *session.ImageRead {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, m); err != nil {
		t.Fatal(err)
	}
	return storedBytes(t, b.Bytes(), "image/png", m.Bounds().Size())
}

func storedBytes(t *testing.T, data []byte, media string, size image.Point) *session.ImageRead {
	t.Helper()
	path := filepath.Join(t.TempDir(), strings.Repeat("ab", 32))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return &session.ImageRead{MediaType: media, Width: size.X, Height: size.Y, Bytes: int64(len(data)), Path: path}
}

// twoColours is w×h pixels, red above blue.
func twoColours(w, h int) image.Image {
	m := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			c := color.RGBA{255, 0, 0, 255}
			if y >= h/2 {
				c = color.RGBA{0, 0, 255, 255}
			}
			m.Set(x, y, c)
		}
	}
	return m
}

var kittyCaps = Caps{Kitty: true, Terminal: "kitty(0.35.2)", Cell: image.Pt(10, 20)}

// cellsOf reads back a row of placeholders: the image id its colour names,
// and each cell's row and column.
func cellsOf(t *testing.T, row string) (id int, at []image.Point) {
	t.Helper()
	m := regexp.MustCompile(`^\x1b\[38;5;(\d+)m(.*)\x1b\[39m$`).FindStringSubmatch(row)
	if m == nil {
		t.Fatalf("not a row of placeholders: %q", row)
	}
	id, _ = strconv.Atoi(m[1])
	index := map[rune]int{}
	for i := range maxCells {
		index[kitty.Diacritic(i)] = i
	}
	rs := []rune(m[2])
	for i := 0; i+2 < len(rs)+1; i += 3 {
		if rs[i] != kitty.Placeholder {
			t.Fatalf("cell %d is %q", i/3, rs[i])
		}
		at = append(at, image.Pt(index[rs[i+2]], index[rs[i+1]]))
	}
	return id, at
}

// In a terminal that draws kitty's placeholders, a picture is rows of
// them in the card: never wider than it is let, nor taller than 20 rows,
// its shape kept (cells twice as tall as wide), never larger than the
// picture; each cell names its row and column, and every width measure
// deck and lipgloss know counts a placeholder as one cell.
func TestPlaceholderRowsFitTheCard(t *testing.T) {
	for _, size := range []image.Point{{64, 48}, {1440, 900}, {300, 3000}, {4000, 10}, {1, 1}} {
		r := stored(t, image.NewRGBA(image.Rectangle{Max: size}))
		for _, w := range []int{1, 2, 7, 40, 78, 118, 300, 1000} {
			p := ForViewer(kittyCaps, "p")
			rows, note := p.Picture(r, w, false)
			if note != "" || len(rows) == 0 {
				t.Fatalf("%v at %d: no rows (%q)", size, w, note)
			}
			cells := box(size, w, maxRows, kittyCaps.Cell, false)
			if len(rows) != cells.Y || len(rows) > maxRows || cells.X > w || cells.X > maxCells {
				t.Errorf("%v at %d: %d rows of %v", size, w, len(rows), cells)
			}
			if cells.X*kittyCaps.Cell.X > size.X+kittyCaps.Cell.X-1 && cells.X > 1 {
				t.Errorf("%v at %d: %d columns enlarge it", size, w, cells.X)
			}
			// its shape: the rows the columns take, within a row's rounding
			if want := float64(cells.X*10) * float64(size.Y) / float64(size.X) / 20; cells.Y < maxRows && cells.Y > 1 && (float64(cells.Y) < want-1 || float64(cells.Y) > want+1) {
				t.Errorf("%v at %d: %v cells, want about %.1f rows", size, w, cells, want)
			}
			for y, row := range rows {
				if cards.Width(row) != cells.X || lipgloss.Width(row) != cells.X || ansi.StringWidth(row) != cells.X {
					t.Errorf("%v at %d: row %d measures %d, %d, %d, not %d", size, w, y, cards.Width(row), lipgloss.Width(row), ansi.StringWidth(row), cells.X)
				}
				id, at := cellsOf(t, row)
				if id != firstID || len(at) != cells.X {
					t.Fatalf("%v at %d: row %d names image %d in %d cells", size, w, y, id, len(at))
				}
				for x, a := range at {
					if a != image.Pt(x, y) {
						t.Fatalf("%v at %d: cell %d of row %d names %v", size, w, x, y, a)
					}
				}
			}
			plain, _ := p.Picture(r, w, true)
			if len(plain) != len(rows) || strings.Join(plain, "") != "" {
				t.Errorf("%v at %d: plain %q for %d rows", size, w, plain, len(rows))
			}
		}
	}
}

// kittyCommands are the graphics commands in out: each one's keys and its
// payload.
func kittyCommands(t *testing.T, out string) (keys []string, payloads []string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`\x1b_G([^;\x1b]*)(?:;([^\x1b]*))?\x1b\\`).FindAllStringSubmatch(out, -1) {
		keys, payloads = append(keys, m[1]), append(payloads, m[2])
	}
	if strings.Count(out, "\x1b_G") != len(keys) || len(strings.Join(regexp.MustCompile(`\x1b_G[^\x1b]*\x1b\\`).Split(out, -1), "")) != 0 {
		t.Fatalf("out is not only graphics commands: %q", out)
	}
	return keys, payloads
}

// The viewer's terminal is sent each picture once, whole, under an id of
// its own, then placed at the card's size (placement 1, so a new size
// replaces it): nothing again for the same size, only a placement for a
// new one, nothing for a search's plain rows.
func TestAPictureIsSentOnceAndPlacedAtTheCardsSize(t *testing.T) {
	p := ForViewer(kittyCaps, "p")
	a, b := stored(t, twoColours(64, 48)), stored(t, twoColours(30, 90))
	p.Picture(a, 78, true)
	if out := p.Output(); out != "" {
		t.Fatalf("plain rows sent %q", out)
	}
	p.Picture(a, 78, false)
	keys, payloads := kittyCommands(t, p.Output())
	if len(keys) < 2 || !strings.Contains(keys[0], "f=100") || !strings.Contains(keys[0], "i=16") || !strings.Contains(keys[0], "q=2") ||
		strings.Contains(keys[0], "a=") || keys[len(keys)-1] != "q=2,i=16,p=1,U=1,c=7,r=3,a=p" {
		t.Fatalf("sent %q", keys)
	}
	data, err := base64.StdEncoding.DecodeString(strings.Join(payloads[:len(payloads)-1], ""))
	if err != nil {
		t.Fatal(err)
	}
	for _, pl := range payloads {
		if len(pl) > kitty.MaxChunkSize {
			t.Errorf("a chunk of %d bytes", len(pl))
		}
	}
	if m, err := png.Decode(bytes.NewReader(data)); err != nil || m.Bounds().Size() != image.Pt(64, 48) || !sameColour(m.At(5, 5), color.RGBA{255, 0, 0, 255}) {
		t.Fatalf("what was sent is no such PNG: %v", err)
	}
	p.Picture(a, 78, false)
	if out := p.Output(); out != "" {
		t.Errorf("the same size again sent %q", out)
	}
	p.Picture(a, 4, false)
	if keys, _ := kittyCommands(t, p.Output()); len(keys) != 1 || keys[0] != "q=2,i=16,p=1,U=1,c=4,r=2,a=p" {
		t.Errorf("a new size sent %q", keys)
	}
	rows, _ := p.Picture(b, 78, false)
	if id, _ := cellsOf(t, rows[0]); id != 17 {
		t.Errorf("the second picture is image %d", id)
	}
	keys, _ = kittyCommands(t, p.Output())
	if !strings.Contains(keys[0], "i=17") {
		t.Errorf("the second picture sent %q", keys)
	}
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	near := func(x, y uint32) bool { return x>>8+8 >= y>>8 && y>>8+8 >= x>>8 }
	return near(r1, r2) && near(g1, g2) && near(b1, b2)
}

// Drawn at the cursor: sixel decodes back to the picture at the cells'
// pixels; iTerm2's is an inline file of that many cells holding a PNG of
// the picture; kitty's is sent and put in those cells.
func TestThePicturesAtTheCursorHoldTheImage(t *testing.T) {
	m := twoColours(40, 40)
	cell := image.Pt(10, 20)
	cells := image.Pt(4, 2) // 40×40 pixels
	seq, err := atCursor(Sixel, m, cells, cell, 0)
	if err != nil {
		t.Fatal(err)
	}
	body, ok := strings.CutPrefix(seq, "\x1bP0;1q")
	if !ok || !strings.HasSuffix(body, "\x1b\\") {
		t.Fatalf("no sixel sequence: %q", seq[:min(len(seq), 20)])
	}
	back, err := (&sixel.Decoder{}).Decode(strings.NewReader(strings.TrimSuffix(body, "\x1b\\")))
	if err != nil {
		t.Fatal(err)
	}
	if back.Bounds().Size() != image.Pt(40, 40) || !sameColour(back.At(3, 3), color.RGBA{255, 0, 0, 255}) || !sameColour(back.At(30, 35), color.RGBA{0, 0, 255, 255}) {
		t.Errorf("sixel decodes to %v, %v at the top, %v at the foot", back.Bounds(), back.At(3, 3), back.At(30, 35))
	}
	seq, err = atCursor(ITerm2, twoColours(400, 400), cells, cell, 0)
	if err != nil {
		t.Fatal(err)
	}
	f := regexp.MustCompile(`^\x1b\]1337;File=size=(\d+);width=4;height=2;inline=1:([A-Za-z0-9+/=]+)\a$`).FindStringSubmatch(seq)
	if f == nil {
		t.Fatalf("no iTerm2 file: %q", seq[:min(len(seq), 60)])
	}
	data, _ := base64.StdEncoding.DecodeString(f[2])
	if n, _ := strconv.Atoi(f[1]); n != len(data) {
		t.Errorf("size=%s for %d bytes", f[1], len(data))
	}
	if pm, err := png.Decode(bytes.NewReader(data)); err != nil || pm.Bounds().Size() != image.Pt(40, 40) {
		t.Errorf("iTerm2's file: %v (sent at most the cells' pixels)", err)
	}
	seq, _ = atCursor(Kitty, m, cells, cell, showID)
	if keys, _ := kittyCommands(t, seq); !strings.HasPrefix(keys[0], "f=100,q=2,i=1,") || !strings.Contains(keys[0], "c=4,r=2,a=T") {
		t.Errorf("kitty: %q", keys)
	}
}

// Untrusted bytes get a note, never a panic: bytes that are no image, an
// image cut short (the WebP header the client-cards fixture holds), a
// header that says more pixels than deck decodes (refused before they are
// decoded: a 20,000 × 20,000 PNG header makes deck allocate no 1.6 GB).
func TestAnImageThatDoesNotDecodeIsANote(t *testing.T) {
	webp, err := os.ReadFile("../../golden/testdata/client-cards/attachments/v1/objects/48/484e6ef9dfd11e339109c547bad84c95a14a0ba523b31262784be08d02aabf82")
	if err != nil {
		t.Fatal(err)
	}
	var whole bytes.Buffer
	png.Encode(&whole, twoColours(64, 48))
	huge := hugeHeader(20000, 20000)
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"no image", []byte("not an image"), "no picture: its bytes are no image deck decodes"},
		{"a WebP header alone", webp, "no picture: its bytes are cut short or broken: they do not decode"},
		{"a PNG cut short", whole.Bytes()[:whole.Len()/2], "no picture: its bytes are cut short or broken: they do not decode"},
		{"a huge header", huge, "no picture: its header says 20000×20000, over 50 megapixels: not decoded"},
	} {
		r := storedBytes(t, c.data, "image/png", image.Pt(64, 48))
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		for _, p := range []*Pictures{ForViewer(kittyCaps, "p"), ForViewer(Caps{Sixel: true}, "p"), ForPrinting(Caps{Sixel: true})} {
			for _, plain := range []bool{false, true} {
				rows, note := p.Picture(r, 80, plain)
				if rows != nil || note != c.want {
					t.Errorf("%s: %q, %q", c.name, rows, note)
				}
			}
			if p.Output() != "" {
				t.Errorf("%s: something was sent", c.name)
			}
		}
		runtime.ReadMemStats(&after)
		if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
			t.Errorf("%s: %d MB allocated", c.name, grew>>20)
		}
	}
	gone := &session.ImageRead{MediaType: "image/png", Width: 1, Height: 1, Path: filepath.Join(t.TempDir(), "gone")}
	if _, note := ForViewer(kittyCaps, "p").Picture(gone, 80, false); note != "no picture: its file could not be read again" {
		t.Errorf("a file gone since: %q", note)
	}
}

// hugeHeader is a PNG that says it is w×h and holds no pixels.
func hugeHeader(w, h int) []byte {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	data := b.Bytes()
	// IHDR's width and height follow the signature (8), the length (4)
	// and the type (4); its CRC, of its type and data, follows them.
	for i, v := range []int{w, h} {
		binary.BigEndian.PutUint32(data[16+4*i:], uint32(v))
	}
	binary.BigEndian.PutUint32(data[29:], crc32.ChecksumIEEE(data[12:29]))
	return data
}

// In terminals that draw pictures only at the cursor the viewer's rows say
// which key shows one, and under tmux why none is drawn; deck render
// prints the picture itself, as the one row under the image's.
func TestOtherTerminalsGetANoteOrThePicturePrinted(t *testing.T) {
	r := stored(t, twoColours(64, 48))
	if _, note := ForViewer(Caps{Sixel: true}, "p").Picture(r, 80, false); note != "p shows it full screen (sixel)" {
		t.Errorf("sixel in the viewer: %q", note)
	}
	if _, note := ForViewer(Caps{Terminal: "iTerm2 3.5.0"}, "p").Picture(r, 80, false); note != "p shows it full screen (iTerm2's inline images)" {
		t.Errorf("iTerm2 in the viewer: %q", note)
	}
	tmux := Caps{Terminal: "tmux 3.4"}
	for _, p := range []*Pictures{ForViewer(tmux, "p"), ForPrinting(tmux)} {
		if _, note := p.Picture(r, 80, false); !strings.Contains(note, "no picture inside tmux") || !strings.Contains(note, "allow-passthrough") {
			t.Errorf("tmux: %q", note)
		}
	}
	rows, note := ForPrinting(Caps{Sixel: true, Cell: image.Pt(10, 20)}).Picture(r, 80, false)
	if note != "" || len(rows) != 1 || !strings.HasPrefix(rows[0], "\x1bP0;1q\"1;1;70;52") || cards.Width(rows[0]) != 0 {
		t.Errorf("render's sixel row: %q", rows)
	}
}
