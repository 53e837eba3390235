package harness

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// messageSource is a message's source: who or what wrote it.
type messageSource struct {
	Kind     string `json:"kind"`
	Plugin   string `json:"plugin"`
	Provider string `json:"provider"`
	Model    string `json:"model"`
	CallID   string `json:"callId"`
}

// runtimeContextPlugin is the plugin whose user messages are the runtime
// context snapshot the harness injects before each model request.
const runtimeContextPlugin = "@deepseek-ai/dsh-system-prompt"

func (src messageSource) label() string {
	if src.Plugin != "" {
		return src.Kind + ":" + src.Plugin
	}
	return src.Kind
}

type userMessageData struct {
	Content []session.ContentBlock `json:"content"`
	Source  messageSource          `json:"source"`
}

func (d *Decoder) userMessage(r *record) (session.Outcome, error) {
	m, err := decodeAs[userMessageData](r)
	if err != nil {
		return 0, err
	}
	if sign, ok := forkSources[m.Source.Kind]; ok {
		d.recognise(sign)
	}
	role, replaces := session.RoleInjected, session.Replaced{}
	switch {
	case isReplace(r.SurfaceOp): // a compaction's summary, in place of earlier messages
		role, replaces = session.RoleSummary, d.replaces(r)
	case m.Source.Kind == "user":
		role = session.RoleHuman
	case m.Source.Kind == "plugin" && m.Source.Plugin == runtimeContextPlugin,
		m.Source.Kind == "runtime-context": // the v4 producer kind
		role = session.RoleContext
	case !knownSource(m.Source.Kind): // the kinds are open: a new one is shown as it is, never as the prompt
		role = session.RoleUnknownSource
	} // every other producer kind (skill-catalog, goal, plugin:…) is injected, never the user's
	msg := &session.UserMessage{EntryBase: d.base(r), Role: role, Source: m.Source.label(), Content: m.Content, Replaces: replaces}
	d.s.Add(msg)
	d.holdsImages(r, msg, m.Content)
	return session.AsEntry, nil
}

// packedRow applies a row's chunk events as one: they all grow the same
// block, so its text is joined once and its call presented once, instead
// of once a member (which cost the square of a long reply's length). The
// block is touched once a member all the same, as the events one by one did.
func (d *Decoder) packedRow(r *record) (session.Outcome, error) {
	events, err := expandRow(r)
	if err != nil {
		return 0, err
	}
	joined := events[0]
	var text strings.Builder
	for _, e := range events {
		if isToken(e.Chunk) {
			d.tokenAt(e.Turn, e.Step, e.Time)
		}
		text.WriteString(e.Chunk.Text)           // a text or reasoning member
		text.WriteString(e.Chunk.ArgumentsDelta) // a tool-call member
	}
	if joined.Chunk.Type == "tool-call-delta" {
		joined.Chunk.ArgumentsDelta = text.String()
	} else {
		joined.Chunk.Text = text.String()
	}
	d.applyChunk(joined, r)
	if cur := d.streams[streamKey{joined.Turn, joined.Step, jsonline.Num(joined.Chunk.Index)}]; cur != nil {
		for range events[1:] {
			d.s.Touch(cur)
		}
	}
	return session.AsMerge, nil
}

type chunkEventData struct {
	Turn  jsonline.Number `json:"turn"`
	Step  jsonline.Number `json:"step"`
	Chunk chunk           `json:"chunk"`
}

func (d *Decoder) chunkEvent(r *record) (session.Outcome, error) {
	c, err := decodeAs[chunkEventData](r)
	if err != nil {
		return 0, err
	}
	e := chunkEvent{Seq: jsonline.Num(r.Seq), Time: jsonline.Num(r.Time), Turn: jsonline.Num(c.Turn), Step: jsonline.Num(c.Step), Chunk: c.Chunk}
	if isToken(c.Chunk) {
		d.tokenAt(e.Turn, e.Step, e.Time)
	}
	switch c.Chunk.Type {
	case "usage", "finish":
		return session.AsBookkeeping, nil
	case "block-start", "text-delta", "reasoning-delta", "tool-call-delta", "block-end":
		if d.applyChunk(e, r) {
			return session.AsEntry, nil
		}
		return session.AsMerge, nil
	}
	return 0, fmt.Errorf("unknown assistant/chunk type `%s`", c.Chunk.Type)
}

