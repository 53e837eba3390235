package harness

import (
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

// asChunk is the v0 chunk a stream record stands for, and when it came; ok
// is false for a record that streams nothing to show (usage, finish).
func (rec attemptRecord) asChunk() (c chunk, at int64, ok bool) {
	switch rec.Type {
	case "chunk":
		switch rec.Chunk.Type {
		case "block-start", "text-delta", "reasoning-delta", "tool-call-delta", "block-end":
			return rec.Chunk, jsonline.Num(rec.Time), true
		}
	case "text-chunks":
		return chunk{Type: "text-delta", Index: rec.Index, Text: strings.Join(rec.Texts, "")}, jsonline.Num(rec.Time0), true
	case "reasoning-chunks":
		return chunk{Type: "reasoning-delta", Index: rec.Index, Text: strings.Join(rec.Texts, "")}, jsonline.Num(rec.Time0), true
	case "tool-call-chunks":
		return chunk{Type: "tool-call-delta", Index: rec.Index, ID: rec.ID, Name: rec.Name, ArgumentsDelta: strings.Join(rec.Args, "")}, jsonline.Num(rec.Time0), true
	}
	return chunk{}, 0, false
}

// attempt draws what the call streamed, cut off where it stopped, then a
// line with the error it failed on. A cancelled call that streamed
// something needs no line: its blocks say they were cut off, as in v0.
func (d *Decoder) attempt(r *record) (session.Outcome, error) {
	a, err := decodeAs[attemptData](r)
	if err != nil {
		return 0, err
	}
	turn, step := jsonline.Num(a.Turn), jsonline.Num(a.Step)
	drew := false
	var failure *llmFailure
	for _, raw := range a.Stream {
		var rec attemptRecord
		if jsonline.Unmarshal(raw, &rec) != nil {
			continue // a record that does not fit streams nothing; the rest still does
		}
		if f := rec.failure(); f != nil {
			failure = f
		}
		c, at, ok := rec.asChunk()
		if !ok {
			continue
		}
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

// failure is the error a finish chunk ended the stream on, if it did.
func (rec attemptRecord) failure() *llmFailure {
	if rec.Type != "chunk" || rec.Chunk.Type != "finish" {
		return nil
	}
	var reason struct {
		Kind    string     `json:"kind"`
		Failure llmFailure `json:"failure"`
	}
	if jsonline.Unmarshal(rec.Chunk.Reason, &reason) != nil || reason.Kind != "error" {
		return nil
	}
	return &reason.Failure
}
