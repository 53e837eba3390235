package remote

import (
	"errors"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// The items of the session/control stream.
const (
	ControlBaseline   = "baseline"   // first: the projections of every live session
	ControlProjection = "projection" // one projection's new value
)

// ControlItem is one item of the session/control stream: a baseline
// (Baselines by session id) or one projection (SessionID, Key, Value, Seq).
type ControlItem struct {
	Kind      string
	Baselines map[string]Baseline
	SessionID string
	Key       string
	Value     jsontext.Value
	Seq       int64
}

// ReadControlItem reads one item of the session/control stream.
func ReadControlItem(v jsontext.Value) (ControlItem, error) {
	if v.Kind() != '{' {
		return ControlItem{}, errors.New("a session/control item that is no object")
	}
	var c struct {
		Type      jsontext.Value `json:"type"`
		Value     jsontext.Value `json:"value"`
		SessionID jsontext.Value `json:"sessionId"`
		Key       jsontext.Value `json:"key"`
		Seq       *int64         `json:"seq"`
	}
	if err := jsonline.Unmarshal(v, &c); err != nil {
		return ControlItem{}, fmt.Errorf("a session/control item that does not read: %s", jsonline.Short(err))
	}
	it := ControlItem{Kind: text(c.Type), SessionID: text(c.SessionID), Key: text(c.Key)}
	switch it.Kind {
	case ControlBaseline:
		var b struct {
			Projections map[string]Baseline `json:"projections"`
		}
		if jsonline.Unmarshal(c.Value, &b) != nil || b.Projections == nil {
			return ControlItem{}, errors.New("a session/control baseline without projections")
		}
		it.Baselines = b.Projections
	case ControlProjection:
		if it.SessionID == "" || it.Key == "" || c.Seq == nil || len(c.Value) == 0 {
			return ControlItem{}, errors.New("a session/control projection without sessionId, key, value or seq")
		}
		it.Value, it.Seq = c.Value, *c.Seq
	case "":
		it.Kind = Untyped
	}
	return it, nil
}
