package present

import (
	"testing"

	"github.com/deck-tui/deck/session"
)

// read_image's result is a gallery by the web client's rules
// (image-card-model.ts): the file its meta recorded as the title, the
// images in order, the envelope's words under them; any result the client
// would not draw so is the generic card.
func TestReadImageIsAGallery(t *testing.T) {
	const args = `{"file_path":"design/mock.png"}`
	png := session.ContentBlock{Type: "image", Attachment: &session.ImageAttachment{AttachmentID: "sha256:ab", MediaType: "image/png", Bytes: 10, Width: 4, Height: 3}}
	envelope := session.ContentBlock{Type: "text", Text: "<path>/w/design/mock.png</path>\n<type>image</type>\n<content>\nImage read: 4×3\n</content>"}
	good := func() *session.ToolResult {
		return &session.ToolResult{Content: []session.ContentBlock{envelope, png}, Meta: meta(t, `{"path":"/w/design/mock.png"}`)}
	}
	v, ok := Result("read_image", args, good()).(session.GenericResultView)
	if !ok || v.Gallery == nil || v.Gallery.Path != "/w/design/mock.png" || len(v.Gallery.Images) != 1 || v.Title != "Read image /w/design/mock.png" || v.Content[0].Text != "Image read: 4×3" {
		t.Fatalf("a good read_image: %#v", v)
	}
	bad := func(change func(r *session.ToolResult)) *session.ToolResult {
		r := good()
		change(r)
		return r
	}
	for why, r := range map[string]*session.ToolResult{
		"an error":              bad(func(r *session.ToolResult) { r.IsError = true }),
		"no meta":               bad(func(r *session.ToolResult) { r.Meta = nil }),
		"a meta path not text":  bad(func(r *session.ToolResult) { r.Meta = meta(t, `{"path":3}`) }),
		"no image":              bad(func(r *session.ToolResult) { r.Content = r.Content[:1] }),
		"no envelope":           bad(func(r *session.ToolResult) { r.Content[0].Text = "Image read" }),
		"a block of other type": bad(func(r *session.ToolResult) { r.Content = append(r.Content, session.ContentBlock{Type: "reasoning"}) }),
		"a media type it does not read": bad(func(r *session.ToolResult) {
			r.Content[1] = session.ContentBlock{Type: "image", Attachment: &session.ImageAttachment{AttachmentID: "x", MediaType: "image/svg+xml", Bytes: 1, Width: 1, Height: 1}}
		}),
		"a size of 0": bad(func(r *session.ToolResult) {
			r.Content[1] = session.ContentBlock{Type: "image", Attachment: &session.ImageAttachment{AttachmentID: "x", MediaType: "image/png", Bytes: 1, Width: 0, Height: 1}}
		}),
		"no attachment": bad(func(r *session.ToolResult) { r.Content[1] = session.ContentBlock{Type: "image"} }),
	} {
		if v, ok := Result("read_image", args, r).(session.GenericResultView); !ok || v.Gallery != nil || v.Title != "" {
			t.Errorf("%s: %#v, want the generic card", why, v)
		}
	}
}
