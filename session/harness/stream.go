package harness

import (
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

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
// message.
func (s *streamStarts) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
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
		if *s == nil {
			*s = streamStarts{}
		}
		if _, seen := (*s)[i]; !seen {
			(*s)[i] = t
		}
	}
	_, err := dec.ReadToken()
	return err
}
