package session

import "encoding/json"

// ContentBlock is one block of a message or tool result. The harness's union
// is open (plugins add block types), so it is a struct: the fields of the
// known types, and Raw for showing any other type as it came.
type ContentBlock struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"` // text, reasoning

	// image
	Alt        string           `json:"alt,omitempty"`
	Attachment *ImageAttachment `json:"attachment,omitempty"`

	// tool-call
	ID        string `json:"id,omitempty"`
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`

	// tool-result
	ToolCallID string         `json:"toolCallId,omitempty"`
	Content    []ContentBlock `json:"content,omitempty"`
	IsError    bool           `json:"isError,omitempty"`

	// Raw is the block as logged, kept only for types deck does not know.
	Raw json.RawMessage `json:"-"`
}

// ImageAttachment describes an image; its bytes are never in the log.
type ImageAttachment struct {
	AttachmentID string `json:"attachmentId"`
	MediaType    string `json:"mediaType"`
	Bytes        int64  `json:"bytes"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	Name         string `json:"name,omitempty"`
}

// UnmarshalJSON keeps the raw bytes of a block of unknown type, and tolerates
// fields of the wrong type in it.
func (b *ContentBlock) UnmarshalJSON(data []byte) error {
	type plain ContentBlock
	var p plain
	err := json.Unmarshal(data, &p)
	if err != nil {
		var head struct {
			Type string `json:"type"`
		}
		if json.Unmarshal(data, &head) != nil {
			return err
		}
		p = plain{Type: head.Type}
		if knownBlock(head.Type) {
			return err
		}
	}
	*b = ContentBlock(p)
	if !knownBlock(p.Type) {
		b.Raw = append(json.RawMessage(nil), data...)
	}
	return nil
}

func knownBlock(t string) bool {
	switch t {
	case "text", "reasoning", "image", "tool-call", "tool-result":
		return true
	}
	return false
}

// TextOf joins the text of the text blocks.
func TextOf(blocks []ContentBlock) string {
	var n int
	for _, b := range blocks {
		if b.Type == "text" {
			n += len(b.Text) + 1
		}
	}
	out := make([]byte, 0, n)
	for _, b := range blocks {
		if b.Type != "text" {
			continue
		}
		if len(out) > 0 {
			out = append(out, '\n')
		}
		out = append(out, b.Text...)
	}
	return string(out)
}
