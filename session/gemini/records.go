package gemini

import (
	"errors"
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/human"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The shapes Gemini CLI writes (packages/core/src/services/chatRecordingTypes.ts).
// Only the fields deck reads are here; a field of the wrong JSON type makes
// its record a notice.

// message is a MessageRecord: a user's prompt, the model's turn (its
// thoughts, text, tool calls and tokens), or a line the CLI showed (info,
// warning, error).
type message struct {
	ID             string           `json:"id"`
	Timestamp      string           `json:"timestamp"`
	Type           string           `json:"type"`
	Content        jsontext.Value   `json:"content"`
	DisplayContent jsontext.Value   `json:"displayContent"`
	ToolCalls      []jsontext.Value `json:"toolCalls"` // each read on its own: one that does not fit spoils no other
	Thoughts       []thought        `json:"thoughts"`
	Tokens         *tokens          `json:"tokens"`
	Model          string           `json:"model"`
}

// toolCall is a ToolCallRecord: a call, written once it completed.
type toolCall struct {
	ID            string         `json:"id"`
	Name          string         `json:"name"`
	Args          jsontext.Value `json:"args"`
	Result        jsontext.Value `json:"result"`
	Status        string         `json:"status"`
	Timestamp     string         `json:"timestamp"`
	AgentID       string         `json:"agentId"`
	DisplayName   string         `json:"displayName"`
	ResultDisplay jsontext.Value `json:"resultDisplay"`
}

// thought is a ThoughtSummary with the time it came.
type thought struct {
	Subject     string `json:"subject"`
	Description string `json:"description"`
	Timestamp   string `json:"timestamp"`
}

// tokens is a TokensSummary: the model's usage for one response.
type tokens struct {
	Input    jsonline.Number  `json:"input"`
	Output   jsonline.Number  `json:"output"`
	Cached   jsonline.Number  `json:"cached"`
	Thoughts *jsonline.Number `json:"thoughts"`
	Tool     jsonline.Number  `json:"tool"`
}

// usage is the model's usage as deck counts it: Gemini's prompt count
// holds the cached tokens, and its tool-use prompt is input too.
func (t *tokens) usage() session.TokenUsage {
	if t == nil {
		return session.TokenUsage{}
	}
	in, cached := jsonline.Num(t.Input), jsonline.Num(t.Cached)
	u := session.TokenUsage{Input: max(in-cached, 0) + jsonline.Num(t.Tool), CacheRead: cached, Output: jsonline.Num(t.Output)}
	if t.Thoughts != nil {
		u.Reasoning = jsonline.Num(*t.Thoughts)
	}
	u.Recorded = session.Recorded(true, t.Thoughts != nil)
	return u
}

// meta is the session's metadata: the header line, a `$set` record's
// object, or the legacy document's own members (walk.go reads them; its
// messages are found in place).
type meta struct {
	SessionID   *string
	ProjectHash *string
	StartTime   *string
	Summary     *string
	Kind        *string
	Directories []string
}

// part is one Part of a PartListUnion (@google/genai): text (a thought
// when marked so), inline data, a file's URI, a function's call or
// response.
type part struct {
	Text             *string        `json:"text"`
	Thought          bool           `json:"thought"`
	InlineData       *blob          `json:"inlineData"`
	FileData         *fileData      `json:"fileData"`
	FunctionCall     jsontext.Value `json:"functionCall"`
	FunctionResponse *funcResponse  `json:"functionResponse"`
}

type blob struct {
	MimeType string `json:"mimeType"`
	Data     string `json:"data"`
}

type fileData struct {
	MimeType string `json:"mimeType"`
	FileURI  string `json:"fileUri"`
}

type funcResponse struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Response jsontext.Value `json:"response"`
	Parts    []part         `json:"parts"`
}

// parts reads a PartListUnion: a string, a part, or an array of both.
func parts(raw jsontext.Value) ([]part, error) {
	if len(raw) == 0 || raw.Kind() == 'n' {
		return nil, nil
	}
	switch raw.Kind() {
	case '"':
		var s string
		if err := jsonline.Unmarshal(raw, &s); err != nil {
			return nil, err
		}
		return []part{{Text: &s}}, nil
	case '{':
		var p part
		if err := jsonline.Unmarshal(raw, &p); err != nil {
			return nil, err
		}
		return []part{p}, nil
	case '[':
		var items []jsontext.Value
		if err := jsonline.Unmarshal(raw, &items); err != nil {
			return nil, err
		}
		out := make([]part, 0, len(items))
		for _, it := range items {
			got, err := parts(it)
			if err != nil {
				return nil, err
			}
			if it.Kind() == '[' {
				return nil, errors.New("a part list nested in a part list")
			}
			out = append(out, got...)
		}
		return out, nil
	}
	return nil, fmt.Errorf("content is a JSON %s, not text or parts", jsonline.Kind(byte(raw.Kind())))
}

// blocks are the parts as content blocks: text as it is, an image or a
// file as a placeholder (never its bytes). Thoughts, function calls and
// responses are not content: thoughts are reasoning, calls and responses
// are shown on the calls.
func blocks(ps []part) []session.ContentBlock {
	var out []session.ContentBlock
	for _, p := range ps {
		switch {
		case p.Thought:
		case p.Text != nil:
			out = append(out, session.ContentBlock{Type: "text", Text: *p.Text})
		case p.InlineData != nil:
			out = append(out, media(p.InlineData.MimeType, human.Bytes(len(p.InlineData.Data)*3/4)))
		case p.FileData != nil:
			out = append(out, media(p.FileData.MimeType, p.FileData.FileURI))
		}
	}
	return out
}

// media is a placeholder for data the log holds (or names) but deck does
// not draw.
func media(mime, what string) session.ContentBlock {
	alt := strings.TrimSpace(mime + " · " + what)
	if strings.HasPrefix(mime, "image/") {
		return session.ContentBlock{Type: "image", Alt: alt}
	}
	return session.ContentBlock{Type: "text", Text: "*[" + alt + "]*"}
}

// thoughtText is the text of the parts marked as thoughts.
func thoughtText(ps []part) string {
	var out []string
	for _, p := range ps {
		if p.Thought && p.Text != nil && strings.TrimSpace(*p.Text) != "" {
			out = append(out, *p.Text)
		}
	}
	return strings.Join(out, "\n\n")
}

// onlyResponses reports parts that are all function responses: a turn
// the CLI sends the model back with its tools' results, which the calls
// show.
func onlyResponses(ps []part) bool {
	for _, p := range ps {
		if p.FunctionResponse == nil {
			return false
		}
	}
	return len(ps) > 0
}
