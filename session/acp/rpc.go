package acp

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"

	acp "github.com/coder/acp-go-sdk"
)

// message is one message: a request or notification (method set), or a
// response to one (no method).
type message struct {
	method   string
	id       string // the id, canonical (see rpcID); "" when none
	shownID  string // the id as written, for notices
	params   jsontext.Value
	result   jsontext.Value // nil when absent; a JSON null is a result
	fail     jsontext.Value // the error object; nil when absent
	recorded bool           // an SDK call recording, not a wire message
}

// recorded maps the TypeScript SDK's method names, as its call recordings
// write them, to the wire methods.
var recorded = map[string]string{
	"sessionUpdate": "session/update", "requestPermission": "session/request_permission",
	"readTextFile": "fs/read_text_file", "writeTextFile": "fs/write_text_file",
	"createTerminal": "terminal/create", "terminalOutput": "terminal/output",
	"waitForTerminalExit": "terminal/wait_for_exit", "releaseTerminal": "terminal/release",
	"killTerminal": "terminal/kill", "initialize": "initialize", "authenticate": "authenticate",
	"newSession": "session/new", "loadSession": "session/load", "prompt": "session/prompt",
	"cancel": "session/cancel", "setSessionMode": "session/set_mode",
}

// parse reads a value as a message, or says in a few words why it is not one.
func parse(data []byte) (*message, error) {
	var f map[string]jsontext.Value
	if err := jsonline.Decode(data, "a message", &f); err != nil {
		return nil, err
	}
	m := &message{params: f["params"], result: f["result"], fail: f["error"]}
	if raw, ok := f["method"]; ok {
		if jsonline.Unmarshal(raw, &m.method) != nil || m.method == "" {
			return nil, errors.New(`not a message: its "method" is not a name`)
		}
	}
	if raw, ok := f["id"]; ok {
		m.id, m.shownID = rpcID(raw)
	}
	if args, ok := f["args"]; ok && f["jsonrpc"] == nil && m.method != "" {
		wire, known := recorded[m.method]
		if !known {
			return nil, fmt.Errorf("unknown recorded SDK call `%s`", m.method)
		}
		var list []jsontext.Value
		if jsonline.Unmarshal(args, &list) != nil || len(list) == 0 {
			return nil, fmt.Errorf("the recorded `%s` call has no params in its args", m.method)
		}
		m.method, m.params, m.recorded = wire, list[0], true
	}
	if m.method == "" && m.result == nil && m.fail == nil {
		return nil, errors.New("not a JSON-RPC message: no method, result or error")
	}
	return m, nil
}

// rpcID makes an id comparable: JSON-RPC ids are strings or numbers, and 1,
// 1.0 and 1e0 are the same number, never the string "1". A null id is none.
func rpcID(raw jsontext.Value) (key, shown string) {
	v, err := jsonline.Any(raw)
	if err != nil {
		return "", ""
	}
	shown = string(bytes.TrimSpace(raw))
	if len(shown) > 40 {
		shown = shown[:40] + "…"
	}
	switch x := v.(type) {
	case nil:
		return "", ""
	case string:
		return "s:" + x, shown
	case jsonline.Number:
		if n, ok := jsonline.Int(x); ok {
			return "n:" + strconv.FormatInt(n, 10), shown
		}
		return "n:" + x.String(), shown
	}
	return "x:" + shown, shown
}

// request is a request (or notification) being applied, kept until its
// response comes: what the answer will update.
type request struct {
	method  string
	session *sessionState
	call    *call          // the call it belongs to
	sub     string         // the id of the call's SubCall it shows as
	event   *session.Event // the line that stands for it, when no call does
	options []acp.PermissionOption
	cwd     string
	turn    int
	term    *terminal
}

// handler applies a request or notification; req collects what its
// response will need.
type handler func(d *Decoder, m *message, req *request) error

// reply applies a response to req: its result, or its error (fail).
type reply func(d *Decoder, req *request, result jsontext.Value, fail *acp.RequestError) error

var methods = map[string]handler{
	"session/new":                (*Decoder).newSession,
	"session/load":               (*Decoder).loadSession,
	"session/resume":             (*Decoder).loadSession,
	"session/prompt":             (*Decoder).prompt,
	"session/update":             (*Decoder).update,
	"session/request_permission": (*Decoder).permission,
	"session/set_mode":           (*Decoder).setMode,
	"session/set_model":          (*Decoder).setModel,
	"fs/read_text_file":          (*Decoder).fsRead,
	"fs/write_text_file":         (*Decoder).fsWrite,
	"terminal/create":            (*Decoder).terminalCreate,
	"terminal/output":            (*Decoder).terminalRequest,
	"terminal/wait_for_exit":     (*Decoder).terminalRequest,
	"terminal/release":           (*Decoder).terminalRequest,
	"terminal/kill":              (*Decoder).terminalRequest,
	// known, and nothing to draw: the handshake, authentication,
	// cancellation, settings
	"initialize":                bookkeeping,
	"authenticate":              bookkeeping,
	"logout":                    bookkeeping,
	"session/cancel":            bookkeeping,
	"session/set_config_option": bookkeeping,
	"session/list":              bookkeeping,
	"session/close":             bookkeeping,
	"session/fork":              bookkeeping,
	"$/cancel_request":          bookkeeping,
}

