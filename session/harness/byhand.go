package harness

import (
	"errors"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// The busiest events' data (a model's message, a call, its result, a
// prompt) are decoded here member by member, without json's reflection,
// which was most of reading a log of many small events. Each decodes what
// json.UnmarshalDecode into a fresh shape decodes, or fails: then the line
// is walked again the reflective way, which decodes it or says why not
// (FuzzByHandIsReflection holds the two to the same values). What is rare
// is left to reflection: a member's value of an unexpected kind, a name
// given twice (json merges the two). Members of other types (a stream, an
// error, a result's meta) are decoded by json, as the whole would be.

// errUnusual is data the hand decoders leave to reflection.
var errUnusual = errors.New("data left to json's reflection")

// byHand decodes the data of the hottest events from dec.
type byHand struct {
	dec     *jsontext.Decoder
	strings *jsonline.Strings
	block   session.ContentBlock // the block being read
}

// byHandShapes are the events byHand decodes, and how.
var byHandShapes = map[string]func(h *byHand) (any, error){
	"tool/call":         func(h *byHand) (any, error) { v := new(toolCallData); return v, h.toolCall(v) },
	"tool/result":       func(h *byHand) (any, error) { v := new(toolResultData); return v, h.toolResult(v) },
	"user/message":      func(h *byHand) (any, error) { v := new(userMessageData); return v, h.userMessage(v) },
	"steering/message":  func(h *byHand) (any, error) { v := new(userMessageData); return v, h.userMessage(v) },
	"assistant/message": func(h *byHand) (any, error) { v := new(assistantMessageData); return v, h.assistantMessage(v) },
}

// object reads an object's members, member by member: member reads the
// value of the member of each name it knows, and reports false for a name
// it does not (that member's value is skipped, as json skips it). bit is
// the member's place, to find a name given twice.
func (h *byHand) object(member func(name []byte) (bit int, known bool, err error)) error {
	if h.dec.PeekKind() != '{' {
		return errUnusual
	}
	if _, err := h.dec.ReadToken(); err != nil {
		return err
	}
	var seen uint32
	for h.dec.PeekKind() == '"' {
		name, err := jsonline.ReadName(h.dec)
		if err != nil {
			return err
		}
		bit, known, err := member(name)
		if err != nil {
			return err
		}
		if !known {
			if err := h.dec.SkipValue(); err != nil {
				return err
			}
			continue
		}
		if seen&(1<<bit) != 0 {
			return errUnusual
		}
		seen |= 1 << bit
	}
	_, err := h.dec.ReadToken() // the object's end, or what breaks it
	return err
}

// str reads a string member (null leaves it empty, as json does).
func (h *byHand) str(s *string) error {
	switch h.dec.PeekKind() {
	case '"':
		v, err := h.strings.Read(h.dec)
		*s = v
		return err
	case 'n':
		_, err := h.dec.ReadToken()
		return err
	}
	return errUnusual
}

// boolean reads a bool member (null leaves it false, as json does).
func (h *byHand) boolean(b *bool) error {
	switch h.dec.PeekKind() {
	case 't', 'f':
		tok, err := h.dec.ReadToken()
		*b = err == nil && tok.Bool()
		return err
	case 'n':
		_, err := h.dec.ReadToken()
		return err
	}
	return errUnusual
}

// blocks reads a list of content blocks, each as its own decoder reads it.
func (h *byHand) blocks(out *[]session.ContentBlock) error {
	switch h.dec.PeekKind() {
	case 'n':
		_, err := h.dec.ReadToken()
		return err
	case '[':
	default:
		return errUnusual
	}
	if _, err := h.dec.ReadToken(); err != nil {
		return err
	}
	var few [4]session.ContentBlock // most messages hold one or two: the list is made once, of its size
	list := few[:0]
	for h.dec.PeekKind() != ']' {
		err := h.block.UnmarshalJSONFrom(h.dec) // into the decoder's own block: one read into a local one is on the heap
		list = append(list, h.block)
		h.block = session.ContentBlock{}
		if err != nil {
			return err
		}
	}
	if _, err := h.dec.ReadToken(); err != nil {
		return err
	}
	*out = append(make([]session.ContentBlock, 0, len(list)), list...)
	return nil
}

// number reads a number member, as its own decoder does.
func (h *byHand) number(n *jsonline.Number) error { return n.UnmarshalJSONFrom(h.dec) }

func (h *byHand) toolCall(v *toolCallData) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "callId":
			return 0, true, h.str(&v.CallID)
		case "name":
			return 1, true, h.str(&v.Name)
		case "arguments":
			return 2, true, h.str(&v.Arguments)
		}
		return 0, false, nil
	})
}

