package livetest

import (
	"fmt"
	"slices"
	"strings"
)

// Scenario is one recorded run of the real host that the fake replays.
type Scenario int

const (
	// Plain: an empty host; deck creates a session and prompts it; the turn
	// reads a file, then runs bash without asking.
	Plain Scenario = iota
	// Approval: the same, but the bash call is escalated and waits for an
	// approval, answered allowed-once.
	Approval
	// Reject: the same approval, answered rejected; the turn goes on.
	Reject
	// Question: the turn calls ask_user_question and waits for the answer
	// (captured: "Safe"). A dismissal ends the replay there.
	Question
	// Cancel: a slow turn streams text until deck cancels it.
	Cancel
	// Reconnect: another session is attached already; deck creates one and
	// prompts it, and its approval waits while the test drops the
	// downlinks; answered allowed-once.
	Reconnect
	// Resume: a restarted host with five cold sessions; a prompt to the
	// first one's session (plain) resumes it: the mux subscribes it at the
	// session/end-seed event it never pushes, and a second turn runs.
	Resume
	// NextTools and the rest are the 0.1.1-rc.2 host's runs, the newest
	// harness that could be built (golden/testdata/harness-next/live/):
	// rc.8's methods and frames, recorded apart. NextTools: read, write,
	// edit, grep, glob, then bash, which fails (the host had no sandbox).
	NextTools
	// NextPlain: read, then the same failing bash.
	NextPlain
	// NextApproval: an escalated bash, answered allowed-once; it runs.
	NextApproval
	// NextReject: the same, answered rejected.
	NextReject
	// NextQuestion: ask_user_question, answered "Safe".
	NextQuestion
	scenarios
)

var scenarioNames = [...]string{"Plain", "Approval", "Reject", "Question", "Cancel", "Reconnect", "Resume",
	"NextTools", "NextPlain", "NextApproval", "NextReject", "NextQuestion"}

func (s Scenario) String() string {
	if int(s) < len(scenarioNames) {
		return scenarioNames[s]
	}
	return fmt.Sprintf("Scenario(%d)", int(s))
}

// The sessions of the captures.
const (
	plainID     = "session-642ce59c-19de-4f94-b814-c2eb8c8e1b64"
	toolsID     = "session-3cefc85d-b081-4857-ac37-d1f02b4bdefa"
	rejectID    = "session-b114f289-c37c-4290-bc42-93d612266640"
	askID       = "session-a8c3a5d3-7194-4014-b19c-1ecff4699a89"
	cancelID    = "session-2be27bfc-5324-4551-843e-5f0aacd8d1fe"
	reconnectID = "session-ab8ab17e-c2c3-4cb6-a5e3-fcdbb669360b"

	nextToolsID    = "session-58fcd098-7538-4164-a043-375302e0620a"
	nextPlainID    = "session-e220e21c-a77d-42f8-a42c-afe54d0d98d5"
	nextEscalateID = "session-41e3e181-f687-486f-b2a6-f9826d671e86"
	nextRejectID   = "session-9178aeb2-4069-4060-8ae8-350841ceba5b"
	nextAskID      = "session-53b7b9ee-01a1-49b8-95f0-e40f13c43b48"
)

// spec says where a scenario lies in the captures.
type spec struct {
	run      string           // the capture folder
	session  string           // the session the scenario follows
	triggers []int            // the api-calls lines of the calls the replay waits for, in order
	stop     int              // the api-calls line of the first call left out with its frames; 0: none
	attached map[string]int64 // sessions attached from the start, at their last seq
	cold     bool             // the persisted sessions of the resume run exist, cold
}

var specs = map[Scenario]spec{
	Plain:     {run: "web-api", session: plainID, triggers: []int{7, 10}, stop: 13},
	Approval:  {run: "web-api", session: toolsID, triggers: []int{13, 16, 17}, stop: 20},
	Reject:    {run: "web-api", session: rejectID, triggers: []int{20, 23, 24}, stop: 27},
	Question:  {run: "web-api", session: askID, triggers: []int{27, 30, 31}, stop: 34},
	Cancel:    {run: "web-api", session: cancelID, triggers: []int{34, 37, 38}},
	Reconnect: {run: "web-api-reconnect", session: reconnectID, triggers: []int{2, 3, 5}, attached: map[string]int64{plainID: 266}},
	Resume:    {run: "web-api-resume", session: plainID, triggers: []int{5}, stop: 8, cold: true},

	NextTools:    {run: nextRun, session: nextToolsID, triggers: []int{7, 9}, stop: 11},
	NextPlain:    {run: nextRun, session: nextPlainID, triggers: []int{11, 13}, stop: 15},
	NextApproval: {run: nextRun, session: nextEscalateID, triggers: []int{15, 17, 18}, stop: 20},
	NextReject:   {run: nextRun, session: nextRejectID, triggers: []int{20, 22, 23}, stop: 25},
	NextQuestion: {run: nextRun, session: nextAskID, triggers: []int{25, 27, 28}, stop: 30},
}

// Mark is a point of a scenario a test can wait for (Host.Wait).
type Mark int

