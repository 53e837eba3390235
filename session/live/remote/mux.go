package remote

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Open is the message that opens a logical stream on the mux: the endpoint
// and its arguments by name.
func Open(streamID, endpoint string, args any) ([]byte, error) {
	return encode(struct {
		Type     string  `json:"type"`
		StreamID string  `json:"streamId"`
		Endpoint string  `json:"endpoint"`
		Payload  payload `json:"payload"`
	}{"open", streamID, endpoint, payload{Args: args}})
}

// Cancel is the message that closes a logical stream deck opened.
func Cancel(streamID string) []byte {
	b, _ := encode(struct {
		Type     string `json:"type"`
		StreamID string `json:"streamId"`
	}{"cancel", streamID})
	return b
}

// The kinds of frame the host sends on the mux.
const (
	Item  = "item"  // one value of a stream
	Error = "error" // the stream failed, and is over
	End   = "end"   // the stream is over
)

// Frame is one message of the mux from the host: Kind Item, Error or End
// for stream StreamID. An Item's Value may be absent (nil).
type Frame struct {
	Kind     string
	StreamID string
	Value    jsontext.Value
	Failure  *Failure
}

// ReadFrame reads one message of the mux. A message of a kind deck does
// not know comes back with that Kind and no error: the caller counts it.
func ReadFrame(data []byte) (Frame, error) {
	var f struct {
		Type     jsontext.Value `json:"type"`
		StreamID jsontext.Value `json:"streamId"`
		Value    jsontext.Value `json:"value"`
		Error    *Failure       `json:"error"`
	}
	if err := jsonline.Decode(data, "a frame", &f); err != nil {
		return Frame{}, fmt.Errorf("a message that is %v", err)
	}
	out := Frame{Kind: text(f.Type), StreamID: text(f.StreamID), Value: f.Value}
	if len(out.Value) == 0 {
		out.Value = nil
	}
	switch out.Kind {
	case Item, End:
	case Error:
		if f.Error == nil || f.Error.Code == "" {
			return Frame{}, errors.New("an error frame without an error code")
		}
		out.Failure = f.Error
	default:
		if out.Kind == "" {
			out.Kind = Untyped
		}
		return out, nil
	}
	if out.StreamID == "" {
		return Frame{}, fmt.Errorf("an %s frame without a streamId", out.Kind)
	}
	return out, nil
}

// Untyped is what a message with no type is counted as.
const Untyped = "(no type)"

// text is a JSON string's text; "" for anything else.
func text(v jsontext.Value) string {
	var s string
	if v.Kind() != '"' || jsonline.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}