// applyChunk grows the streamed block a chunk belongs to, creating it on its
// first chunk. It reports whether it created an entry.
func (d *Decoder) applyChunk(e chunkEvent, r *record) bool {
	c := e.Chunk
	key := streamKey{e.Turn, e.Step, jsonline.Num(c.Index)}
	cur, exists := d.streams[key]
	if !exists {
		cur = newStreamEntry(c)
		if cur == nil {
			return false // image or tool-result blocks stream nothing to show
		}
		b := session.Base(cur)
		*b = session.EntryBase{Seq: e.Seq, Time: e.Time, Line: d.line}
		if c, ok := cur.(*session.ToolCall); ok {
			c.Cwd = d.callCwd()
		}
		d.streams[key] = cur
		d.s.Add(cur)
	}
	switch x := cur.(type) {
	case *session.AssistantText:
		if c.Type == "block-end" && c.Block != nil {
			x.Text, x.Streaming = c.Block.Text, false
		} else {
			x.Text += c.Text
		}
	case *session.Reasoning:
		if c.Type == "block-end" && c.Block != nil {
			x.Text, x.Streaming = c.Block.Text, false
		} else {
			x.Text += c.Text
		}
	case *session.ToolCall:
		if c.Type == "block-end" && c.Block != nil {
			d.setCallID(x, c.Block.ID)
			x.Name, x.Arguments, x.Streaming = c.Block.Name, c.Block.Arguments, false
		} else if c.Type == "tool-call-delta" {
			d.setCallID(x, c.ID)
			if c.Name != "" {
				x.Name = c.Name
			}
			x.Arguments += c.ArgumentsDelta
		}
		if x.Streaming { // its arguments so far, as its card will show them
			x.Call = d.declared.Streaming(x.Name, x.Arguments)
		} else {
			x.Call = d.declared.Call(x.Name, x.Arguments)
		}
	default: // newStreamEntry makes nothing else
	}
	if exists {
		d.s.Touch(cur)
	}
	return !exists
}

// newStreamEntry makes the entry a streamed block of this kind grows into.
func newStreamEntry(c chunk) session.Entry {
	kind := c.BlockType
	switch c.Type {
	case "text-delta":
		kind = "text"
	case "reasoning-delta":
		kind = "reasoning"
	case "tool-call-delta":
		kind = "tool-call"
	case "block-end":
		if c.Block != nil {
			kind = c.Block.Type
		}
	}
	switch kind {
	case "text":
		return &session.AssistantText{Streaming: true}
	case "reasoning":
		return &session.Reasoning{Streaming: true}
	case "tool-call":
		return &session.ToolCall{Streaming: true}
	}
	return nil
}

// setCallID names a streamed call once its id is known.
func (d *Decoder) setCallID(c *session.ToolCall, id string) {
	if id == "" || c.CallID == id {
		return
	}
	d.s.SetCallID(c, id)
}

type assistantMessageData struct {
	Turn    jsonline.Number        `json:"turn"`
	Step    jsonline.Number        `json:"step"`
	Message *modelMessage          `json:"message"`
	Content []session.ContentBlock `json:"content"` // the legacy shape
	Usage   *usageData             `json:"usage"`
	Stream  messageStream          `json:"stream"` // v2 on: the chunks v0 logged on their own
}

// modelMessage is the message an assistant/message event holds.
type modelMessage struct {
	Content []session.ContentBlock `json:"content"`
	Source  messageSource          `json:"source"`
}

