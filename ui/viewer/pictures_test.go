package viewer

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	uv "github.com/charmbracelet/ultraviolet"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/ansi/kitty"
	"github.com/charmbracelet/x/vt"

	"github.com/deck-tui/deck/ui/termimage"
)

// clientCards holds a read_image call whose gallery has a PNG in the
// attachment store, the header of a WebP alone, and an image not there.
var clientCards = filepath.Join(testdata, "client-cards", "sessions", "--work-app--", "client-cards", "session.v4.jsonl")

// answer sends the viewer a terminal's answers to its query, as Bubble Tea
// brings them.
func (x *term) answer(msgs ...tea.Msg) {
	for _, m := range msgs {
		x.tm.Send(m)
	}
}

// toGallery puts the read_image card on screen, focused.
func (x *term) toGallery() string {
	x.t.Helper()
	x.keys("/")
	x.typeText("mock@2x")
	x.keys("enter")
	return x.waitFor("▣ mock.png · image/png 64×48")
}

// kittySays is what kitty 0.35 answers: its graphics query OK, its name,
// a cell of 10×20 pixels, its device attributes.
var kittySays = []tea.Msg{
	uv.KittyGraphicsEvent{Options: kitty.Options{ID: 31}, Payload: []byte("OK")},
	tea.TerminalVersionMsg{Name: "kitty(0.35.2)"},
	uv.CellSizeEvent{Width: 10, Height: 20},
	uv.PrimaryDeviceAttributesEvent{62},
}

// Until the terminal answers, a gallery holds no picture; once kitty says
// it draws its placeholders, the PNG's picture is rows of them under its
// row (the image sent to the terminal once, then placed), the WebP
// header's row says why it has none, and the missing image gets nothing.
func TestAKittyTerminalShowsTheGallerysPictures(t *testing.T) {
	x := start(t, Options{Path: clientCards, Follow: new(false)}, 100, 40)
	var mu sync.Mutex
	var commands []string
	x.Emulator(func(emu *vt.Emulator) {
		emu.RegisterApcHandler(func(data []byte) bool {
			mu.Lock()
			commands = append(commands, string(data))
			mu.Unlock()
			return true
		})
	})
	screen := x.toGallery()
	if strings.ContainsRune(screen, kitty.Placeholder) || strings.Contains(screen, "no picture") {
		t.Fatalf("a picture before the terminal said it draws one:\n%s", screen)
	}
	x.answer(kittySays...)
	screen = x.waitUntil("the PNG's picture", func(s string) bool { return strings.ContainsRune(s, kitty.Placeholder) })
	rows := strings.Split(screen, "\n")
	png := -1
	for i, r := range rows {
		if strings.Contains(r, "▣ mock.png · image/png 64×48") {
			png = i
		}
	}
	for i := 1; i <= 3; i++ { // 64×48 pixels in cells of 10×20: 7 columns, 3 rows
		if n := strings.Count(rows[png+i], string(kitty.Placeholder)); n != 7 {
			t.Errorf("row %d under the PNG's has %d placeholders:\n%s", i, n, screen)
		}
	}
	if strings.ContainsRune(rows[png+4], kitty.Placeholder) || !strings.Contains(rows[png+4], "▣ mock@2x.png") {
		t.Errorf("the picture is not 3 rows:\n%s", screen)
	}
	x.waitFor("↳ no picture: its bytes are cut short or broken")
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		got := strings.Join(commands, "\n")
		mu.Unlock()
		if strings.Contains(got, "Gf=100,q=2,i=16") && strings.Contains(got, "Gq=2,i=16,p=1,U=1,c=7,r=3,a=p") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the terminal was not sent the picture and its placement: %.300q", got)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// a search that matches every character marks none of the picture's
	// cells: their colour is the image's id
	x.keys("/")
	x.typeText(`\.`)
	x.keys("enter")
	x.waitUntil("a match", matchRE.MatchString)
	x.Emulator(func(emu *vt.Emulator) {
		cells := 0
		for y := range 40 {
			for c := range 100 {
				cell := emu.CellAt(c, y)
				if cell == nil || !strings.HasPrefix(cell.Content, string(kitty.Placeholder)) {
					continue
				}
				cells++
				if cell.Style.Fg != ansi.IndexedColor(16) || cell.Style.Bg != nil {
					t.Fatalf("a picture's cell at %d,%d is coloured %v on %v", c, y, cell.Style.Fg, cell.Style.Bg)
				}
			}
		}
		if cells != 21 {
			t.Errorf("%d of the picture's 21 cells on screen", cells)
		}
	})
	x.quit()
}

