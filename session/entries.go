package session

// Entry is one thing a session shows, in order: a message, a tool call, a
// boundary, a notice. Every entry kind has a card.
//
//sumtype:decl
type Entry interface {
	base() *EntryBase
	entry()
}

// EntryBase is what every entry carries. Rev grows each time the entry
// changes, so a viewer re-renders exactly the entries that changed.
type EntryBase struct {
	ID   int   // stable within a session
	Rev  int   // bumped on every change
	Seq  int64 // seq of the event that created it; -1 if none
	Time int64 // epoch ms of that event; 0 if unknown
	Line int   // log line that created it
}

func (b *EntryBase) base() *EntryBase { return b }

// Clone returns a shallow copy of an entry. The decoder never changes what
// an entry points to in place (it replaces slices and structs instead), so a
// clone taken under the session's lock can be read without it, while the
// session goes on changing.
func Clone(e Entry) Entry {
	switch x := e.(type) {
	case *UserMessage:
		c := *x
		return &c
	case *AssistantText:
		c := *x
		return &c
	case *Reasoning:
		c := *x
		return &c
	case *ToolCall:
		c := *x
		return &c
	case *TurnStart:
		c := *x
		return &c
	case *TurnEnd:
		c := *x
		return &c
	case *Plan:
		c := *x
		return &c
	case *Event:
		c := *x
		return &c
	case *Notice:
		c := *x
		return &c
	}
	return e
}

// Base returns the common fields of any entry.
func Base(e Entry) *EntryBase { return e.base() }

// MessageRole tells the kinds of user-role message apart.
type MessageRole int

const (
	RoleHuman              MessageRole = iota // a person's prompt
	RoleContext                               // runtime context the harness injects each step
	RoleInjected                              // other injected text: instructions, notices, goal rounds
	RoleSummary                               // a compaction summary that replaced earlier messages
	RoleUnknownSource                         // from a source kind deck does not know: its text as it is, never the prompt
	RoleSystemPrompt                          // the system prompt: the conversation's first node (harness v3 on)
	RoleSystemPromptUpdate                    // a later system prompt, in place of the one before
)

// UserMessage is a user-role message.
type UserMessage struct {
	EntryBase
	Role     MessageRole
	Source   string // source kind, with the plugin name for plugin sources
	Content  []ContentBlock
	Replaces Replaced // a summary's: what it stands in for
}

// Replaced is what a summary stands in for on the model's surface: how many
// earlier messages, and the turns they were in (0 before any turn). No
// Messages when the log does not say.
type Replaced struct {
	Messages            int
	FirstTurn, LastTurn int
}

// AssistantText is the model's reply text (Markdown).
type AssistantText struct {
	EntryBase
	Text      string
	Streaming bool // still arriving in chunks; not yet committed
	Cut       bool // it stopped before the reply was whole: its turn ended, its model call failed
}

// Reasoning is the model's reasoning text.
type Reasoning struct {
	EntryBase
	Text      string
	Streaming bool
	Cut       bool
}

// CallStatus is where a tool call stands.
type CallStatus int

const (
	CallPending CallStatus = iota
	CallDone
	CallFailed
	CallStopped // ended by the turn's interrupt: neither done nor failed
	// CallNotStarted and CallOutcomeUnknown are calls the harness closed
	// after the fact, when it found them open in its log (a crash, a fork
	// cut inside a turn): never started, or started with no result kept.
	// Neither failed: nothing says the tool did.
	CallNotStarted
	CallOutcomeUnknown
	// CallPreparing is a call whose arguments are still arriving: the
	// model is still writing it, and nothing runs yet (the web client's
	// "preparing", before "running").
	CallPreparing
	// CallDenied is a call the harness's auto review refused to run
	// (AutoReviewDeniedError, AUTO_REVIEW_DENIED): a failure, but not
	// the tool's, which never ran.
	CallDenied
)

// Failed is whether the call failed: an error, or a denial by review.
func (s CallStatus) Failed() bool { return s == CallFailed || s == CallDenied }

// Pending is whether the call has no result yet: preparing or running.
func (s CallStatus) Pending() bool { return s == CallPending || s == CallPreparing }

// The harness's error codes of a call stopped by the turn's interrupt and
// of one its auto review refused (tools' AbortError, AutoReviewDeniedError).
const (
	ToolInterrupted  = "interrupted"
	AutoReviewDenied = "AUTO_REVIEW_DENIED"
)

// The harness's recovery codes for those calls (core/session repair.ts).
const (
	ToolNotStarted     = "TOOL_NOT_STARTED"
	ToolOutcomeUnknown = "TOOL_OUTCOME_UNKNOWN"
)

