package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// An image the harness offloaded (image/offload) says so where it is, in
// a prompt and in a tool's result; one it did not says nothing of it.
func TestAnOffloadedImageSaysSo(t *testing.T) {
	img := func(off bool) session.ContentBlock {
		return session.ContentBlock{Type: "image", Offloaded: off, Attachment: &session.ImageAttachment{MediaType: "image/png", Bytes: 2048, Width: 4, Height: 3, Name: "a.png"}}
	}
	o := Options{Width: 120, Theme: theme.Dark()}
	for name, e := range map[string]session.Entry{
		"prompt": &session.UserMessage{Role: session.RoleHuman, Content: []session.ContentBlock{{Type: "text", Text: "see"}, img(true), img(false)}},
		"result": &session.ToolCall{Name: "read_image", Result: &session.ToolResult{}, View: session.GenericResultView{Content: []session.ContentBlock{img(true), img(false)}}},
	} {
		card := ansi.Strip(strings.Join(Render(e, o), "\n"))
		if n := strings.Count(card, "▣ a.png · image/png 4×3, 2.0 KB · offloaded: the model no longer sees it"); n != 1 {
			t.Errorf("%s: %d images say they were offloaded, want 1:\n%s", name, n, card)
		}
		if strings.Count(card, "▣ a.png") != 2 {
			t.Errorf("%s: an image is lost:\n%s", name, card)
		}
	}
}
