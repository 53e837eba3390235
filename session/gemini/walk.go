package gemini

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// A chat's metadata may hold its whole conversation (the older document,
// the header of one written on one line, a `$set` checkpoint): megabytes.
// Its messages are found in place, never copied: each is read on its own
// when it is applied, from where it stands in the bytes.

// span is where one message stands in the bytes walked.
type span struct{ start, end int64 }

// walked is an object's metadata and where its messages stand.
type walked struct {
	meta
	messages []span
	listed   bool  // it has a messages array (which may be empty)
	end      int64 // just past the object
}

// walk reads a JSON object: its members into the metadata, but messages,
// whose places it notes.
func walk(raw []byte) (w walked, err error) {
	dec := jsontext.NewDecoder(bytes.NewBuffer(raw), jsonline.Options)
	tok, err := dec.ReadToken()
	if err != nil {
		return w, errors.New(jsonline.Short(err))
	}
	if tok.Kind() != '{' {
		return w, fmt.Errorf("a JSON %s, not an object", jsonline.Kind(byte(tok.Kind())))
	}
	for dec.PeekKind() != '}' {
		tok, err := dec.ReadToken()
		if err != nil {
			return w, errors.New(jsonline.Short(err))
		}
		name := tok.String()
		if name == "messages" && dec.PeekKind() == '[' {
			dec.ReadToken()
			for dec.PeekKind() != ']' {
				v, err := dec.ReadValue()
				if err != nil {
					return w, errors.New(jsonline.Short(err))
				}
				end := dec.InputOffset()
				w.messages = append(w.messages, span{end - int64(len(v)), end})
			}
			dec.ReadToken()
			w.listed = true
			continue
		}
		v, err := dec.ReadValue()
		if err != nil {
			return w, errors.New(jsonline.Short(err))
		}
		if err := w.member(name, v); err != nil {
			return w, fmt.Errorf("field %q: %s", name, jsonline.Short(err))
		}
	}
	if _, err := dec.ReadToken(); err != nil {
		return w, errors.New(jsonline.Short(err))
	}
	w.end = dec.InputOffset()
	return w, nil
}

// member reads one member of the metadata; the others are not deck's.
func (w *walked) member(name string, v jsontext.Value) error {
	var to any
	switch name {
	case "sessionId":
		to = &w.SessionID
	case "projectHash":
		to = &w.ProjectHash
	case "startTime":
		to = &w.StartTime
	case "summary":
		to = &w.Summary
	case "kind":
		to = &w.Kind
	case "directories":
		to = &w.Directories
	default:
		return nil
	}
	return jsonline.Unmarshal(v, to)
}
