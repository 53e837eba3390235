package grokbuild

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// record is one line of a chat history: a ConversationItem (format 1,
// tagged by type) or a chat message (format 0, tagged by role). Every
// field either may hold is here; each kind reads its own.
type record struct {
	Type string `json:"type"`
	Role string `json:"role"`

	Content            jsontext.Value `json:"content"` // a string, or an array of parts
	SyntheticReason    string         `json:"synthetic_reason"`
	PriorTurnInterrupt string         `json:"prior_turn_interrupt"`
	PromptIndex        jsontext.Value `json:"prompt_index"`

	ToolCalls []jsontext.Value `json:"tool_calls"`
	ModelID   jsontext.Value   `json:"model_id"`

	ToolCallID string           `json:"tool_call_id"`
	Images     []jsontext.Value `json:"images"`

	Kind jsontext.Value `json:"kind"` // backend_tool_call

	// reasoning (format 1), and the older places it was kept
	Summary          []textPart     `json:"summary"`
	EncryptedContent *string        `json:"encrypted_content"`
	Reasoning        jsontext.Value `json:"reasoning"`         // on an older assistant item: {text, encrypted}
	ReasoningContent *string        `json:"reasoning_content"` // format 0
}

// textPart is a part with text: a summary's, a reasoning's content, a
// message's.
type textPart struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// record applies one line and says where it went.
func (d *Decoder) record(num int, line []byte) (session.Outcome, string, error) {
	var r record
	if err := jsonline.Decode(line, "a Grok Build record", &r); err != nil {
		return 0, "", err
	}
	switch {
	case r.Type != "":
		return d.item(num, &r)
	case r.Role != "":
		return d.message(num, &r)
	}
	return 0, "", errors.New("not a Grok Build record: it has no type (nor a role, as the older chat history's lines have)")
}

// item applies a ConversationItem.
func (d *Decoder) item(num int, r *record) (session.Outcome, string, error) {
	switch r.Type {
	case "system":
		return d.system(num, r.Content)
	case "user":
		return d.user(num, r)
	case "assistant":
		return d.assistant(num, r)
	case "reasoning":
		return d.reasoning(num, r)
	case "tool_result":
		return d.result(num, r.ToolCallID, r.Content, r.Images)
	case "backend_tool_call":
		return d.backend(num, r.Kind)
	}
	return 0, "", fmt.Errorf("a Grok Build record of type %q, which deck does not know", r.Type)
}

// message applies a line of the older chat history (format 0), which
// Grok Build still reads: an OpenAI-style chat message.
func (d *Decoder) message(num int, r *record) (session.Outcome, string, error) {
	switch r.Role {
	case "system":
		return d.system(num, r.Content)
	case "user":
		return d.user(num, r)
	case "assistant":
		return d.assistant(num, r)
	case "tool":
		return d.result(num, r.ToolCallID, r.Content, nil)
	}
	return 0, "", fmt.Errorf("a chat message of role %q, which deck does not know", r.Role)
}

// system is the system prompt; a later one replaces it.
func (d *Decoder) system(num int, raw jsontext.Value) (session.Outcome, string, error) {
	content, err := parts(raw)
	if err != nil {
		return 0, "", fmt.Errorf("`system` record: %w", err)
	}
	role := session.RoleSystemPrompt
	if d.systems > 0 {
		role = session.RoleSystemPromptUpdate
	}
	d.systems++
	d.s.Add(&session.UserMessage{EntryBase: base(num), Role: role, Content: content})
	return session.AsEntry, "", nil
}

// text is a record's text content: a string, or its text parts joined.
func text(raw jsontext.Value) (string, error) {
	content, err := parts(raw)
	if err != nil {
		return "", err
	}
	var out []string
	for _, b := range content {
		if b.Type == "text" {
			out = append(out, b.Text)
		}
	}
	return strings.Join(out, "\n"), nil
}

// part is a part of a message's content: text, or an image by URL
// (format 1's {type: image, url}, format 0's {type: image_url,
// image_url: {url}}).
type part struct {
	Type     string  `json:"type"`
	Text     *string `json:"text"`
	URL      string  `json:"url"`
	ImageURL *struct {
		URL string `json:"url"`
	} `json:"image_url"`
}

// parts reads content: a string, an array of parts, or nothing (null).
func parts(raw jsontext.Value) ([]session.ContentBlock, error) {
	switch raw.Kind() {
	case 0, 'n':
		return nil, nil
	case '"':
		var s string
		jsonline.Unmarshal(raw, &s)
		return []session.ContentBlock{{Type: "text", Text: s}}, nil
	case '[':
	default:
		return nil, fmt.Errorf("its content is a JSON %s, not text or a list of parts", jsonline.Kind(byte(raw.Kind())))
	}
	var ps []part
	if err := jsonline.Unmarshal(raw, &ps); err != nil {
		return nil, fmt.Errorf("its content does not fit its shape: %s", jsonline.Short(err))
	}
	out := make([]session.ContentBlock, 0, len(ps))
	for _, p := range ps {
		out = append(out, p.block())
	}
	return out, nil
}

// block is a part as a content block.
func (p part) block() session.ContentBlock {
	switch {
	case p.Text != nil:
		return session.ContentBlock{Type: "text", Text: *p.Text}
	case p.Type == "image":
		return image(p.URL)
	case p.ImageURL != nil:
		return image(p.ImageURL.URL)
	}
	return session.ContentBlock{Type: "text", Text: "*[a part of type " + p.Type + "]*"}
}

// image is an image a message held: its bytes are never drawn, its kind
// and size (or where it is) are said.
func image(url string) session.ContentBlock {
	if rest, ok := strings.CutPrefix(url, "data:"); ok {
		mime, data, _ := strings.Cut(rest, ",")
		mime = strings.TrimSuffix(mime, ";base64")
		alt := mime
		if n := len(data) * 3 / 4; n > 0 {
			alt += " · " + human.Bytes(n)
		}
		return session.ContentBlock{Type: "image", Alt: alt}
	}
	return session.ContentBlock{Type: "image", Alt: url}
}
