package harness

import (
	"cmp"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// attemptData is an assistant/attempt (v2 on): a model call that produced
// no message (failed, retried or cancelled), with the stream it got as far
// as. v0 logged that stream as assistant/chunk events; it is replayed the
// same way, so a reply cut short reads as it did in v0.
type attemptData struct {
	Turn        jsonline.Number  `json:"turn"`
	Step        jsonline.Number  `json:"step"`
	Interrupted bool             `json:"interrupted"`
	Stream      []jsontext.Value `json:"stream"`
}

// attemptRecord is one record of an embedded stream (SPEC §5): a raw chunk,
// or a packed run of one block's deltas.
type attemptRecord struct {
	Type  string          `json:"type"`
	Time  jsonline.Number `json:"time"`
	Time0 jsonline.Number `json:"time0"`
	Index jsonline.Number `json:"index"`
	Chunk chunk           `json:"chunk"`
	Texts []string        `json:"texts"`
	ID    string          `json:"id"`
	Name  string          `json:"name"`
	Args  []string        `json:"args"`
}

// attemptBlock is one block of an attempt's stream, its records joined: a
// long stream is applied once a block, not once a record.
type attemptBlock struct {
	index    jsonline.Number
	kind     string // text, reasoning, tool-call
	at       int64  // its first record's time
	text     strings.Builder
	id, name string
	final    *session.ContentBlock // block-end's whole block, when it ended
}

// asChunk is the one v0 chunk the block stands for: its whole text so far,
// or its final block.
func (b *attemptBlock) asChunk() (chunk, bool) {
	if b.final != nil {
		return chunk{Type: "block-end", Index: b.index, Block: b.final}, true
	}
	switch b.kind {
	case "text":
		return chunk{Type: "text-delta", Index: b.index, Text: b.text.String()}, true
	case "reasoning":
		return chunk{Type: "reasoning-delta", Index: b.index, Text: b.text.String()}, true
	case "tool-call":
		return chunk{Type: "tool-call-delta", Index: b.index, ID: b.id, Name: b.name, ArgumentsDelta: b.text.String()}, true
	}
	return chunk{}, false // an image or tool-result block streams nothing to show
}

// attemptStream joins an attempt's records by block, in the order the
// blocks began, and finds the error the stream ended on.
func attemptStream(records []jsontext.Value) (blocks []*attemptBlock, failure *llmFailure) {
	byIndex := map[int64]*attemptBlock{}
	var ignored attemptBlock // what a record of another kind than its block's writes to
	// block is the block a record of this kind at index grows. As v0's
	// chunks did, an index's first kind that streams text holds it: a
	// record of another kind at that index streams nothing.
	block := func(index jsonline.Number, kind string, at int64) *attemptBlock {
		i := jsonline.Num(index)
		b := byIndex[i]
		if b == nil {
			b = &attemptBlock{index: index, at: at}
			byIndex[i] = b
			blocks = append(blocks, b)
		}
		if !streamsText(b.kind) {
			b.kind = kind
		}
		if b.kind != kind {
			ignored = attemptBlock{}
			return &ignored
		}
		return b
	}
	for _, raw := range records {
		var rec attemptRecord
		if jsonline.Unmarshal(raw, &rec) != nil {
			continue // a record that does not fit streams nothing; the rest still does
		}
		c := rec.Chunk
		switch rec.Type {
		case "chunk":
			at := jsonline.Num(rec.Time)
			switch c.Type {
			case "block-start":
				block(c.Index, c.BlockType, at)
			case "text-delta":
				block(c.Index, "text", at).text.WriteString(c.Text)
			case "reasoning-delta":
				block(c.Index, "reasoning", at).text.WriteString(c.Text)
			case "tool-call-delta":
				b := block(c.Index, "tool-call", at)
				b.id, b.name = cmp.Or(c.ID, b.id), cmp.Or(c.Name, b.name)
				b.text.WriteString(c.ArgumentsDelta)
			case "block-end":
				if c.Block != nil {
					if b := block(c.Index, c.Block.Type, at); b != &ignored {
						b.final = c.Block
					}
				}
			case "finish":
				if f := finishFailure(c.Reason); f != nil {
					failure = f
				}
			}
		case "text-chunks", "reasoning-chunks":
			kind := strings.TrimSuffix(rec.Type, "-chunks")
			block(rec.Index, kind, jsonline.Num(rec.Time0)).text.WriteString(strings.Join(rec.Texts, ""))
		case "tool-call-chunks":
			b := block(rec.Index, "tool-call", jsonline.Num(rec.Time0))
			b.id, b.name = cmp.Or(rec.ID, b.id), cmp.Or(rec.Name, b.name)
			b.text.WriteString(strings.Join(rec.Args, ""))
		}
	}
	return blocks, failure
}

// streamsText is whether a block of this kind streams something to show.
func streamsText(kind string) bool {
	return kind == "text" || kind == "reasoning" || kind == "tool-call"
}

// attempt draws what the call streamed, cut off where it stopped, then a
// line with the error it failed on; a call that streamed something and did
// not fail needs no line: its blocks say they were cut off. A live host
// sends the same stream as assistant/chunk events first: blocks already
// drawn take the attempt's text in place of theirs, never twice. A call
// the attempt had begun will never run: it gets no result, and a retry's
// call of the same id is a card of its own.
func (d *Decoder) attempt(r *record) (session.Outcome, error) {
	a, err := decodeAs[attemptData](r)
	if err != nil {
		return 0, err
	}
	turn, step := jsonline.Num(a.Turn), jsonline.Num(a.Step)
	d.tokenAt(turn, step, streamFirstToken(a.Stream))
	blocks, failure := attemptStream(a.Stream)
	drew := d.takeOverChunks(turn, step, blocks) // whether this call's blocks are on screen
	for _, b := range blocks {
		c, ok := b.asChunk()
		if !ok {
			continue
		}
		at := b.at
		if at <= 0 {
			at = jsonline.Num(r.Time)
		}
		if d.applyChunk(chunkEvent{Seq: jsonline.Num(r.Seq), Time: at, Turn: turn, Step: step, Chunk: c}, r) {
			drew = true
		}
	}
	d.endStreams(func(k streamKey) bool { return k.turn == turn && k.step == step })
	var line string
	switch {
	case failure != nil:
		line = "model call failed: " + failure.String()
	case drew:
		return session.AsEntry, nil // its blocks say where it stopped
	case a.Interrupted:
		line = "model call cancelled before it streamed anything"
	default:
		line = "model call ended without a message"
	}
	d.s.Add(&session.Event{EntryBase: d.base(r), Kind: r.Type, Summary: line, Failed: failure != nil})
	return session.AsEntry, nil
}

// takeOverChunks readies what a live host's chunks drew of this call for
// its attempt's blocks: each block drawn is emptied, to take the attempt's
// whole text in its place. Chunks that disagree with the attempt (a block
// of another kind, one it does not hold) are put away, all the step's,
// for the attempt's blocks to be drawn as a fresh read of the log draws
// them. It reports whether any block the chunks drew stays.
func (d *Decoder) takeOverChunks(turn, step int64, blocks []*attemptBlock) (kept bool) {
	drawn := map[streamKey]session.Entry{}
	for key, e := range d.streams {
		if key.turn == turn && key.step == step {
			drawn[key] = e
		}
	}
	held := map[streamKey]string{}
	for _, b := range blocks {
		if _, ok := b.asChunk(); ok {
			held[streamKey{turn, step, jsonline.Num(b.index)}] = b.kind
		}
	}
	agree := true
	for key, e := range drawn {
		if kind, ok := held[key]; !ok || streamKind(e) != kind {
			agree = false
		}
	}
	for key, e := range drawn {
		if !agree {
			d.s.Remove(e)
			delete(d.streams, key)
			continue
		}
		clearStream(e)
	}
	return agree && len(drawn) > 0
}

// streamKind is the block kind a streamed entry is of.
func streamKind(e session.Entry) string {
	switch e.(type) {
	case *session.AssistantText:
		return "text"
	case *session.Reasoning:
		return "reasoning"
	case *session.ToolCall:
		return "tool-call"
	default: // only these stream
		return ""
	}
}

// clearStream empties a streamed block, for the attempt's whole block to
// come, as a fresh read of the log would make it.
func clearStream(e session.Entry) {
	switch x := e.(type) {
	case *session.AssistantText:
		x.Text, x.Streaming = "", true
	case *session.Reasoning:
		x.Text, x.Streaming = "", true
	case *session.ToolCall:
		x.Arguments, x.Streaming = "", true
	default: // only these stream
	}
}

// finishFailure is the error a finish chunk's reason names, read leniently
// (a code that is a number is still a code); nil when it ended otherwise.
func finishFailure(reason jsontext.Value) *llmFailure {
	v, err := jsonline.Any(reason)
	m, ok := jsonline.AsObject(v)
	if err != nil || !ok || jsonline.Str(m, "kind") != "error" {
		return nil
	}
	f, _ := jsonline.AsObject(m["failure"])
	failure := &llmFailure{Message: jsonline.Str(f, "message"), Code: jsonline.Str(f, "code")}
	if failure.Message == "" {
		failure.Message = "no reason given"
	}
	return failure
}