const (
	AwaitingCreate   Mark = iota // the replay waits for session.create
	AwaitingPrompt               // … for session.prompt: the session exists, idle
	AwaitingApproval             // … for the answer to the approval/requested it pushed
	AwaitingAnswer               // … for the answer to the question/requested it pushed
	AwaitingCancel               // … for session.cancel, the turn streaming
	Held                         // stopped at the seq given to Hold, until Release
	Finished                     // everything recorded is pushed
	marks
)

var markNames = [...]string{"AwaitingCreate", "AwaitingPrompt", "AwaitingApproval", "AwaitingAnswer",
	"AwaitingCancel", "Held", "Finished"}

func (m Mark) String() string {
	if m >= 0 && m < marks {
		return markNames[m]
	}
	return fmt.Sprintf("Mark(%d)", int(m))
}

// beat is one call the replay waits for, and the frames it pushes around it.
type beat struct {
	kind   string  // create, prompt, respond, cancel
	call   apiCall // as captured
	mark   Mark    // reached while waiting for the call
	hold   int     // frames before this index are pushed before the wait
	before int     // frames [hold, before) are pushed before the answer, the rest until the next hold after
	frame  *frame  // for respond: the requested frame it answers
}

// script is a scenario made ready: its frames in order, and its beats.
type script struct {
	spec
	scenario Scenario
	rec      *recording
	frames   []frame
	beats    []beat
}

func buildScript(s Scenario, c *corpus) (*script, error) {
	sp, ok := specs[s]
	if !ok {
		return nil, fmt.Errorf("no scenario %v", s)
	}
	sc := &script{spec: sp, scenario: s, rec: c.runs[sp.run]}
	calls := sc.rec.calls
	start := callTime(calls, sp.triggers[0]-1)
	end := int64(1) << 62
	if sp.stop > 0 {
		end = callTime(calls, sp.stop-1)
	}
	// The frames of this session (and the host's session-less ones) in the
	// scenario's span of time; the mux and host streams merged by time.
	for _, f := range slices.Concat(sc.rec.host, sc.rec.mux) { // the host's first on a tie: it announces a session before the mux follows it
		mine := f.SessionID == sp.session || (f.SessionID == "" && !f.Mux)
		if mine && f.T > start && f.T <= end {
			sc.frames = append(sc.frames, f)
		}
	}
	slices.SortStableFunc(sc.frames, func(a, b frame) int { return int(a.T - b.T) })

	for k, line := range sp.triggers {
		call := calls[line-1]
		b := beat{call: call}
		b.kind = strings.TrimPrefix(call.Path, "/api/")
		b.kind = strings.TrimPrefix(b.kind, "session.")
		switch b.kind {
		case "create":
			b.mark, b.hold = AwaitingCreate, sc.firstAfter(callTime(calls, line-1))
		case "prompt":
			b.mark = AwaitingPrompt
			if k > 0 && sc.beats[k-1].kind == "create" {
				// The create's frames end at the session's subscription.
				b.hold = sc.after(sc.beats[k-1].hold, func(f *frame) bool { return f.Type == "session/subscribed" })
			} else {
				b.hold = sc.firstAfter(callTime(calls, line-1))
			}
		case "respond":
			rpc := call.rpcID()
			b.hold = sc.after(0, func(f *frame) bool { return f.RPCID == rpc && strings.HasSuffix(f.Type, "/requested") })
			b.frame = &sc.frames[b.hold-1]
			b.mark = AwaitingApproval
			if b.frame.Type == "question/requested" {
				b.mark = AwaitingAnswer
			}
		case "cancel":
			b.mark = AwaitingCancel
			b.hold = len(sc.frames)
			for i, f := range sc.frames {
				if f.T >= call.T {
					b.hold = i
					break
				}
			}
		default:
			return nil, fmt.Errorf("%v: api-calls line %d is not a call the replay waits for", s, line)
		}
		if b.hold < 0 {
			return nil, fmt.Errorf("%v: no frames before the call on api-calls line %d", s, line)
		}
		if k > 0 {
			b.hold = max(b.hold, sc.beats[k-1].hold)
		}
		sc.beats = append(sc.beats, b)
	}
	for k := range sc.beats {
		b := &sc.beats[k]
		next := len(sc.frames)
		if k+1 < len(sc.beats) {
			next = sc.beats[k+1].hold
		}
		b.before = b.hold
		for b.before < next && sc.frames[b.before].T <= b.call.T {
			b.before++
		}
	}
	return sc, nil
}

// next is the end of beat k's frames.
func (sc *script) next(k int) int {
	if k+1 < len(sc.beats) {
		return sc.beats[k+1].hold
	}
	return len(sc.frames)
}

// firstAfter is the index of the first frame later than t.
func (sc *script) firstAfter(t int64) int {
	for i, f := range sc.frames {
		if f.T > t {
			return i
		}
	}
	return len(sc.frames)
}

// after is the index just after the first frame from i that matches, or -1.
func (sc *script) after(i int, match func(*frame) bool) int {
	for ; i < len(sc.frames); i++ {
		if match(&sc.frames[i]) {
			return i + 1
		}
	}
	return -1
}

// callTime is the time of api-calls line n, 0 before the first.
func callTime(calls []apiCall, n int) int64 {
	if n < 1 {
		return 0
	}
	return calls[n-1].T
}
