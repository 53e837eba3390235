package pi

import (
	"strconv"
	"strings"
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// message is a message entry's message: its role says which fields it
// has (pi-ai's Message; the coding agent's bashExecution and custom).
type message struct {
	Role         string          `json:"role"`
	Content      jsontext.Value  `json:"content"` // a string, or blocks
	Timestamp    jsonline.Number `json:"timestamp"`
	Provider     string          `json:"provider"`
	Model        string          `json:"model"`
	Usage        *usage          `json:"usage"`
	StopReason   string          `json:"stopReason"`
	ErrorMessage string          `json:"errorMessage"`
	ToolCallID   string          `json:"toolCallId"`
	ToolName     string          `json:"toolName"`
	Details      jsontext.Value  `json:"details"`
	IsError      bool            `json:"isError"`
	// bashExecution: a command the person ran with !
	Command   string `json:"command"`
	Output    string `json:"output"`
	ExitCode  *int64 `json:"exitCode"`
	Cancelled bool   `json:"cancelled"`
	// custom (hookMessage before v3): an extension's message
	CustomType string `json:"customType"`
	Display    bool   `json:"display"`
}

type usage struct {
	Input      int64  `json:"input"`
	Output     int64  `json:"output"`
	CacheRead  *int64 `json:"cacheRead"`
	CacheWrite *int64 `json:"cacheWrite"`
}

// block is one of a message's content blocks.
type block struct {
	Type      string         `json:"type"`
	Text      string         `json:"text"`
	Thinking  string         `json:"thinking"`
	Redacted  bool           `json:"redacted"`
	ID        string         `json:"id"`
	Name      string         `json:"name"`
	Arguments jsontext.Value `json:"arguments"`
	MimeType  string         `json:"mimeType"`
}

// drawNode draws one entry of the branch drawn.
func (d *Decoder) drawNode(n *node) {
	d.draw.turnAt[n] = d.draw.turn
	if n.missing != "" {
		d.notice(0, "line "+strconv.Itoa(n.num)+": its parent entry "+strconv.Quote(n.missing)+" is not before it in the file: its branch is drawn from it")
	}
	e := n.e
	switch e.Type {
	case "message":
		d.message(n)
	case "model_change":
		d.s.Provider, d.s.Model = e.Provider, e.ModelID
		d.s.Tally(session.AsBookkeeping, e.Type)
	case "thinking_level_change", "custom", "label":
		d.s.Tally(session.AsBookkeeping, e.Type)
	case "session_info":
		if name := strings.TrimSpace(e.Name); name != "" {
			d.s.SetTitle(name)
		}
		d.s.Tally(session.AsBookkeeping, e.Type)
	case "compaction":
		d.compaction(n)
	case "branch_summary":
		d.endTurnAs("forked") // the person went back to an earlier entry
		d.put(&session.Event{EntryBase: base(n.num, millis(e.Timestamp)), Kind: "branch_summary",
			Summary: "back from another branch, which pi summarised", Body: e.Summary})
		d.s.Tally(session.AsEntry, "")
	case "custom_message":
		if text := contentText(e.Content); e.Display && len(text) > 0 {
			d.put(&session.UserMessage{EntryBase: base(n.num, millis(e.Timestamp)), Role: session.RoleInjected,
				Source: "extension " + e.CustomType, Content: text})
			d.s.Tally(session.AsEntry, "")
		} else {
			d.s.Tally(session.AsBookkeeping, "custom_message")
		}
	case "session":
		d.notice(n.num, "a second session header: only the first says whose session this is")
	default:
		d.notice(n.num, "an entry of a type deck does not know: "+strconv.Quote(e.Type))
	}
}

// compaction is the summary that stands in, for the model, for the
// messages before the entry it keeps from; pi may compact in the middle
// of a turn (its context full), which goes on.
func (d *Decoder) compaction(n *node) {
	e := n.e
	replaced := session.Replaced{}
	for _, p := range d.draw.path {
		if p == n || p.id == e.FirstKeptEntryID || e.FirstKeptEntryIndex != nil && keptFrom(p, *e.FirstKeptEntryIndex) {
			break
		}
		if p.e.Type == "message" || p.e.Type == "custom_message" || p.e.Type == "branch_summary" {
			if replaced.Messages == 0 {
				replaced.FirstTurn = d.draw.turnAt[p]
			}
			replaced.Messages++
			replaced.LastTurn = d.draw.turnAt[p]
		}
	}
	d.put(&session.UserMessage{EntryBase: base(n.num, millis(e.Timestamp)), Role: session.RoleSummary, Source: "compaction",
		Content: []session.ContentBlock{{Type: "text", Text: e.Summary}}, Replaces: replaced})
	d.s.Tally(session.AsEntry, "")
}

// keptFrom reports the entry v1's firstKeptEntryIndex names: its index
// among the file's lines, the header first.
func keptFrom(n *node, index int64) bool { return int64(n.num-1) == index }

func (d *Decoder) message(n *node) {
	var m message
	if err := jsonline.Unmarshal(n.e.Message, &m); err != nil {
		d.notice(n.num, "the message does not fit its shape: "+jsonline.Short(err))
		return
	}
	at := jsonline.Num(m.Timestamp)
	if at <= 0 {
		at = millis(n.e.Timestamp)
	}
	switch m.Role {
	case "user":
		d.user(n, &m, at)
	case "assistant":
		d.assistant(n, &m)
	case "toolResult":
		d.result(n, &m, at)
	case "bashExecution":
		d.shell(n, &m, at)
	case "custom", "hookMessage":
		if text := contentText(m.Content); m.Display && len(text) > 0 {
			d.put(&session.UserMessage{EntryBase: base(n.num, at), Role: session.RoleInjected, Source: "extension " + m.CustomType, Content: text})
			d.s.Tally(session.AsEntry, "")
		} else {
			d.s.Tally(session.AsBookkeeping, "custom message")
		}
	default:
		d.notice(n.num, "a message of a role deck does not know: "+strconv.Quote(m.Role))
	}
}

// user is a person's prompt: it opens a turn.
func (d *Decoder) user(n *node, m *message, at int64) {
	content := contentText(m.Content)
	if len(content) == 0 {
		d.s.Tally(session.AsBookkeeping, "empty prompt")
		return
	}
	d.endTurn()
	d.draw.turn++
	d.draw.turnAt[n] = d.draw.turn
	d.draw.open = true
	d.put(&session.TurnStart{EntryBase: base(n.num, at), Turn: d.draw.turn})
	d.put(&session.UserMessage{EntryBase: base(n.num, at), Role: session.RoleHuman, Content: content})
	d.s.Tally(session.AsEntry, "")
}

// assistant is one model call: its reasoning, text and calls, its tokens,
// and how it stopped. pi dates a model's message when its call began
// (message.timestamp) and when it was written whole (the entry's
// timestamp): what it sent is not dated, no time to its first token made
// up; its calls start when it was written.
func (d *Decoder) assistant(n *node, m *message) {
	d.draw.steps++
	d.draw.last = m
	if m.Model != "" {
		d.s.Provider, d.s.Model = m.Provider, m.Model
	}
	if u := m.Usage; u != nil {
		d.s.CountUsage(session.TokenUsage{Input: u.Input, Output: u.Output, CacheRead: deref(u.CacheRead), CacheWrite: deref(u.CacheWrite),
			Recorded: session.Recorded(u.CacheRead != nil || u.CacheWrite != nil, false)})
	}
	written := millis(n.e.Timestamp)
	var blocks []block
	if m.Content.Kind() == '[' {
		if err := jsonline.Unmarshal(m.Content, &blocks); err != nil {
			d.notice(n.num, "the model's message does not fit its shape: "+jsonline.Short(err))
			return
		}
	}
	drawn := false
	for _, b := range blocks {
		switch b.Type {
		case "text":
			if strings.TrimSpace(b.Text) != "" {
				d.put(&session.AssistantText{EntryBase: base(n.num, 0), Text: b.Text})
				drawn = true
			}
		case "thinking":
			if strings.TrimSpace(b.Thinking) != "" {
				d.put(&session.Reasoning{EntryBase: base(n.num, 0), Text: b.Thinking})
				drawn = true
			}
		case "toolCall":
			d.call(n, b, written)
			drawn = true
		case "image":
			d.put(&session.AssistantText{EntryBase: base(n.num, 0), Text: "[image: " + b.MimeType + "]"})
			drawn = true
		default:
			d.notice(0, "line "+strconv.Itoa(n.num)+": a block of a type deck does not know in the model's message: "+strconv.Quote(b.Type))
		}
	}
	if m.StopReason == "error" && m.ErrorMessage != "" {
		d.put(&session.Event{EntryBase: base(n.num, written), Kind: "error", Summary: firstLine(m.ErrorMessage), Body: m.ErrorMessage, Failed: true})
		drawn = true
	}
	d.draw.lastEnd = written
	if drawn {
		d.s.Tally(session.AsEntry, "")
	} else {
		d.s.Tally(session.AsBookkeeping, "empty model message")
	}
}

// shell is a command the person ran with ! (!! kept it from the model):
// a line of its own with its output, no turn.
func (d *Decoder) shell(n *node, m *message, at int64) {
	ev := &session.Event{EntryBase: base(n.num, at), Kind: "shell", Summary: "! " + strings.TrimSpace(m.Command), Body: strings.TrimRight(m.Output, "\n")}
	switch {
	case m.Cancelled:
		ev.Failed = true
		ev.Body = strings.TrimSpace(ev.Body + "\n(cancelled)")
	case m.ExitCode != nil && *m.ExitCode != 0:
		ev.Failed = true
		ev.Body = strings.TrimSpace(ev.Body + "\n(exit code " + strconv.FormatInt(*m.ExitCode, 10) + ")")
	}
	d.put(ev)
	d.s.Tally(session.AsEntry, "")
}

// endTurn ends the open turn by how its last model call stopped: a model
// that asked for tools and never answered after them was cut short.
func (d *Decoder) endTurn() { d.endTurnAs("") }

// endTurnAs ends the open turn for the reason given ("": as its last model
// call stopped).
func (d *Decoder) endTurnAs(reason string) {
	w := &d.draw
	if !w.open {
		return
	}
	w.open = false
	end := &session.TurnEnd{EntryBase: base(0, w.lastEnd), Turn: w.turn, Reason: "completed", Steps: w.steps}
	if len(w.path) > 0 {
		end.Line = w.path[len(w.path)-1].num
	}
	switch m := w.last; {
	case m == nil || m.StopReason == "toolUse":
		end.Reason = "interrupted"
	case m.StopReason == "stop" || m.StopReason == "":
	case m.StopReason == "aborted":
		end.Reason = "aborted"
	case m.StopReason == "error":
		end.Reason = "error"
	case m.StopReason == "length":
		end.Reason = "max-tokens"
	default:
		end.Reason = m.StopReason
	}
	if m := w.last; m != nil && m.StopReason == "error" {
		end.Detail = firstLine(m.ErrorMessage)
	}
	if reason != "" {
		end.Reason, end.Detail = reason, ""
	}
	w.steps, w.last, w.lastEnd = 0, nil, 0
	d.put(end)
}

// endLast ends the last turn, unless its model asked for tools and has
// not answered after them: it may be at work still.
func (d *Decoder) endLast() {
	if m := d.draw.last; d.draw.open && m != nil && m.StopReason == "toolUse" {
		return
	}
	d.endTurn()
}

// contentText is a message's content as text blocks: a string, or its
// text blocks, an image named.
func contentText(raw jsontext.Value) []session.ContentBlock {
	switch raw.Kind() {
	case '"':
		var s string
		if jsonline.Unmarshal(raw, &s) == nil && s != "" {
			return []session.ContentBlock{{Type: "text", Text: s}}
		}
	case '[':
		var blocks []block
		if jsonline.Unmarshal(raw, &blocks) != nil {
			return nil
		}
		var out []session.ContentBlock
		for _, b := range blocks {
			switch {
			case b.Type == "text" && b.Text != "":
				out = append(out, session.ContentBlock{Type: "text", Text: b.Text})
			case b.Type == "image":
				out = append(out, session.ContentBlock{Type: "text", Text: "[image: " + b.MimeType + "]"})
			}
		}
		return out
	}
	return nil
}

// promptOf is the first line of the prompt an entry holds, "" for none.
func promptOf(n *node) string {
	if n.e == nil || n.e.Type != "message" {
		return ""
	}
	var m message
	if jsonline.Unmarshal(n.e.Message, &m) != nil || m.Role != "user" {
		return ""
	}
	for _, b := range contentText(m.Content) {
		if l := firstLine(b.Text); l != "" {
			return l
		}
	}
	return ""
}

func base(num int, at int64) session.EntryBase {
	return session.EntryBase{Seq: -1, Time: at, Line: num}
}

// millis reads an ISO 8601 time as epoch ms, 0 when it is none.
func millis(s string) int64 {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return 0
	}
	return t.UnixMilli()
}

func deref(p *int64) int64 {
	if p == nil {
		return 0
	}
	return *p
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
