package session

import (
	"bytes"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// ContentBlock is one block of a message or tool result. The harness's union
// is open (plugins add block types), so it is a struct: the fields of the
// known types, and Raw for showing any other type as it came.
type ContentBlock struct {
	Type string `json:"type"`
	Text string `json:"text,omitempty"` // text, reasoning

	// image
	Alt        string           `json:"alt,omitempty"`
	Attachment *ImageAttachment `json:"attachment,omitempty"`
	Offloaded  bool             `json:"offloaded,omitzero"` // the model no longer sees it (image/offload)

	// tool-call
	ID        string `json:"id,omitempty"`
	Name      string `json:"name,omitempty"`
	Arguments string `json:"arguments,omitempty"`

	// tool-result
	ToolCallID string         `json:"toolCallId,omitempty"`
	Content    []ContentBlock `json:"content,omitempty"`
	IsError    bool           `json:"isError,omitzero"`

	// Raw is the block as logged, kept only for types deck does not know.
	Raw jsontext.Value `json:"-"`
}

// ImageAttachment describes an image; its bytes are never in the log.
// MediaType, Bytes, Width and Height are what the log declares.
type ImageAttachment struct {
	AttachmentID string `json:"attachmentId"`
	MediaType    string `json:"mediaType"`
	Bytes        int64  `json:"bytes"`
	Width        int    `json:"width"`
	Height       int    `json:"height"`
	Name         string `json:"name,omitempty"`

	// Read is what deck found of the image's own bytes where the harness
	// keeps them, set by a reader that looked; nil when none did (a live
	// host, another agent's log).
	Read *ImageRead `json:"-"`
}

// ImageRead is an image's header as deck decoded it from its bytes, never
// from what the log declares; Missing says why there was none to decode.
type ImageRead struct {
	MediaType     string // the format its header is: image/png, image/jpeg, image/gif, image/webp
	Width, Height int
	Bytes         int64 // the file's size
	Missing       string
	// Path is the file the bytes are in (the harness's attachment store's),
	// for what draws or opens the picture; "" when none was read.
	Path string
}

// maxBlockDepth bounds how deep blocks are read as blocks inside blocks
// (logs nest two deep: a tool result's blocks); a block deeper is kept as
// it came (Raw). A block whose type comes after its content is read twice
// at each level, once to find the type, once as its type: 5,000 levels of
// them took 6 s and 1 GB to read.
const maxBlockDepth = 8

// UnmarshalJSONFrom reads a block in one pass over its bytes: the result of
// a read carries a whole file, and a result's blocks nest. A block of a type
// deck does not know keeps its members as they came (Raw), and nothing in it
// is taken as a field: a plugin's block may use the same names for anything.
func (b *ContentBlock) UnmarshalJSONFrom(dec *jsontext.Decoder) error { return b.read(dec, 0) }

// read reads a block nested depth blocks deep.
func (b *ContentBlock) read(dec *jsontext.Decoder, depth int) error {
	if k := dec.PeekKind(); k != '{' {
		dec.SkipValue()
		return fmt.Errorf("a content block is a JSON %s, not an object", jsonline.Kind(byte(k)))
	}
	if depth > maxBlockDepth {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		*b = ContentBlock{Type: typeOf(raw), Raw: bytes.Clone(raw)}
		return nil
	}
	dec.ReadToken()
	*b = ContentBlock{}
	var members [][2][]byte // name and value of each member, kept until the type is known
	known := false          // the type was the first member and deck knows it
	for dec.PeekKind() != '}' {
		name, err := jsonline.ReadName(dec) // the decoder's bytes: no string made of a name
		if err != nil {
			return err
		}
		if known {
			if err := b.member(dec, name, depth); err != nil {
				return err
			}
			continue
		}
		name = bytes.Clone(name) // kept past the value's read
		val, err := dec.ReadValue()
		if err != nil {
			return err
		}
		if string(name) == "type" && len(members) == 0 && val.Kind() == '"' {
			b.Type = blockType(val)
			if knownBlock(b.Type) {
				known = true
				continue
			}
		}
		members = append(members, [2][]byte{name, bytes.Clone(val)})
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	if known {
		return nil
	}
	return b.fromMembers(members, depth)
}

// member reads one member of a block of a known type. Its strings and
// flag are read without json's reflection, as it reads them: a million
// small events are a million blocks.
func (b *ContentBlock) member(dec *jsontext.Decoder, name []byte, depth int) error {
	var err error
	switch string(name) {
	case "text":
		b.Text, err = jsonline.ReadString(dec) // a file, a command's output
	case "alt":
		b.Alt, err = jsonline.ReadString(dec)
	case "attachment":
		err = json.UnmarshalDecode(dec, &b.Attachment)
	case "offloaded":
		err = json.UnmarshalDecode(dec, &b.Offloaded)
	case "id":
		b.ID, err = jsonline.ReadString(dec)
	case "name":
		b.Name, err = jsonline.ReadString(dec)
	case "arguments":
		b.Arguments, err = jsonline.ReadString(dec)
	case "toolCallId":
		b.ToolCallID, err = jsonline.ReadString(dec)
	case "content":
		err = readBlocks(dec, &b.Content, depth+1)
	case "isError":
		b.IsError, err = readBool(dec)
	default:
		err = dec.SkipValue()
	}
	if err != nil {
		return fmt.Errorf("%s block: field %q: %s", b.Type, name, jsonline.Short(err))
	}
	return nil
}

// readBool reads a flag as json.UnmarshalDecode into a bool does.
func readBool(dec *jsontext.Decoder) (bool, error) {
	if k := dec.PeekKind(); k != 't' && k != 'f' {
		var v bool
		err := json.UnmarshalDecode(dec, &v)
		return v, err
	}
	tok, err := dec.ReadToken()
	return err == nil && tok.Bool(), err
}

// blockType is a block's type from its value, a string: one of the types
// deck knows is that type's one string, not a new one each block.
func blockType(val jsontext.Value) string {
	for _, t := range [...]string{"text", "tool-call", "tool-result", "reasoning", "image"} {
		if len(val) == len(t)+2 && string(val[1:len(val)-1]) == t {
			return t
		}
	}
	var t string
	jsonline.Unmarshal(val, &t)
	return t
}

// readBlocks reads an array of blocks nested depth deep into out.
func readBlocks(dec *jsontext.Decoder, out *[]ContentBlock, depth int) error {
	if dec.PeekKind() != '[' {
		return json.UnmarshalDecode(dec, out) // null, or the error json gives
	}
	dec.ReadToken()
	*out = []ContentBlock{}
	for dec.PeekKind() != ']' {
		*out = append(*out, ContentBlock{}) // read in place: a block read elsewhere is one more on the heap
		if err := (*out)[len(*out)-1].read(dec, depth); err != nil {
			return err
		}
	}
	_, err := dec.ReadToken()
	return err
}

// fromMembers makes a block from members read before its type was known:
// decoded as a known block, or kept raw. Its content is read on from
// depth, the rest as a plain block.
func (b *ContentBlock) fromMembers(members [][2][]byte, depth int) error {
	raw := object(members)
	t := typeOf(raw)
	if !knownBlock(t) {
		*b = ContentBlock{Type: t, Raw: raw}
		return nil
	}
	var content []byte // the last "content", as a name that comes twice reads
	rest := members[:0:0]
	for _, m := range members {
		if string(m[0]) == "content" {
			content = object([][2][]byte{m})
		} else {
			rest = append(rest, m)
		}
	}
	type plain ContentBlock // the same fields, without this method
	var p plain
	if err := jsonline.Unmarshal(object(rest), &p); err != nil {
		return fmt.Errorf("%s block: %s", t, jsonline.Short(err))
	}
	*b = ContentBlock(p)
	if content != nil {
		dec := jsontext.NewDecoder(bytes.NewReader(content), jsonline.Options)
		dec.ReadToken() // {
		dec.ReadToken() // "content", so errors name it
		if err := readBlocks(dec, &b.Content, depth+1); err != nil {
			return fmt.Errorf("%s block: %s", t, jsonline.Short(err))
		}
	}
	return nil
}

// object is the JSON object of members.
func object(members [][2][]byte) []byte {
	raw := []byte{'{'}
	for i, m := range members {
		if i > 0 {
			raw = append(raw, ',')
		}
		raw, _ = jsontext.AppendQuote(raw, m[0])
		raw = append(raw, ':')
		raw = append(raw, m[1]...)
	}
	return append(raw, '}')
}

// typeOf is a block's type as logged; "" when it has none, or one that is
// not a string.
func typeOf(raw []byte) string {
	var head struct {
		Type string `json:"type"`
	}
	jsonline.Unmarshal(raw, &head)
	return head.Type
}

func knownBlock(t string) bool {
	switch t {
	case "text", "reasoning", "image", "tool-call", "tool-result":
		return true
	}
	return false
}

// TextOf joins the text of the text blocks; the one text block's text is
// itself, not a copy (a prompt of megabytes is asked for its text often).
func TextOf(blocks []ContentBlock) string {
	var n, texts int
	var one string
	for _, b := range blocks {
		if b.Type == "text" {
			n += len(b.Text) + 1
			texts++
			one = b.Text
		}
	}
	if texts == 1 {
		return one
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
