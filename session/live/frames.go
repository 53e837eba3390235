package live

import (
	"fmt"
	"strings"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// frame is one downlink message: a server-request whose payload has a type.
// Only the fields of the frame types deck uses are read.
type frame struct {
	RPCID   string
	ignored string // the name a frame deck has no use for is counted under; "" for one it uses
	framePayload
}

type framePayload struct {
	Type      string `json:"type"`
	SessionID string `json:"sessionId"`

	Event jsontext.Value `json:"event"` // session/event
	View  *wireView      `json:"view"`

	LastSeq *int64 `json:"lastSeq"` // session/subscribed

	Key   string         `json:"key"` // session/projection
	Value jsontext.Value `json:"value"`
	Seq   *int64         `json:"seq"`

	Items []wireQueueItem `json:"items"` // session/queue

	ApprovalID    string         `json:"approvalId"` // approval/*, question/*
	ToolName      string         `json:"toolName"`
	CallID        string         `json:"callId"`
	Reason        string         `json:"reason"`
	Outcome       string         `json:"outcome"`
	Questions     []wireQuestion `json:"questions"`
	QuestionRPCID string         `json:"questionRpcId"`

	Running *bool  `json:"running"` // host/session-status
	Message string `json:"message"` // host/agent-error

	Error *wireError `json:"error"` // stream/error
}

type wireQueueItem struct {
	ID        string `json:"id"`
	Placement string `json:"placement"`
	Message   struct {
		Content []textBlock `json:"content"`
	} `json:"message"`
}

// textBlock is a block of a message's content; deck reads the text ones.
type textBlock struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// joinText is a prompt's text: its text blocks, a line apart.
func joinText(content []textBlock) string {
	var text []string
	for _, c := range content {
		if c.Type == "text" {
			text = append(text, c.Text)
		}
	}
	return strings.Join(text, "\n")
}

type wireQuestion struct {
	ID       string `json:"id"`
	Question string `json:"question"`
	Header   string `json:"header"`
	Detail   string `json:"detail"`
	Options  []struct {
		Label       string `json:"label"`
		Description string `json:"description"`
	} `json:"options"`
	MultiSelect bool `json:"multiSelect"`
}

// readFrame reads one text message of a downlink. What deck has no use for
// (a kind of message other than a server-request, a frame type or method it
// does not know: the protocol grows) comes back ignored, never an error. The
// error says what is wrong with a message that is no JSON object, or with a
// frame deck uses, for a Problem.
func readFrame(data []byte) (frame, error) {
	var outer struct {
		Type    jsontext.Value `json:"type"`
		RPCID   jsontext.Value `json:"rpcId"`
		Method  jsontext.Value `json:"method"`
		Payload jsontext.Value `json:"payload"`
	}
	if err := jsonline.Decode(data, "a frame", &outer); err != nil {
		return frame{}, fmt.Errorf("a message that is %v", err)
	}
	if kind := text(outer.Type); kind != "server-request" {
		return frame{ignored: nameOr(kind)}, nil
	}
	// The payload's type says which frame it is, as the harness's own
	// clients read it (the host sets the method to the same); the method
	// names a payload that has none.
	var head struct {
		Type jsontext.Value `json:"type"`
	}
	_ = jsonline.Unmarshal(outer.Payload, &head)
	name := text(head.Type)
	if name == "" {
		name = text(outer.Method)
	}
	if !usedFrames[name] {
		return frame{ignored: nameOr(name)}, nil
	}
	if outer.Payload.Kind() != '{' {
		return frame{}, fmt.Errorf("a %s frame whose payload is no object", name)
	}
	f := frame{RPCID: text(outer.RPCID)}
	if err := jsonline.Unmarshal(outer.Payload, &f.framePayload); err != nil {
		return frame{}, fmt.Errorf("a %s frame that does not read: %s", name, jsonline.Short(err))
	}
	f.Type = name
	return f, f.check()
}

// untypedFrame is what a message with no type and no method is counted as.
const untypedFrame = "(no type)"

func nameOr(name string) string {
	if name == "" {
		return untypedFrame
	}
	return name
}

// text is a JSON string's text; "" for anything else.
func text(v jsontext.Value) string {
	var s string
	if v.Kind() != '"' || jsonline.Unmarshal(v, &s) != nil {
		return ""
	}
	return s
}

// usedFrames are the frame types a Watch acts on.
var usedFrames = map[string]bool{
	"session/event": true, "session/subscribed": true, "session/projection": true, "session/queue": true,
	"approval/requested": true, "approval/resolved": true, "question/requested": true, "question/resolved": true,
	"host/session-status": true, "host/agent-error": true, "stream/error": true,
}

// check makes sure a frame of a type deck uses carries what deck needs.
func (f *frame) check() error {
	missing := ""
	switch f.Type {
	case "session/event":
		if len(f.Event) == 0 {
			missing = "event"
		}
	case "session/subscribed":
		if f.LastSeq == nil {
			missing = "lastSeq"
		}
	case "session/projection":
		if f.Key == "" || f.Seq == nil {
			missing = "key or seq"
		}
	case "approval/requested":
		if f.RPCID == "" || f.ApprovalID == "" {
			missing = "rpcId or approvalId"
		}
	case "approval/resolved":
		if f.ApprovalID == "" {
			missing = "approvalId"
		}
	case "question/requested":
		if f.RPCID == "" || len(f.Questions) == 0 {
			missing = "rpcId or questions"
		}
	case "question/resolved":
		if f.QuestionRPCID == "" {
			missing = "questionRpcId"
		}
	case "host/session-status":
		if f.Running == nil {
			missing = "running"
		}
	}
	if missing != "" {
		return fmt.Errorf("a %s frame without %s", f.Type, missing)
	}
	return nil
}

func (f *frame) queue() []QueueItem {
	items := make([]QueueItem, 0, len(f.Items))
	for _, it := range f.Items {
		items = append(items, QueueItem{ID: it.ID, Placement: it.Placement, Text: joinText(it.Message.Content)})
	}
	return items
}

func (f *frame) approval() ApprovalRequest {
	return ApprovalRequest{RPCID: f.RPCID, SessionID: f.SessionID, ApprovalID: f.ApprovalID,
		ToolName: f.ToolName, CallID: f.CallID, Reason: f.Reason}
}

func (f *frame) question() QuestionRequest {
	q := QuestionRequest{RPCID: f.RPCID, SessionID: f.SessionID}
	for _, w := range f.Questions {
		qu := Question{ID: w.ID, Header: w.Header, Text: w.Question, Detail: w.Detail, Multi: w.MultiSelect}
		for _, o := range w.Options {
			qu.Options = append(qu.Options, Option{Label: o.Label, Description: o.Description})
		}
		q.Questions = append(q.Questions, qu)
	}
	return q
}