// ToolCall is a tool call and, once it came, its result. Call and Result are
// the harness's views for the two states.
type ToolCall struct {
	EntryBase
	CallID    string
	Name      string
	Arguments string // raw JSON as the model wrote it
	Streaming bool   // arguments still arriving
	Orphan    bool   // a result whose call the log never showed
	Duplicate bool   // a second result for a call that already had one
	// Unfinished marks a call still pending when its turn ended: it will
	// never get a result.
	Unfinished bool

	// Cwd is the working directory the call ran in when the log moved it
	// away from the session's (working-directory/change); "" for the
	// session's own. Its paths are shown relative to it.
	Cwd string

	Call   CallView
	Result *ToolResult
	View   ResultView // nil while pending, but for a command's output shown as it streams

	// DiffStarts numbers the diff the card shows (the result's, else the
	// call's): for each FileDiff, the file line its old text starts at, as
	// the session's earlier reads show it; 0 where that is not known.
	DiffStarts []int

	Approval *Approval
	SubCalls []SubCall // nested calls made inside this one (code mode)
	// Nested is the work of a subagent this call started (Claude Code's
	// Task), in order; shown inside the call's card.
	Nested    []Entry
	StartTime int64 // when the harness started the call (tool/call); 0 if unseen
	EndTime   int64 // when its result came; 0 while pending
	Duration  int64 // ms the agent said the call took, for logs with no times
}

// Elapsed is how long the call ran, in ms: from its two ends when both are
// known, else as the agent reported it. A call the harness closed after
// the fact ran for no time it knows: the closer's time is when the harness
// found it open, not when it ended.
func (c *ToolCall) Elapsed() (int64, bool) {
	if c.Recovered() {
		return 0, false
	}
	if c.StartTime <= 0 || c.EndTime < c.StartTime {
		return c.Duration, c.Duration > 0
	}
	return c.EndTime - c.StartTime, true
}

// WorkingDir is the folder the call's relative paths are in: its own, when
// the log had moved the session to another (Cwd), else the session's,
// given.
func (c *ToolCall) WorkingDir(session string) string {
	if c.Cwd != "" {
		return c.Cwd
	}
	return session
}

// Recovered reports a call the harness closed after the fact, when it
// found it open in its log: not started, or of unknown outcome.
func (c *ToolCall) Recovered() bool {
	s := c.Status()
	return s == CallNotStarted || s == CallOutcomeUnknown
}

// Status says whether the call is preparing, pending, done, failed,
// denied or stopped, as the harness's web client tells its rows apart
// (tool-call-model.ts). A command that exited non-zero or was killed
// failed, though its tool call worked. A call the turn's interrupt ended
// (error code "interrupted"; a question's ASK_ABORTED) stopped, amber as
// the web client shows it, not failed; so did a call the person cancelled
// (Gemini CLI's "cancelled"). One the auto review refused is denied. A call the
// harness closed when it found it open (its crash recovery, a fork's cut)
// is not started or of unknown outcome: nothing says it failed.
func (c *ToolCall) Status() CallStatus {
	code := ""
	if c.Result != nil && c.Result.Error != nil {
		code = c.Result.Error.Code
	}
	switch {
	case c.Result == nil && c.Streaming && !c.Unfinished:
		return CallPreparing
	case c.Result == nil:
		return CallPending
	case c.Result.Cancelled || code == "ASK_ABORTED" || code == ToolInterrupted:
		return CallStopped
	case c.Result.IsError && code == AutoReviewDenied && c.Result.Error.Name == "AutoReviewDeniedError":
		return CallDenied
	case c.Result.Error != nil && c.Result.Error.Code == ToolNotStarted:
		return CallNotStarted
	case c.Result.Error != nil && c.Result.Error.Code == ToolOutcomeUnknown:
		return CallOutcomeUnknown
	case c.Result.IsError || c.Result.Error != nil:
		return CallFailed
	}
	if v, ok := c.View.(TerminalResultView); ok && (v.Signal != "" || (v.ExitCode != nil && *v.ExitCode != 0)) {
		return CallFailed
	}
	return CallDone
}

// Title is the result view's title when it has one, else the call view's.
func (c *ToolCall) Title() string {
	if c.View != nil && c.View.ResultTitle() != "" {
		return c.View.ResultTitle()
	}
	return CallTitle(c.Call)
}

func CallTitle(v CallView) string {
	switch v := v.(type) {
	case GenericCallView:
		return v.Title
	case TerminalCallView:
		return v.Title
	case DiffCallView:
		return v.Title
	}
	return ""
}

// ToolResult is a completed call's model-facing result.
type ToolResult struct {
	Content []ContentBlock
	IsError bool
	// Cancelled marks a call the person cancelled before it finished (Gemini
	// CLI's status "cancelled"): stopped, neither done nor failed.
	Cancelled bool
	Error     *ToolError // the harness's failure identity, when it named one
	Meta      any        // tool-private presentation meta, JSON numbers as jsonline.Number; dropped once the call's view is made
	HasMeta   bool
	// Forked says a fork's seed wrote this result, closing a call its
	// parent's history leaves open, rather than the harness's crash
	// recovery (both write the same codes).
	Forked bool
}

// ToolError names a failure: {name, code}, and since format v4 the
// harness's reason in words.
type ToolError struct {
	Name   string `json:"name"`
	Code   string `json:"code"`
	Reason string `json:"-"`
}

// Approval is the approval the harness asked of the user for a call.
type Approval struct {
	ID      string
	Reason  string
	Outcome ApprovalOutcome // "" while asked
}

