package remote

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The items of the $events stream.
const (
	Ready     = "ready"     // first: this generation's client id and the host's facts
	Emit      = "emit"      // a host event, for information
	Waterfall = "waterfall" // a host event that waits for a client's answer
	Withdrawn = "cancel"    // a waterfall the host no longer waits for
)

// HostEvent is one item of the $events stream. By Kind: Ready has ClientID
// and Home; Emit has Name and Args; Waterfall has Name, EventID, AgentID (a
// session's id) and Request; Withdrawn has EventID. Another kind comes back
// as it is, for the caller to count.
type HostEvent struct {
	Kind     string
	ClientID string
	Home     string
	Name     string
	Args     []jsontext.Value
	EventID  string
	AgentID  string
	Request  jsontext.Value
}

// ReadHostEvent reads one item of the $events stream.
func ReadHostEvent(v jsontext.Value) (HostEvent, error) {
	if v.Kind() != '{' {
		return HostEvent{}, errors.New("an $events item that is no object")
	}
	var e struct {
		Type     jsontext.Value `json:"type"`
		ClientID jsontext.Value `json:"clientId"`
		Host     *struct {
			Home jsontext.Value `json:"home"`
		} `json:"host"`
		Event   jsontext.Value   `json:"event"`
		Args    []jsontext.Value `json:"args"`
		EventID jsontext.Value   `json:"eventId"`
		AgentID jsontext.Value   `json:"agentId"`
		Request jsontext.Value   `json:"request"`
	}
	if err := jsonline.Unmarshal(v, &e); err != nil {
		return HostEvent{}, fmt.Errorf("an $events item that does not read: %s", jsonline.Short(err))
	}
	h := HostEvent{Kind: text(e.Type), ClientID: text(e.ClientID), Name: text(e.Event), Args: e.Args,
		EventID: text(e.EventID), AgentID: text(e.AgentID), Request: e.Request}
	missing := ""
	switch h.Kind {
	case Ready:
		if e.Host != nil {
			h.Home = text(e.Host.Home)
		}
		if h.ClientID == "" || e.Host == nil {
			missing = "clientId or host"
		}
	case Emit:
		if h.Name == "" || e.Args == nil {
			missing = "event or args"
		}
	case Waterfall:
		if h.Name == "" || h.EventID == "" || h.AgentID == "" || h.Request.Kind() != '{' {
			missing = "event, eventId, agentId or request"
		}
	case Withdrawn:
		if h.EventID == "" {
			missing = "eventId"
		}
	case "":
		h.Kind = Untyped
	}
	if missing != "" {
		return HostEvent{}, fmt.Errorf("an $events %s item without %s", h.Kind, missing)
	}
	return h, nil
}

// ResultArgs are the arguments of $events/result: one client's answer to a
// waterfall, in the generation clientID that received it.
func ResultArgs(clientID, eventID string, o Outcome) any {
	return struct {
		ClientID string  `json:"clientId"`
		EventID  string  `json:"eventId"`
		Outcome  Outcome `json:"outcome"`
	}{clientID, eventID, o}
}

// Outcome is a client's answer to a waterfall: Next (not mine, ask the
// others), Claimed (this value is the answer) or Refused (this error).
type Outcome struct {
	Kind  string     `json:"kind"`
	Value any        `json:"value,omitzero"`
	Error *Rejection `json:"error,omitzero"`
}

// Rejection is the error a client refuses a waterfall with.
type Rejection struct {
	Name    string `json:"name"`
	Message string `json:"message"`
	Code    string `json:"code,omitzero"`
}

// Next leaves a waterfall to the other clients, or to the host.
func Next() Outcome { return Outcome{Kind: "next"} }

// Claimed answers a waterfall with value.
func Claimed(value any) Outcome { return Outcome{Kind: "result", Value: value} }

// Refused answers a waterfall with an error.
func Refused(r Rejection) Outcome { return Outcome{Kind: "rejected", Error: &r} }