// In a terminal that draws only at its cursor (sixel here), each image's
// row says p shows it; p shows the pictures full screen, from the one on
// screen, and the cards come back after; under tmux the rows say why
// there is none; a terminal that answers nothing else draws none.
func TestOtherTerminalsShowThePicturesFullScreen(t *testing.T) {
	x := start(t, Options{Path: clientCards, Follow: new(false)}, 100, 40)
	var mu sync.Mutex
	sixels := 0
	x.Emulator(func(emu *vt.Emulator) {
		emu.RegisterDcsHandler('q', func(params ansi.Params, data []byte) bool {
			mu.Lock()
			sixels++
			mu.Unlock()
			return true
		})
	})
	x.toGallery()
	x.answer(uv.PrimaryDeviceAttributesEvent{62, 4})
	x.waitFor("↳ p shows it full screen (sixel)")
	x.keys("p")
	x.waitFor("▣ mock.png · image/png 64×48") // back, at a key (the test's input has none)
	deadline := time.Now().Add(5 * time.Second)
	for {
		mu.Lock()
		n := sixels
		mu.Unlock()
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("p drew no sixel")
		}
		time.Sleep(10 * time.Millisecond)
	}
	x.quit()

	x = start(t, Options{Path: clientCards, Follow: new(false)}, 100, 40)
	x.toGallery()
	x.answer(tea.TerminalVersionMsg{Name: "tmux 3.4"}, uv.PrimaryDeviceAttributesEvent{1, 2})
	x.waitFor("↳ no picture inside tmux")
	x.keys("p")
	x.waitFor("this terminal draws no pictures")
	x.quit()

	x = start(t, Options{Path: clientCards, Follow: new(false)}, 100, 40)
	x.toGallery()
	x.answer(uv.PrimaryDeviceAttributesEvent{65, 1, 9})
	x.keys("p")
	if s := x.waitFor("this terminal draws no pictures"); strings.Contains(s, "↳") {
		t.Errorf("a note in a terminal that draws nothing:\n%s", s)
	}
	x.quit()
}

// o on a gallery opens the image on screen with the system's program for
// images: a copy of its file named with its type's extension, its owner's
// alone, the store's file never.
func TestOOpensTheImageWithTheSystemsProgram(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "opened")
	opener := "xdg-open"
	if _, err := os.Stat("/System/Library"); err == nil {
		opener = "open"
	}
	if err := os.WriteFile(filepath.Join(dir, opener), []byte("#!/bin/sh\necho \"$@\" > "+record+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir+string(os.PathListSeparator)+os.Getenv("PATH"))
	x := start(t, Options{Path: clientCards, Follow: new(false)}, 100, 40)
	x.toGallery()
	x.keys("o")
	deadline := time.Now().Add(5 * time.Second)
	var opened string
	for {
		got, _ := os.ReadFile(record)
		if opened = strings.TrimSpace(string(got)); opened != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("nothing was opened")
		}
		time.Sleep(10 * time.Millisecond)
	}
	x.waitFor("▣ mock.png · image/png 64×48")
	x.quit()
	want, _ := os.ReadFile(filepath.Join(testdata, "client-cards", "attachments", "v1", "objects", "be", "be15fa82b29bc001929353c5376474c2b1ae1da5e1cbbf200eb2233f432246a5"))
	got, err := os.ReadFile(opened)
	info, _ := os.Stat(opened)
	if err != nil || string(got) != string(want) || filepath.Ext(opened) != ".png" || info.Mode().Perm() != 0o600 || strings.Contains(opened, "attachments") {
		t.Errorf("opened %q (%v, %v): not a copy of the PNG named .png, its owner's alone", opened, info.Mode(), err)
	}
	termimage.Leave(&strings.Builder{})
	if _, err := os.Stat(opened); !os.IsNotExist(err) {
		t.Errorf("the copy outlives Leave: %v", err)
	}
}
