package remote

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// Address names an ordinary session, as session/follow and session/page
// take it.
func Address(sessionID string) any {
	return struct {
		Kind      string `json:"kind"`
		SessionID string `json:"sessionId"`
	}{"session", sessionID}
}

// The items of a session/follow stream.
const (
	Snapshot        = "snapshot"         // first: the tail of the log, the header, the cut, the projections
	EventEntry      = "event"            // one event of the log, after the last one sent
	AssistantStream = "assistant-stream" // a piece of an answer being written, with no seq
)

// Baseline is a session's projections as of event AsOfSeq.
type Baseline struct {
	AsOfSeq int64                     `json:"asOfSeq"`
	Values  map[string]jsontext.Value `json:"values"`
}

// Header is what deck reads of a follow snapshot's header: the session's
// id and folder.
type Header struct {
	ID  string `json:"id"`
	Cwd string `json:"cwd"`
}

// FollowItem is one item of a session/follow stream. By Kind: Snapshot has
// Header, Cursor (the log's cut: the page calls take it as throughSeq),
// Records, HasMore (older events exist) and Projections; EventEntry has
// Event; AssistantStream nothing deck reads. Each record is an
// {type:"event", event} object, read with ReadRecord.
type FollowItem struct {
	Kind        string
	Header      Header
	Cursor      int64
	Records     []jsontext.Value
	HasMore     bool
	Projections *Baseline
	Event       jsontext.Value
}

// ReadFollowItem reads one item of a session/follow stream.
func ReadFollowItem(v jsontext.Value) (FollowItem, error) {
	if v.Kind() != '{' {
		return FollowItem{}, errors.New("a session/follow item that is no object")
	}
	var f struct {
		Type        jsontext.Value   `json:"type"`
		Header      *Header          `json:"header"`
		Cursor      *int64           `json:"cursor"`
		Records     []jsontext.Value `json:"records"`
		HasMore     bool             `json:"hasMore"`
		Projections *Baseline        `json:"projections"`
		Event       jsontext.Value   `json:"event"`
	}
	if err := jsonline.Unmarshal(v, &f); err != nil {
		return FollowItem{}, fmt.Errorf("a session/follow item that does not read: %s", jsonline.Short(err))
	}
	it := FollowItem{Kind: text(f.Type), Records: f.Records, HasMore: f.HasMore, Projections: f.Projections, Event: f.Event}
	switch it.Kind {
	case Snapshot:
		if f.Header == nil || f.Cursor == nil || f.Records == nil || f.Projections == nil {
			return FollowItem{}, errors.New("a session/follow snapshot without header, cursor, records or projections")
		}
		it.Header, it.Cursor = *f.Header, *f.Cursor
	case EventEntry:
		if len(f.Event) == 0 {
			return FollowItem{}, errors.New("a session/follow event item without event")
		}
	case "":
		it.Kind = Untyped
	}
	return it, nil
}

// ReadRecord reads one record of a snapshot or a page: {type:"event",
// event}, and gives the event.
func ReadRecord(v jsontext.Value) (jsontext.Value, error) {
	var r struct {
		Type  jsontext.Value `json:"type"`
		Event jsontext.Value `json:"event"`
	}
	if err := jsonline.Unmarshal(v, &r); err != nil {
		return nil, jsonline.ShortErr(err)
	}
	if text(r.Type) != "event" || len(r.Event) == 0 {
		return nil, errors.New("it is not {type:\"event\", event}")
	}
	return r.Event, nil
}

// PageArgs are the arguments of session/page: the events of session id
// before seq before, of the log as of seq through, about max messages.
func PageArgs(sessionID string, through, before int64, max int) any {
	type request struct {
		Address     any   `json:"address"`
		ThroughSeq  int64 `json:"throughSeq"`
		BeforeSeq   int64 `json:"beforeSeq"`
		MaxMessages int   `json:"maxMessages,omitzero"`
	}
	return Named(request{Address(sessionID), through, before, max})
}

// FollowArgs are the arguments of session/follow: session id, with about
// max messages in the opening snapshot.
func FollowArgs(sessionID string, max int) any {
	type request struct {
		Address     any `json:"address"`
		MaxMessages int `json:"maxMessages,omitzero"`
	}
	return Named(request{Address(sessionID), max})
}

// Named wraps the one argument of the session methods, which the host
// names "request".
func Named(request any) any {
	return struct {
		Request any `json:"request"`
	}{request}
}

// Page is one page of session/page: its records in seq order.
type Page struct {
	Records []jsontext.Value `json:"records"`
	HasMore bool             `json:"hasMore"`
}

// ReadPage reads the value session/page answers.
func ReadPage(v jsontext.Value) (Page, error) {
	var p struct {
		Records *[]jsontext.Value `json:"records"`
		HasMore bool              `json:"hasMore"`
	}
	if err := jsonline.Unmarshal(v, &p); err != nil || p.Records == nil {
		return Page{}, errors.New("the page is not {records, hasMore}")
	}
	return Page{Records: *p.Records, HasMore: p.HasMore}, nil
}
