package harness

import (
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// messageStream is what deck reads of a v2+ message's embedded stream:
// when each block began, and when its first token came.
type messageStream struct {
	starts     streamStarts
	firstToken int64 // 0 when the stream holds no token
}

// streamStarts is when each block of a v2+ message began to stream: the
// time of the first record of its index in the message's embedded stream
// (SPEC §5: a chunk's time, a packed run's time0). v0 stamped a block's
// entry with its first chunk; v2+ folds those chunks into the message, so
// the times are taken from there to draw the same entries.
type streamStarts map[int64]int64

// streamRecord is what deck reads of one stream record: its index and time.
type streamRecord struct {
	Type  string          `json:"type"`
	Time  jsonline.Number `json:"time"`
	Time0 jsonline.Number `json:"time0"`
	Index jsonline.Number `json:"index"`
	Chunk struct {
		Index jsonline.Number `json:"index"`
	} `json:"chunk"`
}

// UnmarshalJSONFrom reads the stream leniently: the message's content is
// what deck shows, so a stream that is not a list, or a record that does
// not fit, gives no time (the message's own is used) and never fails the
// message. Records are read whole only until the first token is found.
func (s *messageStream) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	if dec.PeekKind() != '[' {
		return dec.SkipValue()
	}
	if _, err := dec.ReadToken(); err != nil {
		return err
	}
	for dec.PeekKind() != ']' {
		raw, err := dec.ReadValue()
		if err != nil {
			return err
		}
		if s.firstToken == 0 {
			var tr tokenRecord
			if jsonline.Unmarshal(raw, &tr) == nil {
				s.firstToken = tr.firstToken()
			}
		}
		var rec streamRecord
		if jsonline.Unmarshal(raw, &rec) != nil {
			continue
		}
		index, at := rec.Index, rec.Time0
		if rec.Type == "chunk" {
			index, at = rec.Chunk.Index, rec.Time
		}
		i, ok1 := jsonline.Int(index)
		t, ok2 := jsonline.Int(at)
		if !ok1 || !ok2 || t <= 0 {
			continue // usage and finish chunks have no index
		}
		if s.starts == nil {
			s.starts = streamStarts{}
		}
		if _, seen := s.starts[i]; !seen {
			s.starts[i] = t
		}
	}
	_, err := dec.ReadToken()
	return err
}

// tokenRecord is a stream record as far as its first token goes: a raw
// chunk, or a packed run of one block's deltas (SPEC §5).
type tokenRecord struct {
	Type  string            `json:"type"`
	Time  jsonline.Number   `json:"time"`
	Time0 jsonline.Number   `json:"time0"`
	Dt    []jsonline.Number `json:"dt"`
	Texts []string          `json:"texts"`
	Args  []string          `json:"args"`
	Name  *string           `json:"name"`
	Chunk chunk             `json:"chunk"`
}

// firstToken is when the record's first token came, 0 when it holds
// none: a chunk that is a token (isToken), else the first member of a
// packed run with text or arguments, or its first member when the run
// names its call (the web client's rule: a call's name is its first token).
func (r tokenRecord) firstToken() int64 {
	if r.Type == "chunk" {
		if isToken(r.Chunk) {
			return positive(jsonline.Num(r.Time))
		}
		return 0
	}
	members := r.Texts
	switch r.Type {
	case "text-chunks", "reasoning-chunks":
	case "tool-call-chunks":
		if r.Name != nil {
			return positive(jsonline.Num(r.Time0))
		}
		members = r.Args
	default:
		return 0
	}
	at := jsonline.Num(r.Time0)
	for k, m := range members {
		if k > 0 && k-1 < len(r.Dt) {
			at += jsonline.Num(r.Dt[k-1])
		}
		if m != "" {
			return positive(at)
		}
	}
	return 0
}

// streamFirstToken is when the first token of an attempt's stream came; 0
// when none did.
func streamFirstToken(records []jsontext.Value) int64 {
	for _, raw := range records {
		var tr tokenRecord
		if jsonline.Unmarshal(raw, &tr) != nil {
			continue
		}
		if at := tr.firstToken(); at > 0 {
			return at
		}
	}
	return 0
}

// isToken reports a chunk that brings a token: a text or reasoning delta
// with text, a call's delta with arguments or with the call's name.
func isToken(c chunk) bool {
	switch c.Type {
	case "text-delta", "reasoning-delta":
		return c.Text != ""
	case "tool-call-delta":
		return c.ArgumentsDelta != "" || c.Name != ""
	}
	return false
}

// positive is a time, or 0 (none) for one that is not after the epoch.
func positive(at int64) int64 { return max(at, 0) }