var replies = map[string]reply{
	"initialize":                 (*Decoder).initializeReply,
	"session/new":                (*Decoder).newSessionReply,
	"session/load":               (*Decoder).loadSessionReply,
	"session/resume":             (*Decoder).loadSessionReply,
	"session/prompt":             (*Decoder).promptReply,
	"session/request_permission": (*Decoder).permissionReply,
	"fs/read_text_file":          (*Decoder).fsReply,
	"fs/write_text_file":         (*Decoder).fsReply,
	"terminal/create":            (*Decoder).terminalCreateReply,
	"terminal/output":            (*Decoder).terminalOutputReply,
	"terminal/wait_for_exit":     (*Decoder).terminalExitReply,
}

func bookkeeping(*Decoder, *message, *request) error { return nil }

// request applies a request or notification, and keeps a request (it has an
// id) for its response, even one deck could not read, so the response pairs.
func (d *Decoder) request(m *message) error {
	d.hidden = m.method
	req := &request{method: m.method}
	var err error
	switch h, known := methods[m.method]; {
	case known:
		err = h(d, m, req)
	case m.id == "" && strings.HasPrefix(m.method, "_"):
		// an extension notification, which a receiver that does not
		// know it ignores (ACP, Extensibility): Grok Build's
		// _x.ai/session/update among its updates.jsonl's
		d.hidden = m.method + " (an extension notification)"
	default:
		err = fmt.Errorf("unknown method `%s`", m.method)
	}
	if m.id != "" {
		d.waiting[m.id] = append(d.waiting[m.id], req)
	}
	return err
}

// response pairs a response with the latest unanswered request with its id
// (ids repeat in a log that joins several connections) and applies it. A
// response to no request is a notice.
func (d *Decoder) response(m *message) error {
	var fail *acp.RequestError
	if m.fail != nil {
		fail = failure(m.fail)
	}
	list := d.waiting[m.id]
	if m.id == "" || len(list) == 0 {
		what := "a response to request " + m.shownID + ", which is not in this log"
		if m.id == "" {
			what = "a response with no id"
		}
		if fail != nil {
			what += ": error " + failText(fail)
		}
		return errors.New(what)
	}
	req := list[len(list)-1]
	if len(list) == 1 {
		delete(d.waiting, m.id)
	} else {
		d.waiting[m.id] = list[:len(list)-1]
	}
	d.hidden = req.method + " response"
	if r := replies[req.method]; r != nil {
		return r(d, req, m.result, fail)
	}
	if fail != nil {
		d.failed(req, fail)
	}
	return nil
}

// failed shows an error response as a failed line of its own.
func (d *Decoder) failed(req *request, fail *acp.RequestError) {
	ev := &session.Event{EntryBase: d.base(), Kind: "error", Summary: req.method + " failed: " + failText(fail), Failed: true}
	if fail.Data != nil {
		if b, err := jsonline.Marshal(fail.Data); err == nil {
			ev.Body = string(b)
		}
	}
	d.add(req.session, ev)
}

// failure reads a JSON-RPC error object; one that does not fit is kept
// as its text.
func failure(raw jsontext.Value) *acp.RequestError {
	var e acp.RequestError
	if jsonline.Unmarshal(raw, &e) != nil {
		return &acp.RequestError{Message: string(bytes.TrimSpace(raw))}
	}
	return &e
}

// failText words an error: its message and code.
func failText(e *acp.RequestError) string {
	msg := e.Message
	if msg == "" {
		msg = "(no message)"
	}
	if e.Code != 0 {
		msg += fmt.Sprintf(" (%d)", e.Code)
	}
	return msg
}

// params decodes a message's params, naming the method when they do not fit.
func params(m *message, v any) error {
	if len(m.params) == 0 {
		return fmt.Errorf("`%s` has no params", m.method)
	}
	if err := jsonline.Unmarshal(m.params, v); err != nil {
		return fmt.Errorf("`%s` does not fit its shape: %s", m.method, jsonline.Short(err))
	}
	return nil
}

// decodeResult decodes a response's result, naming the method when it does not fit.
func decodeResult(req *request, result jsontext.Value, v any) error {
	if err := jsonline.Unmarshal(result, v); err != nil {
		return fmt.Errorf("the `%s` response does not fit its shape: %s", req.method, jsonline.Short(err))
	}
	return nil
}
