package cards

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/theme"
)

// read_image's card lists its images, a row each: the name, and the type,
// pixels and bytes deck read from the image itself, what the log declares
// beside them only when it differs; declared figures deck could not check
// say so. Its title names the file relative to the session's folder.
func TestAGalleryListsEachImageAsItsBytesSayIt(t *testing.T) {
	img := func(name string, read *session.ImageRead) session.ContentBlock {
		return session.ContentBlock{Type: "image", Attachment: &session.ImageAttachment{AttachmentID: "sha256:ab", Name: name,
			MediaType: "image/png", Bytes: 2048, Width: 64, Height: 48, Read: read}}
	}
	call := &session.ToolCall{Name: "read_image", Result: &session.ToolResult{},
		Call: session.GenericCallView{Title: "Read image design/mock.png", Locations: []session.FileLocation{{Path: "design/mock.png"}}},
		View: session.GenericResultView{Title: "Read image /w/design/mock.png", Content: []session.ContentBlock{{Type: "text", Text: "Image read"}},
			Gallery: &session.Gallery{Path: "/w/design/mock.png", Images: []session.ContentBlock{
				img("mock.png", &session.ImageRead{MediaType: "image/png", Width: 64, Height: 48, Bytes: 2048}),
				img("", &session.ImageRead{MediaType: "image/gif", Width: 5, Height: 4, Bytes: 70}),
				img("gone.png", &session.ImageRead{Missing: "not in the harness's attachment store"}),
				img("live.png", nil),
			}}}}
	out := ansi.Strip(strings.Join(Render(call, Options{Width: 120, Theme: theme.Dark(), Cwd: "/w"}), "\n"))
	for _, want := range []string{
		"✓ Read image design/mock.png ",
		"▣ mock.png · image/png 64×48, 2.0 KB\n",
		"▣ mock.png · image/gif 5×4, 70 B · the log declares image/png 64×48, 2.0 KB\n",
		"▣ gone.png · image/png 64×48, 2.0 KB · not verified: not in the harness's attachment store\n",
		"▣ live.png · image/png 64×48, 2.0 KB (as the log declares)\n",
		"Image read",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("want %q in\n%s", want, out)
		}
	}
}