// ApprovalOutcome is how an approval was settled, in the harness's words;
// other agents' logs may word more kinds.
type ApprovalOutcome string

// The outcomes deck draws and sends.
const (
	AllowedOnce       ApprovalOutcome = "allowed-once"
	AllowedAlways     ApprovalOutcome = "allowed-always"
	AllowedForSession ApprovalOutcome = "allowed-session" // format v6
	Rejected          ApprovalOutcome = "rejected"
	Cancelled         ApprovalOutcome = "cancelled"
	Unavailable       ApprovalOutcome = "unavailable" // its turn ended unanswered while deck was away
)

// Allowed reports an outcome that let the call run.
func (o ApprovalOutcome) Allowed() bool {
	return o == AllowedOnce || o == AllowedAlways || o == AllowedForSession
}

// SubCall is a call a code-mode tool made inside its own run.
type SubCall struct {
	ID      string
	Name    string
	Done    bool
	IsError bool
	// Title is what the call does, as its own card would title it from its
	// arguments; "" when they say no more than its name.
	Title string
	// Cwd and Path are the folder a command ran in and the file a file
	// tool worked on, absolute, when the harness recorded them (its
	// result's meta, 2026-10-05 on).
	Cwd, Path string
	// Todos is what a todo_write that finished well changed in the list
	// before it, as a top-level one's result view says (deck's).
	Todos *TodoChanges
}

// TurnStart opens a turn.
type TurnStart struct {
	EntryBase
	Turn int
	// Usage is the tokens the model reported in the turn, as far as the log
	// reports them (Builder.CountUsage): zero when it reports none.
	Usage TokenUsage
	// Steps are the times of the turn's steps, for a log that records its
	// steps' bounds (Builder.CountStep): not Recorded for one that does not.
	Steps StepTimes
}

// StepTimes sum the model's times over a turn's steps, by the rules of the
// harness's web client (its sessionStats projection), so that deck's
// figures are the ones it shows. A step counts once it ended (step/end:
// done, failed or cancelled alike). Its model time runs from its start to
// its assembled message, and a step that assembled none (cancelled) has
// none; its first token is the first delta with text, arguments or a
// call's name, in its chunks or its attempts' and message's streams; its
// decoding runs from that token to the message, counted only with the
// output tokens the message reported.
type StepTimes struct {
	Recorded        bool  // the log records its steps
	Ended           int   // steps that ended
	Timed           int   // steps that assembled their message, both times known
	Model           int64 // ms, each step's start to its message, over the Timed steps
	FirstToken      int64 // ms, each step's start to its first token, summed over FirstTokenSteps
	FirstTokenSteps int
	Decode          int64 // ms, first token to message, over the steps that reported output tokens
	DecodeTokens    int64 // those steps' output tokens
}

// Add counts o's steps too.
func (t *StepTimes) Add(o StepTimes) {
	t.Recorded = t.Recorded || o.Recorded
	t.Ended += o.Ended
	t.Timed += o.Timed
	t.Model += o.Model
	t.FirstToken += o.FirstToken
	t.FirstTokenSteps += o.FirstTokenSteps
	t.Decode += o.Decode
	t.DecodeTokens += o.DecodeTokens
}

// TurnEnd closes a turn and says why it ended.
type TurnEnd struct {
	EntryBase
	Turn    int
	Reason  string // completed, aborted, blocked, error, max-tokens, interrupted, …
	Detail  string // who aborted, the error message, …
	Steps   int
	Elapsed int64 // ms from the turn's start, 0 if unknown
	// Produced is the files the turn's calls wrote or edited, each once,
	// first produced first (ToolCall.Produced): its tail's chips, as the
	// web client's. Builder.Add finds them when the turn ends.
	Produced []string
}

// Plan is a todo list snapshot (todo/write); the latest one is the plan.
type Plan struct {
	EntryBase
	Items       []PlanItem
	Explanation string // why the plan is as it is, when the agent said (Codex's update_plan)
}

// PlanItem is one task of a plan.
type PlanItem struct {
	Content string `json:"content"`
	Status  string `json:"status"` // pending, in_progress, completed
}

// Event is a session event worth a line of its own that is neither a message
// nor a call: a slash command, a compaction, a retry, a goal change.
type Event struct {
	EntryBase
	Kind    string // the event type
	Summary string // one line
	Body    string // optional longer text (a compaction summary), shown collapsed
	Failed  bool
}

func (*UserMessage) entry()   {}
func (*AssistantText) entry() {}
func (*Reasoning) entry()     {}
func (*ToolCall) entry()      {}
func (*TurnStart) entry()     {}
func (*TurnEnd) entry()       {}
func (*Plan) entry()          {}
func (*Event) entry()         {}
func (*Notice) entry()        {}

// Notice is something deck could not read or place: a line that is not JSON,
// an event of an unknown type, a truncated tail. Nothing is dropped silently.
type Notice struct {
	EntryBase
	Text string
	// Info marks a notice that says what deck did with the log (read it
	// again, followed the harness's migration), not what went wrong: it is
	// no error.
	Info bool
}
