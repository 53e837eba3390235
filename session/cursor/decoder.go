// Package cursor reads Cursor CLI's agent transcripts into a session: a
// message a line, its role and its Anthropic-style content blocks (text,
// thinking, tool_use, tool_result), the person's words inside
// <user_query>, no times; a subagent's transcript, beside the session's,
// nested in the call that started it. Tools map onto the harness's cards
// through session/present.
package cursor

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/internal/subagentfile"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json/jsontext"
)

// Decoder reads a Cursor CLI transcript
// (~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl, or
// <id>.jsonl in older builds). docs/format.md says what becomes of each
// line.
type Decoder struct {
	s     *session.Builder
	path  string // the transcript's file, "" for a stream: subagents' files are looked for beside it
	depth int    // 0 for the transcript itself, 1 for a subagent's, …
	sub   bool   // a subagent's work read into its call
	files *present.FileLines

	turn    int
	pending []*session.ToolCall // calls with no result yet, in order
	agents  *agentFiles         // the subagents' transcripts beside this one, once looked for

	subagentfile.Queue // subagents' transcripts left to the user (Defer)
}

// New starts a decoder that fills s from the transcript at path ("" for a
// stream, whose subagents' files are then not looked for).
func New(s *session.Builder, path string) *Decoder {
	s.Format = session.FormatCursor
	if s.Agent == "" {
		s.Agent = "Cursor CLI"
	}
	if path != "" && s.Header.ID == "" {
		s.Header.ID = strings.TrimSuffix(filepath.Base(path), ".jsonl") // the transcript names no id: its file does
	}
	d := &Decoder{s: s, path: path, files: present.NewFileLines()}
	if root := ProjectRoot(path); root != "" && s.Header.Cwd == "" {
		s.Header.Cwd, d.files.Cwd = root, root
	}
	return d
}

// line is a transcript's line: a message (role and content), or a record
// the CLI writes between them (turn_ended).
type line struct {
	Role    *string `json:"role"`
	Message *struct {
		Content jsontext.Value `json:"content"`
	} `json:"message"`
	Type   string `json:"type"`
	Status string `json:"status"`
}

// block is one content block.
type block struct {
	Type      string         `json:"type"`
	Text      *string        `json:"text"`
	Thinking  *string        `json:"thinking"`
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Input     jsontext.Value `json:"input"`
	ToolUseID string         `json:"tool_use_id"`
	Content   jsontext.Value `json:"content"`
	IsError   bool           `json:"is_error"`
}

// Apply decodes one line (without its newline).
func (d *Decoder) Apply(num int, raw []byte) {
	d.s.Account.Lines++
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 {
		d.s.Tally(session.AsBookkeeping, "(blank line)")
		return
	}
	var l line
	if err := jsonline.Decode(trimmed, "a Cursor CLI transcript line", &l); err != nil {
		d.problem(num, err.Error())
		return
	}
	switch {
	case l.Role != nil && l.Message != nil:
		blocks, err := contentBlocks(l.Message.Content)
		if err != nil {
			d.problem(num, "the message's content: "+err.Error())
			return
		}
		switch *l.Role {
		case "user":
			d.s.Tally(d.user(num, blocks))
		case "assistant":
			d.s.Tally(d.assistant(num, blocks))
		default:
			d.problem(num, fmt.Sprintf("a message of a role deck does not know (%s)", *l.Role))
		}
	case l.Type == "turn_ended":
		d.turnEnded(num, l.Status)
	default:
		d.problem(num, "not a Cursor CLI transcript line: no role and message, nor a record deck knows")
	}
}

// problem says what was wrong at a line.
func (d *Decoder) problem(num int, text string) {
	d.s.Notice(num, fmt.Sprintf("line %d: %s", num, text))
}

// Finish is called once the transcript has ended.
func (d *Decoder) Finish() {}

// contentBlocks reads a message's content: its blocks, or one text.
func contentBlocks(raw jsontext.Value) ([]block, error) {
	switch raw.Kind() {
	case '[':
		var items []jsontext.Value
		if err := jsonline.Unmarshal(raw, &items); err != nil {
			return nil, jsonline.ShortErr(err)
		}
		out := make([]block, 0, len(items))
		for _, it := range items {
			var b block
			if err := jsonline.Unmarshal(it, &b); err != nil {
				return nil, fmt.Errorf("a block does not fit its shape: %s", jsonline.Short(err))
			}
			out = append(out, b)
		}
		return out, nil
	case '"':
		var s string
		if err := jsonline.Unmarshal(raw, &s); err != nil {
			return nil, jsonline.ShortErr(err)
		}
		return []block{{Type: "text", Text: &s}}, nil
	case 'n', 0:
		return nil, nil
	}
	return nil, fmt.Errorf("a JSON %s, not text or blocks", jsonline.Kind(byte(raw.Kind())))
}

// turnEnded closes the turn: the CLI writes turn_ended with its status.
func (d *Decoder) turnEnded(num int, status string) {
	reason := status
	switch status {
	case "success", "":
		reason = "completed"
	case "error":
		reason = "error"
	case "aborted", "cancelled":
		reason = "aborted"
	}
	for _, c := range d.pending {
		if !c.Unfinished {
			c.Unfinished = true
			d.s.Touch(c)
		}
	}
	d.pending = nil
	d.s.Add(&session.TurnEnd{EntryBase: base(num), Turn: d.turn, Reason: reason})
	d.s.Tally(session.AsEntry, "")
}

// base makes the common fields of an entry: the transcript records no
// times.
func base(num int) session.EntryBase { return session.EntryBase{Seq: -1, Line: num} }
