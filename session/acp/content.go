package acp

import (
	"encoding/base64"
	"fmt"
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// block reads an ACP content block into deck's, by its `type` read first:
// the SDK's union files a block of unknown type under text. Text stays text;
// an image is a placeholder line; a link or an embedded resource is text
// naming it; any other block is kept as it came, shown by its type.
func block(raw jsontext.Value) (session.ContentBlock, error) {
	var head struct {
		Type string `json:"type"`
	}
	if err := jsonline.Unmarshal(raw, &head); err != nil {
		return session.ContentBlock{}, fmt.Errorf("a content block that is not one: %s", jsonline.Short(err))
	}
	var err error
	switch head.Type {
	case "text":
		var b acp.ContentBlockText
		if err = jsonline.Unmarshal(raw, &b); err == nil {
			return session.ContentBlock{Type: "text", Text: b.Text}, nil
		}
	case "image":
		var b acp.ContentBlockImage
		if err = jsonline.Unmarshal(raw, &b); err == nil {
			alt := fmt.Sprintf("%s, %d bytes", b.MimeType, base64.StdEncoding.DecodedLen(len(b.Data)))
			if b.Uri != nil {
				alt = *b.Uri + " · " + alt
			}
			return session.ContentBlock{Type: "image", Alt: alt}, nil
		}
	case "audio":
		var b acp.ContentBlockAudio
		if err = jsonline.Unmarshal(raw, &b); err == nil {
			about, _ := jsonline.Marshal(map[string]any{"mimeType": b.MimeType, "bytes": base64.StdEncoding.DecodedLen(len(b.Data))})
			return session.ContentBlock{Type: "audio", Raw: about}, nil
		}
	case "resource_link":
		var b acp.ContentBlockResourceLink
		if err = jsonline.Unmarshal(raw, &b); err == nil {
			name := b.Name
			if b.Title != nil && *b.Title != "" {
				name = *b.Title
			}
			return session.ContentBlock{Type: "text", Text: fmt.Sprintf("[%s](%s)", name, b.Uri)}, nil
		}
	case "resource":
		var b acp.ContentBlockResource
		if err = jsonline.Unmarshal(raw, &b); err == nil {
			return resource(b.Resource), nil
		}
	default:
		return session.ContentBlock{Type: orElse(head.Type, "(no type)"), Raw: slices.Clone(raw)}, nil
	}
	return session.ContentBlock{}, fmt.Errorf("a %s block that does not fit its shape: %s", head.Type, jsonline.Short(err))
}

// resource is an embedded resource as text: its uri, then its text.
func resource(r acp.EmbeddedResourceResource) session.ContentBlock {
	switch {
	case r.TextResourceContents != nil:
		return session.ContentBlock{Type: "text", Text: "[" + r.TextResourceContents.Uri + "]\n" + r.TextResourceContents.Text}
	case r.BlobResourceContents != nil:
		b := r.BlobResourceContents
		return session.ContentBlock{Type: "text", Text: fmt.Sprintf("[%s] (%d bytes)", b.Uri, base64.StdEncoding.DecodedLen(len(b.Blob)))}
	}
	return session.ContentBlock{Type: "text", Text: "[resource]"}
}

// blockText is a block as Markdown text, for a reply or a thought, which
// hold text only.
func blockText(b session.ContentBlock) string {
	switch {
	case b.Type == "text":
		return b.Text
	case b.Type == "image":
		return "[image: " + b.Alt + "]"
	}
	return "[" + b.Type + ": " + string(b.Raw) + "]"
}
