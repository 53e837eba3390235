package harness

import (
	"bytes"
	"io"
	"sync"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/present"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// Reading a line is the costly part of reading a log, and most of its bytes
// are one event's data (a read's file, a command's output). So a line is
// read in one pass where it can be: a decoder walks the envelope's members,
// decodes the data straight into the shape its handler wants, and the small
// envelope around it is decoded on its own. That work needs no session
// state, so the Reader runs it for many lines at once (Prepare). Any line
// this path cannot read goes the slow way (parseRecord), whose messages
// name the problem.

// wireShapes are the event data decoded ahead of their handlers: the events
// that carry the most bytes, and the turns' ends (a turn's start and end
// were a tenth of the time of the core that applies the lines, most of it
// decoding their data).
var wireShapes = map[string]func() any{
	"turn/start":        func() any { return new(turnStartData) },
	"turn/end":          func() any { return new(turnEndData) },
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
// is false for anything else (the header, a broken line, data that does
// not fit its shape), which the slow path then reads and words.
func fastRecord(line []byte) (*record, bool) {
	if len(line) < 2 || line[0] != '{' {
		return nil, false
	}
	r := records.Get().(*record)
	w := walkers.Get().(*walker)
	typ, data, start, whole, ok := w.walk(line, r, true)
	if !ok && w.handFailed { // data the hand decoders leave to reflection, or broken: reflection decides
		*r = record{}
		typ, data, start, whole, ok = w.walk(line, r, false)
	}
	w.release()
	if !ok || start < 0 {
		r.release()
		return nil, false
	}
	end := start + len(data.raw)
	if !whole { // the envelope without its data, decoded (and checked) the usual way
		envelope := make([]byte, 0, len(line)-len(data.raw)+1)
		envelope = append(append(append(envelope, line[:start]...), '0'), line[end:]...)
		*r = record{}
		if jsonline.Unmarshal(envelope, r) != nil {
			r.release()
			return nil, false
		}
	}
	if r.Type == "" || r.Type == "session" || r.Type != typ {
		r.release()
		return nil, false
	}
	r.Data = line[start:end:end]
	r.pre = data.shape
	r.args = parsedArgsOf(data.shape)
	return r, true
}

// parsedArgs are a tool call's arguments as present.ParseArgs parsed them.
type parsedArgs struct {
	raw string
	a   present.Args
	ok  bool
}

// parsedArgsOf parses the arguments of the tool calls a model's message
// holds, where the line is prepared, on every core: presenting a call, on
// the one core that applies the lines in order, was mostly parsing them.
// Its tool/call event, which follows, finds them among the recent ones
// (recentArgs) rather than parse them a second time.
func parsedArgsOf(shape any) []parsedArgs {
	parse := func(raw string) parsedArgs {
		a, ok := present.ParseArgs(raw)
		return parsedArgs{raw, a, ok}
	}
	var out []parsedArgs
	switch v := shape.(type) {
	case *assistantMessageData:
		content := v.Content
		if v.Message != nil {
			content = v.Message.Content
		}
		for _, b := range content {
			if b.Type == "tool-call" {
				out = append(out, parse(b.Arguments))
			}
		}
	}
	return out
}

// callView presents call c with its name and arguments: as it was
// presented last when they are the same, else with the arguments r's line
// was prepared with when they are these, else with those of a recent call
// when they are, else parsed now.
func (d *Decoder) callView(r *record, c *session.ToolCall) session.CallView {
	if v, ok := d.recent.view(c); ok {
		return v
	}
	v := d.presentCall(r, c.Name, c.Arguments)
	d.recent.presented(c, v)
	return v
}

// presentCall presents a call of name with arguments raw, keeping them
// among the recent ones.
func (d *Decoder) presentCall(r *record, name, raw string) session.CallView {
	for _, p := range r.args {
		if p.raw == raw {
			d.recent.keep(p)
			return d.declared.CallParsed(name, raw, p.a, p.ok)
		}
	}
	a, ok := d.recent.parsed(raw)
	return d.declared.CallParsed(name, raw, a, ok)
}

// walker reads the members of one envelope. It is pooled: a decoder is
// worth keeping between lines.
type walker struct {
	in   bytes.Buffer
	dec  jsontext.Decoder
	hand byHand
	// handFailed is set when the walk failed in a hand decoder
	handFailed bool
}

var walkers = sync.Pool{New: func() any {
	w := new(walker)
	w.hand = byHand{dec: &w.dec, strings: jsonline.NewStrings()}
	return w
}}

// release puts the walker back, holding nothing of the line it read.
func (w *walker) release() {
	w.in = bytes.Buffer{}
	w.dec.Reset(&w.in)
	walkers.Put(w)
}

// walkedData is the data member as the walk found it: its bytes, and the
// value its shape decoded, when the type came first and has one.
type walkedData struct {
	raw   []byte
	shape any
}

// walk goes over the members of the envelope in line: the type (when it
// is a string), and the data, decoded into its type's shape if the type
// came before it (by hand when it can and hand is true), else only read. start is where the data begins, -1 when
// there is none. ok is false for anything the slow path should read: not
// JSON, a data that does not fit its shape, a second data member. The
// members every event has (its type, seq, time, surfaceOp) are decoded
// into r as the envelope's decoding would; whole is false when the
// envelope has any other, and r is to be decoded the usual way.
func (w *walker) walk(line []byte, r *record, hand bool) (typ string, data walkedData, start int, whole, ok bool) {
	w.handFailed = false
	w.in = *bytes.NewBuffer(line)
	w.dec.Reset(&w.in, jsonline.Options)
	dec := &w.dec
	start, whole = -1, true
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return "", data, -1, false, false
	}
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return "", data, -1, false, false
		}
		switch name.String() {
		case "type":
			if dec.PeekKind() == '"' {
				t, err := w.hand.strings.Read(dec) // one string of each type, not one a line
				if err != nil {
					return "", data, -1, false, false
				}
				typ = t
				r.Type = typ
				continue
			}
			whole = false // not a string: the envelope's decoding says why
		case "data":
			if start >= 0 {
				return "", data, -1, false, false // the last would win: the slow path knows
			}
			before := dec.InputOffset()
			if byHand := byHandShapes[typ]; hand && byHand != nil {
				v, err := byHand(&w.hand)
				if err != nil {
					w.handFailed = true
					return "", data, -1, false, false
				}
				data.shape = v
			} else if shape := wireShapes[typ]; shape != nil {
				v := shape()
				if json.UnmarshalDecode(dec, v) != nil {
					return "", data, -1, false, false
				}
				data.shape = v
			} else if _, err := dec.ReadValue(); err != nil {
				return "", data, -1, false, false
			}
			end := int(dec.InputOffset())
			start = valueStart(line, int(before))
			data.raw = line[start:end]
			continue
		case "seq":
			if r.Seq.UnmarshalJSONFrom(dec) != nil {
				return "", data, -1, false, false
			}
			continue
		case "time":
			if r.Time.UnmarshalJSONFrom(dec) != nil {
				return "", data, -1, false, false
			}
			continue
		case "surfaceOp":
			v, err := dec.ReadValue()
			if err != nil {
				return "", data, -1, false, false
			}
			r.SurfaceOp = surfaceOpOf(v)
			continue
		default:
			whole = false
		}
		if _, err := dec.ReadValue(); err != nil {
			return "", data, -1, false, false
		}
	}
	if whole { // the envelope ends here, and nothing follows it: the check its decoding made
		if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '}' {
			return "", data, -1, false, false
		}
		if _, err := dec.ReadToken(); err != io.EOF {
			return "", data, -1, false, false
		}
	}
	return typ, data, start, whole, true
}

// valueStart is where the value after a member name begins: past the colon
// and any space around it.
func valueStart(line []byte, i int) int {
	for i < len(line) && (line[i] == ':' || line[i] == ' ' || line[i] == '\t' || line[i] == '\n' || line[i] == '\r') {
		i++
	}
	return i
}

// decodeAs reads an event's data as a T: what the fast path decoded, or the
// data decoded now.
func decodeAs[T any](r *record) (*T, error) {
	if v, ok := r.pre.(*T); ok {
		return v, nil
	}
	v := new(T)
	return v, decode(r, v)
}
