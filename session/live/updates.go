package live

import (
	"time"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"
)

// Update is one thing a Watch reports.
//
//sumtype:decl
type Update interface{ update() }

// Events are session events to apply after all those before, each exactly
// once and in seq order. Older: a page of older events (LoadOlder), to go
// before all others.
type Events struct {
	Events []Event
	Older  bool
}

// ProjectionChanged is a new value of one of the session's projections
// (title, tokenUsage, …) as of event Seq. A nil Value: the key is gone.
type ProjectionChanged struct {
	Key   string
	Value jsontext.Value
	Seq   int64
}

// QueueChanged is the whole of the session's inbox: prompts not yet taken.
type QueueChanged struct{ Items []QueueItem }

// ApprovalAsked is a tool call waiting for the user's yes or no. It stays
// pending across reconnects until ApprovalSettled.
type ApprovalAsked struct{ Request ApprovalRequest }

// ApprovalSettled closes an approval, answered here or elsewhere, or
// cancelled with its turn, in the host's words (session.Unavailable too when
// its turn ended while deck was not connected to hear how).
type ApprovalSettled struct {
	ApprovalID string
	Outcome    session.ApprovalOutcome
}

// QuestionAsked is a question waiting for the user's answer. It stays
// pending across reconnects until QuestionSettled.
type QuestionAsked struct{ Request QuestionRequest }

// QuestionSettled closes a question: Outcome "answered" or "cancelled", or
// "unavailable" when its turn ended while deck was not connected to hear how.
type QuestionSettled struct{ RPCID, Outcome string }

// Running says whether the session's agent is at work. A turn ends at its
// turn/end event, which can come after Running false.
type Running struct{ Running bool }

// Connection is the state of the link with the host. Live false: it is down
// for Err, and deck tries again in RetryIn.
type Connection struct {
	Live    bool
	Err     error
	RetryIn time.Duration
}

// Problem is something from the host that could not be used, or that the
// host reports (an agent error, a stream error): shown, never fatal.
type Problem struct{ Text string }

func (Events) update()            {}
func (ProjectionChanged) update() {}
func (QueueChanged) update()      {}
func (ApprovalAsked) update()     {}
func (ApprovalSettled) update()   {}
func (QuestionAsked) update()     {}
func (QuestionSettled) update()   {}
func (Running) update()           {}
func (Connection) update()        {}
func (Problem) update()           {}
