package harness

import (
	"errors"
	"unsafe"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
	"github.com/tidwall/gjson"
)

// Reading a line is the costly part of reading a log, and most of its bytes
// are one event's data (a read's file, a command's output). So a line is
// read in one pass where it can be: the data is found without decoding it,
// the small envelope around it is decoded on its own, and the data is
// decoded once, straight into the shape its handler wants. That work needs
// no session state, so the Reader runs it for many lines at once (prepare).
// Any line this path cannot read goes the slow way (parseRecord), whose
// messages name the problem.

// wireShapes are the event data decoded ahead of their handlers: the events
// that carry the most bytes.
var wireShapes = map[string]func() any{
	"tool/call":         func() any { return new(toolCallData) },
	"tool/result":       func() any { return new(toolResultData) },
	"user/message":      func() any { return new(userMessageData) },
	"steering/message":  func() any { return new(userMessageData) },
	"assistant/message": func() any { return new(assistantMessageData) },
	"assistant/chunk":   func() any { return new(chunkEventData) },
	"text-chunks":       func() any { return new(chunkRow) },
	"reasoning-chunks":  func() any { return new(chunkRow) },
	"tool-call-chunks":  func() any { return new(chunkRow) },
}

// readRecord reads one line: the fast path when it can, else parseRecord.
func readRecord(line []byte) (*record, error) {
	if r, ok := fastRecord(line); ok {
		return r, nil
	}
	return parseRecord(line)
}

// fastRecord reads a well-formed event line in one pass over its data. ok
// is false for anything else (the header, a broken line), which the slow
// path then reads.
func fastRecord(line []byte) (*record, bool) {
	if len(line) < 2 || line[0] != '{' {
		return nil, false
	}
	data := gjson.Get(unsafe.String(&line[0], len(line)), "data")
	if !data.Exists() || data.Index <= 0 || data.Index+len(data.Raw) > len(line) {
		return nil, false
	}
	start, end := data.Index, data.Index+len(data.Raw)
	// the envelope without its data, decoded (and checked) the usual way
	envelope := make([]byte, 0, len(line)-(end-start)+1)
	envelope = append(append(append(envelope, line[:start]...), '0'), line[end:]...)
	var r record
	if jsonline.Unmarshal(envelope, &r) != nil || r.Type == "" || r.Type == "session" {
		return nil, false
	}
	r.Data = line[start:end:end]
	if shape := wireShapes[r.Type]; shape != nil {
		v := shape()
		err := jsonline.Unmarshal(r.Data, v)
		var syntax *jsontext.SyntacticError
		if errors.As(err, &syntax) {
			return nil, false // not JSON: the slow path says where
		}
		r.pre, r.preErr = v, err
	} else if !jsonline.Valid(r.Data) {
		return nil, false
	}
	return &r, true
}

// decodeAs reads an event's data as a T: what the fast path decoded, or the
// data decoded now.
func decodeAs[T any](r *record) (*T, error) {
	if v, ok := r.pre.(*T); ok {
		if r.preErr != nil {
			return nil, shapeError(r, r.preErr)
		}
		return v, nil
	}
	v := new(T)
	return v, decode(r, v)
}
