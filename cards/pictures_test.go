package cards

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// fakePictures draws a picture of three rows as wide as it is let, in the
// kitty placeholder's shape, for a PNG; a note for a GIF; nothing else.
type fakePictures struct{ asked []string }

func (f *fakePictures) Picture(r *session.ImageRead, width int, plain bool) ([]string, string) {
	f.asked = append(f.asked, r.MediaType)
	switch r.MediaType {
	case "image/png":
		if plain {
			return []string{"", "", ""}, ""
		}
		row := "\x1b[38;5;42m" + strings.Repeat("\U0010EEEE\u0305\u0305", width) + "\x1b[39m"
		return []string{row, row, row}, ""
	case "image/gif":
		return nil, "p shows the picture"
	}
	return nil, ""
}

func galleryCall(images ...*session.ImageRead) *session.ToolCall {
	var blocks []session.ContentBlock
	for _, r := range images {
		blocks = append(blocks, session.ContentBlock{Type: "image", Attachment: &session.ImageAttachment{AttachmentID: "sha256:ab",
			Name: "mock.png", MediaType: "image/png", Bytes: 2048, Width: 64, Height: 48, Read: r}})
	}
	return &session.ToolCall{Name: "read_image", Result: &session.ToolResult{},
		Call: session.GenericCallView{Title: "Read image mock.png"},
		View: session.GenericResultView{Title: "Read image /w/mock.png", Content: []session.ContentBlock{{Type: "text", Text: "Image read"}},
			Gallery: &session.Gallery{Path: "/w/mock.png", Images: blocks}}}
}

// What Options.Pictures draws of an image goes under that image's row,
// indented as the body, never wider than the card; a note is a line of its
// own; an image deck found no bytes of is not asked about. Plain (search)
// has as many rows, blank, so a match is placed on the row it is drawn on,
// and ImageStarts names each image's row.
func TestAGalleryPutsEachPictureUnderItsImage(t *testing.T) {
	call := galleryCall(
		&session.ImageRead{MediaType: "image/png", Width: 64, Height: 48, Bytes: 2048, Path: "/h/a"},
		&session.ImageRead{MediaType: "image/gif", Width: 5, Height: 4, Bytes: 70, Path: "/h/b"},
		&session.ImageRead{Missing: "not in the harness's attachment store"},
		nil,
	)
	for _, w := range []int{20, 80} {
		pics := &fakePictures{}
		o := Options{Width: w, Theme: theme.Dark(), Expanded: true, Pictures: pics}
		rows := Render(call, o)
		plain := strings.Split(ansi.Strip(strings.Join(rows, "\n")), "\n")
		screen := strings.Join(plain, "\n")
		starts := ImageStarts(call, o)
		if len(starts) != 4 {
			t.Fatalf("width %d: ImageStarts %v for four images", w, starts)
		}
		for i, at := range starts {
			if at < 0 || !strings.HasPrefix(plain[at], "  ▣ mock.png") {
				t.Fatalf("width %d: image %d starts at row %d of\n%s", w, i, at, screen)
			}
		}
		var picture []int // the rows that draw
		for i, r := range plain {
			if strings.ContainsRune(r, 0x10EEEE) {
				picture = append(picture, i)
				if want := "  " + strings.Repeat("\U0010EEEE\u0305\u0305", w-2); r != want {
					t.Errorf("width %d: picture row %q, want the picture's, indented", w, r)
				}
			}
		}
		if b := starts[1]; !slices.Equal(picture, []int{b - 3, b - 2, b - 1}) {
			t.Errorf("width %d: the picture is on rows %v, want the three under the PNG's, before row %d:\n%s", w, picture, b, screen)
		}
		if note := strings.Join(plain[starts[1]:starts[2]], "\n"); !strings.Contains(note, "↳ p shows the") {
			t.Errorf("width %d: no note under the GIF:\n%s", w, note)
		}
		for i, r := range rows {
			if Width(r) > w {
				t.Errorf("width %d: row %d is %d cells wide", w, i, Width(r))
			}
		}
		if !slices.Equal(pics.asked, []string{"image/png", "image/gif", "image/png", "image/gif"}) { // Render, then ImageStarts
			t.Errorf("width %d: asked about %v, want only the two images read", w, pics.asked)
		}
		o.Plain = true
		searched := Render(call, o)
		if len(searched) != len(rows) {
			t.Fatalf("width %d: plain has %d rows, drawn %d", w, len(searched), len(rows))
		}
		for _, i := range picture {
			if strings.TrimSpace(searched[i]) != "" {
				t.Errorf("width %d: plain picture row %q, want blank", w, searched[i])
			}
		}
		o.Plain = false
		if n := CountRows(call, o, func(string) int { return 1 }, nil); n != len(rows) {
			t.Errorf("width %d: CountRows %d, Render %d", w, n, len(rows))
		}
	}
	if ImageStarts(&session.ToolCall{Name: "bash", View: session.TerminalResultView{Output: "x"}}, Options{Width: 80}) != nil {
		t.Error("a card with no gallery has image starts")
	}
}

// kitty's image placeholder, which a terminal that draws pictures fills
// with a cell of the picture its colour names, is marked in untrusted
// text, command output included: a log cannot show one of the session's
// pictures where it likes.
func TestKittysPlaceholderIsMarkedInUntrustedText(t *testing.T) {
	if got := plainText("a\U0010EEEE\u0305\u0305b"); strings.ContainsRune(got, 0x10EEEE) || !strings.Contains(got, "⟨U+10EEEE⟩") {
		t.Errorf("prose: %q", got)
	}
	out := "\x1b[38;5;17m\U0010EEEE\u0305\u0305\U0010EEEE\u0305\u030D\x1b[39m done\n"
	bash := &session.ToolCall{Name: "bash", Call: session.TerminalCallView{Title: "cat picture"}, View: session.TerminalResultView{Output: out}}
	rows := strings.Join(Render(bash, Options{Width: 60, Theme: theme.Dark(), Expanded: true}), "\n")
	if strings.ContainsRune(rows, 0x10EEEE) || !strings.Contains(ansi.Strip(rows), "⟨U+10EEEE⟩") {
		t.Errorf("command output: %q", ansi.Strip(rows))
	}
}
