package claude

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// message is a record's `message`: the API message it holds.
type message struct {
	ID      string         `json:"id"`
	Model   string         `json:"model"`
	Content jsontext.Value `json:"content"`
	Usage   *usage         `json:"usage"`
}

type usage struct {
	Input       jsonline.Number `json:"input_tokens"`
	Output      jsonline.Number `json:"output_tokens"`
	CacheRead   jsonline.Number `json:"cache_read_input_tokens"`
	CacheCreate jsonline.Number `json:"cache_creation_input_tokens"`
}

func (u *usage) tokens() session.TokenUsage {
	return session.TokenUsage{Input: jsonline.Num(u.Input), Output: jsonline.Num(u.Output), CacheRead: jsonline.Num(u.CacheRead), CacheWrite: jsonline.Num(u.CacheCreate),
		Recorded: session.Recorded(u.CacheRead+u.CacheCreate != "", false)} // Claude Code counts no reasoning tokens
}

// block is one block of a message's content, of any type.
type block struct {
	Type      string         `json:"type"`
	Text      string         `json:"text"`
	Thinking  string         `json:"thinking"`
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Input     jsontext.Value `json:"input"`
	ToolUseID string         `json:"tool_use_id"`
	Content   jsontext.Value `json:"content"` // a tool_result's: a string or blocks
	IsError   bool           `json:"is_error"`
	Source    *struct {
		MediaType string `json:"media_type"`
		Data      string `json:"data"`
	} `json:"source"`

	raw jsontext.Value
}

// messageOf reads a record's message and its content blocks; a string
// content is one text block.
func messageOf(r *record) (*message, []block, error) {
	var m message
	if len(r.Message) == 0 || string(r.Message) == "null" {
		return nil, nil, fmt.Errorf("`%s` record has no message", r.Type)
	}
	if err := jsonline.Unmarshal(r.Message, &m); err != nil {
		return nil, nil, fmt.Errorf("`%s` record's message does not fit its shape: %s", r.Type, jsonline.Short(err))
	}
	blocks, err := blocks(m.Content)
	if err != nil {
		return nil, nil, fmt.Errorf("`%s` record's content does not fit its shape: %s", r.Type, jsonline.Short(err))
	}
	return &m, blocks, nil
}

// blocks reads content that is a string (one text block), a list of
// blocks, or absent.
func blocks(raw jsontext.Value) ([]block, error) {
	t := strings.TrimSpace(string(raw))
	if t == "" || t == "null" {
		return nil, nil
	}
	if t[0] == '"' {
		var s string
		if err := jsonline.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []block{{Type: "text", Text: s}}, nil
	}
	var list []jsontext.Value
	if err := jsonline.Unmarshal(raw, &list); err != nil {
		return nil, err
	}
	out := make([]block, 0, len(list))
	for _, item := range list {
		var b block
		if err := jsonline.Unmarshal(item, &b); err != nil {
			return nil, err
		}
		b.raw = item
		out = append(out, b)
	}
	return out, nil
}

// content turns blocks into the session's content blocks: text and
// images as themselves (an image by its type and size: its bytes are not
// kept), any other type kept raw.
func content(blocks []block) []session.ContentBlock {
	out := make([]session.ContentBlock, 0, len(blocks))
	for _, b := range blocks {
		switch b.Type {
		case "text":
			out = append(out, session.ContentBlock{Type: "text", Text: b.Text})
		case "image":
			c := session.ContentBlock{Type: "image"}
			if b.Source != nil {
				c.Attachment = &session.ImageAttachment{MediaType: b.Source.MediaType, Bytes: int64(len(b.Source.Data)) * 3 / 4}
			}
			out = append(out, c)
		default:
			out = append(out, session.ContentBlock{Type: b.Type, Raw: b.raw})
		}
	}
	return out
}

// textOf is the text of blocks, as one string.
func textOf(blocks []block) string {
	return session.TextOf(content(blocks))
}

// tagged returns the text inside the first <tag>…</tag> of s.
func tagged(s, tag string) (string, bool) {
	open, end := "<"+tag+">", "</"+tag+">"
	i := strings.Index(s, open)
	if i < 0 {
		return "", false
	}
	rest := s[i+len(open):]
	j := strings.Index(rest, end)
	if j < 0 {
		return "", false
	}
	return rest[:j], true
}

// stripReminders cuts the <system-reminder> blocks Claude Code appends
// to tool results: its notes to the model, not the tool's output. Only
// blocks at the very end go, so a file that mentions the tag reads intact.
func stripReminders(s string) string {
	const open, end = "<system-reminder>", "</system-reminder>"
	for {
		t := strings.TrimRight(s, " \t\n")
		if !strings.HasSuffix(t, end) {
			return s
		}
		i := strings.LastIndex(t, open)
		if i < 0 || (i > 0 && t[i-1] != '\n') {
			return s
		}
		s = strings.TrimRight(t[:i], " \t\n")
	}
}
