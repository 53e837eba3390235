package harness

import (
	"bytes"
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The model's surface is the ordered list of messages the harness sends it:
// every event with a surfaceOp is a node; a replace node (a compaction's
// summary, a new system prompt) takes the place of the nodes it shadows.
// deck follows the list only to say what a summary replaced.

// surfaceNode is one message on the surface.
type surfaceNode struct {
	seq  int64
	turn int
}

// eventSeqs is an event's sourceEventSeqs: the earlier events it cites.
// JSONL may store a run as an inclusive [start, end] pair beside plain
// numbers (SPEC §4); deck keeps every item as a range, so a pair spanning a
// huge run costs nothing. A value that is not such a list reads as none:
// deck uses it only to word a summary, as the harness's web client drops a
// malformed list of shadowed seqs.
type eventSeqs [][2]int64

func (s *eventSeqs) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	raw, err := dec.ReadValue()
	if err != nil {
		return err
	}
	*s = parseEventSeqs(raw)
	return nil
}

func parseEventSeqs(raw []byte) eventSeqs {
	var items []jsontext.Value
	if jsonline.Unmarshal(raw, &items) != nil {
		return nil
	}
	out := make(eventSeqs, 0, len(items))
	for _, it := range items {
		var n jsonline.Number
		var pair []jsonline.Number
		switch {
		case jsonline.Unmarshal(it, &n) == nil:
			seq, ok := jsonline.Int(n)
			if !ok || seq < 0 {
				return nil
			}
			out = append(out, [2]int64{seq, seq})
		case jsonline.Unmarshal(it, &pair) == nil && len(pair) == 2:
			from, ok1 := jsonline.Int(pair[0])
			to, ok2 := jsonline.Int(pair[1])
			if !ok1 || !ok2 || from < 0 || to < from {
				return nil
			}
			out = append(out, [2]int64{from, to})
		default:
			return nil
		}
	}
	return out
}

// appendOp is the surfaceOp of nearly every message: one for them all,
// never written to, rather than a copy a line.
var appendOp = jsontext.Value(`"append"`)

// surfaceOpOf is op, read from a line that is not kept, as the record
// keeps it.
func surfaceOpOf(op jsontext.Value) jsontext.Value {
	if bytes.Equal(op, appendOp) {
		return appendOp
	}
	return op.Clone()
}

// replaceRange is a replace surfaceOp's span of seqs: {start, end} up to v2,
// {startSeq, endSeq} since v3. ok is false for anything else.
func replaceRange(op jsontext.Value) (from, to int64, ok bool) {
	var o struct {
		Op       string          `json:"op"`
		Start    jsonline.Number `json:"start"`
		End      jsonline.Number `json:"end"`
		StartSeq jsonline.Number `json:"startSeq"`
		EndSeq   jsonline.Number `json:"endSeq"`
	}
	if len(op) == 0 || op[0] != '{' || jsonline.Unmarshal(op, &o) != nil || o.Op != "replace" {
		return 0, 0, false
	}
	if o.StartSeq != "" || o.EndSeq != "" {
		o.Start, o.End = o.StartSeq, o.EndSeq
	}
	from, ok1 := jsonline.Int(o.Start)
	to, ok2 := jsonline.Int(o.End)
	return from, to, ok1 && ok2 && from <= to
}

// isReplace reports a surfaceOp {op:"replace", …}, in either spelling.
func isReplace(op jsontext.Value) bool {
	return len(op) > 0 && op[0] == '{' && opOf(op) == "replace"
}

// opOf is an object surfaceOp's op, apart: the value it is decoded into
// is on the heap, made only for the rare op that is an object (a
// million messages appended said "append", each making one for nothing).
func opOf(op jsontext.Value) string {
	var o struct {
		Op string `json:"op"`
	}
	if jsonline.Unmarshal(op, &o) != nil {
		return ""
	}
	return o.Op
}

// shadowedBy is where in the surface the nodes a replace event stands in
// for are: those it cites (the harness requires it to cite each one), or,
// when it cites none deck can read, those in its range.
func (d *Decoder) shadowedBy(r *record) []int {
	cited := r.SourceEventSeqs
	if len(cited) == 0 {
		from, to, ok := replaceRange(r.SurfaceOp)
		if !ok {
			return nil
		}
		cited = eventSeqs{{from, to}}
	}
	var at []int
	for _, span := range cited {
		for i := d.surface.from(span[0]); i < d.surface.len() && d.surface.at(i).seq <= span[1]; i++ {
			at = append(at, i)
		}
	}
	slices.Sort(at)
	return slices.Compact(at)
}

// replaces says what a replace event stands in for.
func (d *Decoder) replaces(r *record) session.Replaced {
	at := d.shadowedBy(r)
	if len(at) == 0 {
		return session.Replaced{}
	}
	return session.Replaced{Messages: len(at), FirstTurn: d.surface.at(at[0]).turn, LastTurn: d.surface.at(at[len(at)-1]).turn}
}

// surfaced puts a surface event on the surface, in place of the nodes it
// shadows. An event with no seq, or one out of order, is not followed.
func (d *Decoder) surfaced(r *record) {
	seq, ok := jsonline.Int(r.Seq)
	if n := d.surface.len(); !ok || seq < 0 || n > 0 && seq <= d.surface.at(n-1).seq {
		return
	}
	if isReplace(r.SurfaceOp) {
		d.surface = d.surface.without(d.shadowedBy(r))
	}
	d.surface.add(surfaceNode{seq, d.turn})
}