func (h *byHand) userMessage(v *userMessageData) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "content":
			return 0, true, h.blocks(&v.Content)
		case "source":
			return 1, true, h.source(&v.Source)
		}
		return 0, false, nil
	})
}

func (h *byHand) source(v *messageSource) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "kind":
			return 0, true, h.str(&v.Kind)
		case "plugin":
			return 1, true, h.str(&v.Plugin)
		case "provider":
			return 2, true, h.str(&v.Provider)
		case "model":
			return 3, true, h.str(&v.Model)
		case "callId":
			return 4, true, h.str(&v.CallID)
		}
		return 0, false, nil
	})
}

func (h *byHand) assistantMessage(v *assistantMessageData) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "turn":
			return 0, true, h.number(&v.Turn)
		case "step":
			return 1, true, h.number(&v.Step)
		case "message":
			if h.dec.PeekKind() != '{' {
				return 2, true, errUnusual
			}
			v.Message = new(modelMessage)
			return 2, true, h.modelMessage(v.Message)
		case "content":
			return 3, true, h.blocks(&v.Content)
		case "usage":
			if h.dec.PeekKind() != '{' {
				return 4, true, errUnusual
			}
			v.Usage = new(usageData)
			return 4, true, h.usage(v.Usage)
		case "stream":
			return 5, true, json.UnmarshalDecode(h.dec, &v.Stream)
		}
		return 0, false, nil
	})
}

func (h *byHand) modelMessage(v *modelMessage) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "content":
			return 0, true, h.blocks(&v.Content)
		case "source":
			return 1, true, h.source(&v.Source)
		}
		return 0, false, nil
	})
}

func (h *byHand) usage(v *usageData) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "inputTokens":
			return 0, true, h.number(&v.InputTokens)
		case "outputTokens":
			return 1, true, h.number(&v.OutputTokens)
		case "cacheReadTokens":
			return 2, true, h.number(&v.CacheReadTokens)
		case "cacheWriteTokens":
			return 3, true, h.number(&v.CacheWriteTokens)
		case "reasoningTokens":
			return 4, true, h.number(&v.ReasoningTokens)
		}
		return 0, false, nil
	})
}

func (h *byHand) toolResult(v *toolResultData) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "message":
			if h.dec.PeekKind() != '{' {
				return 0, true, errUnusual
			}
			v.Message = new(resultMessage)
			return 0, true, h.resultMessage(v.Message)
		case "callId":
			return 1, true, h.str(&v.CallID)
		case "content":
			return 2, true, h.blocks(&v.Content)
		case "isError":
			return 3, true, h.boolean(&v.IsError)
		case "error":
			return 4, true, json.UnmarshalDecode(h.dec, &v.Error)
		case "meta":
			return 5, true, json.UnmarshalDecode(h.dec, &v.Meta)
		}
		return 0, false, nil
	})
}

func (h *byHand) resultMessage(v *resultMessage) error {
	return h.object(func(name []byte) (int, bool, error) {
		switch string(name) {
		case "id":
			return 0, true, h.str(&v.ID)
		case "role":
			return 1, true, h.str(&v.Role)
		case "content":
			return 2, true, h.blocks(&v.Content)
		case "source":
			return 3, true, h.source(&v.Source)
		case "toolCallId":
			return 4, true, h.str(&v.ToolCallID)
		case "isError":
			return 5, true, h.boolean(&v.IsError)
		}
		return 0, false, nil
	})
}