func (d *Decoder) assistantMessage(r *record) (session.Outcome, error) {
	m, err := decodeAs[assistantMessageData](r)
	if err != nil {
		return 0, err
	}
	content := m.Content
	if m.Message != nil {
		content = m.Message.Content
		if m.Message.Source.Model != "" {
			d.s.Provider, d.s.Model = m.Message.Source.Provider, m.Message.Source.Model
		}
	}
	d.s.CountUsage(m.Usage.tokens())
	turn, step := jsonline.Num(m.Turn), jsonline.Num(m.Step)
	d.stepMessage(turn, step, jsonline.Num(r.Time), m.Stream.firstToken, m.Usage)
	added := d.commit(turn, step, content, m.Stream.starts, r)
	if added {
		return session.AsEntry, nil
	}
	return session.AsMerge, nil
}

// commit replaces a step's streamed blocks by the blocks of its assembled
// message: a streamed block that matches (same index and kind) is finished in
// place, a block that never streamed is added, a streamed block the message
// does not hold is dropped. It reports whether it added an entry. A block
// added is stamped when its stream began, if the message says.
func (d *Decoder) commit(turn, step int64, content []session.ContentBlock, starts streamStarts, r *record) bool {
	added := false
	matched := map[session.Entry]bool{}
	for i, b := range content {
		cur := d.streams[streamKey{turn, step, int64(i)}]
		base := d.base(r)
		if at, ok := starts[int64(i)]; ok {
			base.Time = at
		}
		switch b.Type {
		case "text", "reasoning":
			if e := finishText(cur, b); e != nil {
				matched[e] = true
				d.s.Touch(e)
				continue
			}
			if b.Text == "" {
				continue
			}
			if b.Type == "text" {
				d.s.Add(&session.AssistantText{EntryBase: base, Text: b.Text})
			} else {
				d.s.Add(&session.Reasoning{EntryBase: base, Text: b.Text})
			}
			added = true
		case "tool-call":
			c, ok := cur.(*session.ToolCall)
			if !ok {
				c = d.s.Call(b.ID)
				if c != nil && (c.Result != nil && !c.Orphan || c.Unfinished) {
					c = nil // a finished call had this id, or one that will never run: this is a new one
				}
			}
			if c == nil {
				c = &session.ToolCall{EntryBase: base, CallID: b.ID, Cwd: d.callCwd()}
				d.s.Add(c)
				added = true
			} else {
				d.setCallID(c, b.ID)
				d.s.Touch(c)
			}
			matched[c] = true
			c.Streaming = false
			c.Name, c.Arguments = b.Name, b.Arguments
			c.Call = d.callView(r, c)
		}
	}
	for key, e := range d.streams {
		if key.turn != turn || key.step != step {
			continue
		}
		if !matched[e] {
			d.s.Remove(e)
		}
		delete(d.streams, key)
	}
	return added
}

// finishText ends a streamed text or reasoning entry with its final text, if
// cur is one of the right kind.
func finishText(cur session.Entry, b session.ContentBlock) session.Entry {
	switch x := cur.(type) {
	case *session.AssistantText:
		if b.Type == "text" {
			x.Text, x.Streaming = b.Text, false
			return x
		}
	case *session.Reasoning:
		if b.Type == "reasoning" {
			x.Text, x.Streaming = b.Text, false
			return x
		}
	default: // a streamed call, or no streamed block
	}
	return nil
}

// endStreams stops the blocks that ended before a message committed them
// (a cancelled step, a failed model call), those of the keys it is asked
// of: their text stays, as far as it came.
func (d *Decoder) endStreams(of func(streamKey) bool) {
	for key, e := range d.streams {
		if !of(key) {
			continue
		}
		switch x := e.(type) {
		case *session.AssistantText:
			x.Cut, x.Streaming = x.Streaming, false
		case *session.Reasoning:
			x.Cut, x.Streaming = x.Streaming, false
		case *session.ToolCall:
			x.Streaming = false
			x.Unfinished = x.Result == nil // a call its model call never finished naming never runs
		default: // only these stream
		}
		d.s.Touch(e)
		delete(d.streams, key)
	}
}
