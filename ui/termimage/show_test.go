package termimage

import (
	"bytes"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
)

// A Show draws each picture on the alternate screen with its caption,
// the next on a key, and ends on q (or after the last), leaving the screen
// as it found it and kitty's picture freed; a picture that cannot be drawn
// says why in its caption; a name from the log is sanitised.
func TestAShowShowsEachPictureUntilAKey(t *testing.T) {
	good := stored(t, twoColours(64, 48))
	bad := storedBytes(t, []byte("junk"), "image/png", image.Pt(1, 1))
	pics := []Shown{{good, "mock\x1b]0;pwned\x07.png"}, {bad, "bad.png"}}
	for _, c := range []struct {
		keys   string
		frames int
	}{{"x", 2}, {"q", 1}, {"\x1b", 1}, {"", 1}} {
		var out bytes.Buffer
		s := NewShow(Caps{Kitty: true, Cell: image.Pt(10, 20)}, pics)
		s.SetStdin(strings.NewReader(c.keys))
		s.SetStdout(&out)
		if err := s.Run(); err != nil {
			t.Fatal(err)
		}
		o := out.String()
		if n := strings.Count(o, "\x1b[2J\x1b[H"); n != c.frames {
			t.Errorf("keys %q: %d frames, want %d", c.keys, n, c.frames)
		}
		if !strings.HasPrefix(o, "\x1b[?1049h") || !strings.HasSuffix(o, kittyForget(showID)+"\x1b[2J\x1b[?25h\x1b[?1049l") {
			t.Errorf("keys %q: the screen is not left as found: %q … %q", c.keys, o[:20], o[len(o)-40:])
		}
		if !strings.Contains(o, "a=T") || !strings.Contains(ansi.Strip(o), "mock.png · 1 of 2 · a key: next · q: back") || strings.Contains(o, "pwned") {
			t.Errorf("keys %q: the first frame is not the picture and its caption", c.keys)
		}
		if c.frames == 2 && !strings.Contains(o, "no picture: its bytes are no image deck decodes · bad.png · 2 of 2 · a key") {
			t.Errorf("keys %q: the second frame does not say why it has no picture", c.keys)
		}
	}
	if err := NewShow(Caps{}, pics).Run(); err == nil {
		t.Error("a show in a terminal that draws nothing ran")
	}
}

// o opens a copy of an image's file, named with its type's extension, its
// owner's alone, in a folder of deck's own, which Leave removes, telling
// the terminal to forget the kitty images sent for cards as well.
func TestACopyToOpenIsRemovedOnLeaving(t *testing.T) {
	r := stored(t, twoColours(8, 8))
	path, err := Copy(r, "../../etc/pass wd.png")
	if err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(path)
	if err != nil || info.Mode().Perm() != 0o600 || filepath.Ext(path) != ".png" || !strings.HasPrefix(filepath.Base(path), "passwd-") {
		t.Fatalf("copy %s: %v, %v", path, info, err)
	}
	if dir, _ := os.Stat(filepath.Dir(path)); dir.Mode().Perm() != 0o700 {
		t.Errorf("its folder is %v", dir.Mode())
	}
	want, _ := os.ReadFile(r.Path)
	if got, _ := os.ReadFile(path); !bytes.Equal(got, want) {
		t.Error("the copy differs")
	}
	if _, err := Copy(&session.ImageRead{MediaType: "image/tiff", Path: r.Path}, "x"); err == nil {
		t.Error("an image of a type deck does not name was copied")
	}
	p := ForViewer(kittyCaps, "p")
	p.Picture(r, 40, false)
	var out bytes.Buffer
	Leave(&out)
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("the copy is still there: %v", err)
	}
	if !strings.Contains(out.String(), kittyForget(firstID)) {
		t.Errorf("the terminal was not told to forget image %d: %q", firstID, out.String())
	}
}
