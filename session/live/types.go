package live

import (
	"github.com/go-json-experiment/json/jsontext"
)

// HostInfo is what host.describe tells: the host's version (a fixed
// "0.0.1" in rc.8: there is no protocol version), its default folder, the
// model a new session gets, its home, and how many sessions it holds open.
// A 0.2 host tells the model only. Protocol is the protocol it speaks,
// "rc.8" or "0.2", as its answers told.
type HostInfo struct {
	Protocol         string `json:"-"`
	Version          string `json:"version"`
	Cwd              string `json:"cwd"`
	Provider         string `json:"provider"`
	Model            string `json:"model"`
	Home             string `json:"home"`
	AttachedSessions int    `json:"attachedSessions"`
}

// SessionInfo is one row of session.list, newest first. A blank session has
// had no turn yet; a cold one (not attached) is never Running.
type SessionInfo struct {
	ID          string
	UpdatedAt   int64 // epoch ms
	Running     bool
	Blank       bool
	Cwd         string
	AgentPreset string
	ParentID    string // the parent of a subagent's session
	Origin      string // "subagent", or ""
	Title       string // from the projections, "" when none
	Projections Projections
	// FormatStatus is the harness's classification of the session's
	// newest log (its list rows carry it, 0.2 on): FormatCurrent, or
	// FormatMigrationRequired for an older format the host migrates when
	// the session is next written; "" when the host did not say.
	FormatStatus string
}

// The harness's formatStatus values (session-persistence-jsonl README).
const (
	FormatCurrent           = "current"
	FormatMigrationRequired = "migration-required"
)

// Projections is a session's computed state (title, tokenUsage,
// contextPressure, …) as of event AsOfSeq (-1: an empty log). Each value is
// the host's JSON, as sent.
type Projections struct {
	AsOfSeq int64                     `json:"asOfSeq"`
	Values  map[string]jsontext.Value `json:"values"`
}

// Page is one page of a session's history, in seq order. Projections come
// with the tail page only. Problems describes entries that could not be
// read; they are left out of Events.
type Page struct {
	Events      []Event
	HasMore     bool
	Projections *Projections
	Problems    []string
}

// Event is one session event.
type Event struct {
	Seq     int64
	Raw     jsontext.Value // the event object, as the session log holds it
	View    jsontext.Value // the host's render intent ({card:…}) when it attached one, else nil
	ViewFor string         // "call" or "result" with View
}

// QueueItem is a prompt waiting in the session's inbox: "queued" for the
// next turn, "steering" for the next step, "context" when injected.
type QueueItem struct {
	ID, Placement, Text string
}

// ApprovalRequest is the host asking whether a tool call may run. RPCID is
// what the answer echoes (a 0.2 host's event id).
type ApprovalRequest struct {
	RPCID, SessionID, ApprovalID, ToolName, CallID, Reason string

	via *Watch // the Watch whose link a 0.2 host asked it on, which answers it; nil on rc.8
}

// Question is one question of an ask_user_question call.
type Question struct {
	ID, Header, Text, Detail string
	Options                  []Option
	Multi                    bool // several options may be chosen
}

// Option is one answer a question offers.
type Option struct {
	Label, Description string
}

// QuestionRequest is the host asking the user one or more questions.
type QuestionRequest struct {
	RPCID, SessionID string
	Questions        []Question

	via *Watch // as ApprovalRequest's
}

// QuestionAnswer answers one question: the labels chosen, and or instead
// free text.
type QuestionAnswer struct {
	ID       string
	Selected []string
	Custom   string
}

// Receipt is the host's word on an answer: Accepted, or Reason
// "not-pending" (answered already, here or elsewhere) or "bad-response".
type Receipt struct {
	Accepted bool   `json:"accepted"`
	Reason   string `json:"reason"`
}
