package present

import (
	"regexp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// readImageResult is read_image's gallery, by the web client's rules
// (image-card-model.ts): an error, a result without the file its meta
// recorded (meta.path), a block other than text or image, an image whose
// attachment is not whole (an id, one of the four media types, sizes of 1
// or more), no image at all or no image envelope among the texts: the
// generic card. Otherwise the generic card titled with that file, its
// images a gallery, and under them the envelope's words.
func readImageResult(a Args, r *session.ToolResult) session.ResultView {
	path := imagePath(r.Meta)
	if r.IsError || blank(a.Str("file_path")) || path == "" {
		return nil
	}
	var images []session.ContentBlock
	var texts []string
	enveloped := false
	for _, b := range r.Content {
		switch b.Type {
		case "image":
			if !wholeImage(b.Attachment) {
				return nil
			}
			images = append(images, b)
		case "text":
			if inner, ok := imageEnvelope(b.Text); ok {
				enveloped = true
				texts = append(texts, inner)
				continue
			}
			texts = append(texts, b.Text)
		default:
			return nil // a block the gallery would hide
		}
	}
	if len(images) == 0 || !enveloped {
		return nil
	}
	return session.GenericResultView{
		Title:   "Read image " + path,
		Content: []session.ContentBlock{{Type: "text", Text: strings.Join(texts, "\n")}},
		Gallery: &session.Gallery{Path: path, Images: images},
	}
}

// imagePath is the file a read_image result recorded: meta.path, any text
// but empty (the web client asks no more of it).
func imagePath(meta any) string {
	m, ok := jsonline.AsObject(meta)
	if !ok {
		return ""
	}
	p, _ := m["path"].(string)
	return p
}

// wholeImage is an attachment the web client would draw: an id, a media
// type it reads, and sizes that are whole numbers of 1 or more (declared:
// what the card shows is read from the bytes where deck finds them).
func wholeImage(a *session.ImageAttachment) bool {
	if a == nil || a.AttachmentID == "" || a.Bytes < 1 || a.Width < 1 || a.Height < 1 {
		return false
	}
	switch a.MediaType {
	case "image/png", "image/jpeg", "image/webp", "image/gif":
		return true
	}
	return false
}

var imageEnvelopeText = regexp.MustCompile(`^<path>[^\n]*</path>\n<type>image</type>\n<content>\n((?s).*)\n</content>$`)

// imageEnvelope is what is inside read_image's envelope
// ("<path>…</path>\n<type>image</type>\n<content>\n…\n</content>").
func imageEnvelope(text string) (string, bool) {
	m := imageEnvelopeText.FindStringSubmatch(text)
	if m == nil {
		return "", false
	}
	return m[1], true
}
