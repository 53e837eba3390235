// Package remote is the wire of the 0.2 harness host's protocol ("Remote",
// after the host's own name for it): the bodies deck posts to
// /api/<namespace>/<method>, the answers it reads back (JSON, or multipart
// when they carry bytes), the frames of the one WebSocket, /api/remote.mux,
// and the items of the logical streams deck opens on it. It knows no
// connection and no session: every function turns bytes into values or
// values into bytes, and says in words what is wrong with a message that
// does not read. Fields deck has no use for are let through, as a newer host
// may add them; fields deck uses are checked.
package remote

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// MuxPath is the one WebSocket of the host; EventsEndpoint its stream of
// host events; ResultEndpoint the call that answers one of them.
const (
	MuxPath        = "/api/remote.mux"
	EventsEndpoint = "$events"
	ResultEndpoint = "$events/result"
)

// encode writes a body the host reads with JSON.parse. Text the user typed
// may hold invalid UTF-8 (a paste): it goes as U+FFFD rather than failing.
func encode(v any) ([]byte, error) {
	return json.Marshal(v, jsontext.AllowInvalidUTF8(true))
}

// Request is the body of one unary call: a client-request naming the
// endpoint (namespace/method) it is posted to, with the method's arguments
// by name.
func Request(rpcID, endpoint string, args any) ([]byte, error) {
	return encode(clientRequest{Type: "client-request", RPCID: rpcID, Method: endpoint, Payload: payload{Args: args}})
}

type clientRequest struct {
	Type    string  `json:"type"`
	RPCID   string  `json:"rpcId"`
	Method  string  `json:"method"`
	Payload payload `json:"payload"`
}

// payload carries a method's arguments by name; an empty map for none.
type payload struct {
	Args any `json:"args"`
}

// Response is the answer to a unary call: a Value (nil when the method
// returns nothing), or the host's refusal.
type Response struct {
	RPCID   string
	Value   jsontext.Value
	Refusal *Failure
}

// Failure is a refusal or a stream's failure, in the host's words: a code
// (session/writer-held, gateway/bad-request, …), a message and details.
type Failure struct {
	Code    string         `json:"code"`
	Message string         `json:"message"`
	Details jsontext.Value `json:"details"`
}

type serverResponse struct {
	Type   string     `json:"type"`
	RPCID  string     `json:"rpcId"`
	Result *rpcResult `json:"result"`
}

type rpcResult struct {
	OK    *bool          `json:"ok"`
	Value jsontext.Value `json:"value"`
	Error *Failure       `json:"error"`
}

// ReadResponse reads the answer to a unary call from its Content-Type and
// body: a server-response as JSON, or multipart/form-data whose metadata part
// holds it with an attachment table, a part per byte value. The bytes are
// checked to be there and left out: the values deck reads hold none, and
// their places stay null.
func ReadResponse(contentType string, body []byte) (Response, error) {
	media, params, err := mime.ParseMediaType(contentType)
	if err == nil && media == "multipart/form-data" {
		return readMultipart(params["boundary"], body)
	}
	var r serverResponse
	if err := jsonline.Decode(body, "an answer", &r); err != nil {
		return Response{}, fmt.Errorf("the answer is not JSON: %w", err)
	}
	return r.read()
}

func (r serverResponse) read() (Response, error) {
	switch {
	case r.Type != "server-response" || r.Result == nil || r.Result.OK == nil:
		return Response{}, errors.New("the answer is not a server-response {type, rpcId, result:{ok, …}}")
	case !*r.Result.OK && (r.Result.Error == nil || r.Result.Error.Code == ""):
		return Response{}, errors.New("the answer refuses without an error code")
	case !*r.Result.OK:
		return Response{RPCID: r.RPCID, Refusal: r.Result.Error}, nil
	}
	v := r.Result.Value
	if len(v) == 0 {
		v = nil
	}
	return Response{RPCID: r.RPCID, Value: v}, nil
}

// readMultipart reads a multipart answer: its metadata part is the
// server-response with the table of its attachments; every attachment's
// part must be there.
func readMultipart(boundary string, body []byte) (Response, error) {
	if boundary == "" {
		return Response{}, errors.New("the multipart answer names no boundary")
	}
	parts := map[string]bool{}
	var meta []byte
	mr := multipart.NewReader(bytes.NewReader(body), boundary)
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Response{}, fmt.Errorf("the multipart answer does not read: %v", err)
		}
		name := p.FormName()
		data, err := io.ReadAll(p)
		if err != nil {
			return Response{}, fmt.Errorf("the multipart answer's part %q does not read: %v", name, err)
		}
		if name == "metadata" {
			meta = data
		}
		parts[name] = true
	}
	if meta == nil {
		return Response{}, errors.New("the multipart answer has no metadata part")
	}
	var m struct {
		serverResponse
		Attachments []struct {
			Path  []jsontext.Value `json:"path"`
			Codec string           `json:"codec"`
			Part  string           `json:"part"`
		} `json:"attachments"`
	}
	if err := jsonline.Decode(meta, "a metadata part", &m); err != nil {
		return Response{}, fmt.Errorf("the multipart answer's metadata is not JSON: %w", err)
	}
	for _, a := range m.Attachments {
		if a.Codec != "bytes" || a.Part == "" || !parts[a.Part] || a.Part == "metadata" {
			return Response{}, fmt.Errorf("the multipart answer lists an attachment (codec %q, part %q) it does not hold",
				a.Codec, a.Part)
		}
	}
	return m.serverResponse.read()
}
