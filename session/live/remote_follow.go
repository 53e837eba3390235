package live

import (
	"context"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/deck-tui/deck/session/live/remote"
	"github.com/go-json-experiment/json/jsontext"
)

// remoteFrame applies one message of a 0.2 host's mux: an item, the error
// or the end of one of the Watch's three streams. What deck has no use for
// is counted; a message that does not read, or an item deck uses whose
// fields are wrong, is a Problem.
func (f *follower) remoteFrame(ctx context.Context, data []byte) {
	fr, err := remote.ReadFrame(data)
	if err != nil {
		f.problem("the host sent %v", err)
		return
	}
	switch fr.Kind {
	case remote.Item, remote.Error, remote.End:
	default:
		f.w.ignored.add(fr.Kind)
		return
	}
	switch fr.StreamID {
	case eventsStream:
		f.eventsFrame(ctx, fr)
	case followStream:
		f.followFrame(ctx, fr)
	case controlStream:
		f.controlFrame(fr)
	default:
		f.w.ignored.add("(a stream deck did not open)")
	}
}

// over drops the link when one of its streams ends or fails: the host ends
// a generation that way, and deck opens a new one.
func (f *follower) over(endpoint string, fr remote.Frame) {
	cause := "the host ended its " + endpoint + " stream"
	if fr.Failure != nil {
		cause = fmt.Sprintf("the host's %s stream failed: %s (%s)", endpoint, fr.Failure.Message, fr.Failure.Code)
		f.problem("%s", cause)
	}
	f.dropLink(f.c.fail(muxOp, &lostError{cause: streamError(cause)}))
}

// eventsFrame applies an item of $events: the generation's client id, the
// session's running state and its agent's errors, its approvals and
// questions, and the host's withdrawals of them. A waterfall deck does not
// answer (another session's, or a kind deck does not know) is left to the
// other clients at once, or the host would wait for deck.
func (f *follower) eventsFrame(ctx context.Context, fr remote.Frame) {
	if fr.Kind != remote.Item {
		f.over(remote.EventsEndpoint, fr)
		return
	}
	e, err := remote.ReadHostEvent(fr.Value)
	if err != nil {
		f.problem("the host sent %v", err)
		return
	}
	switch e.Kind {
	case remote.Ready:
		f.w.answers.up(e.ClientID)
	case remote.Emit:
		f.hostEmit(e)
	case remote.Waterfall:
		mine := e.AgentID == f.id && (e.Name == "approval/request" || e.Name == "user-questions/request")
		if !mine {
			f.w.ignored.add(e.Name)
		}
		if !mine || !f.asked(e) {
			f.w.pass(ctx, f.w.answers.current(), e.EventID)
		}
	case remote.Withdrawn:
		f.settleRequest(e.EventID, "")
	default:
		f.w.ignored.add(e.Kind)
	}
}

// hostEmit applies the host events deck uses: api-session/status
// (sessionId, running) and api-session/error (sessionId, message).
func (f *follower) hostEmit(e remote.HostEvent) {
	var id string
	if len(e.Args) > 0 {
		_ = jsonline.Unmarshal(e.Args[0], &id)
	}
	switch e.Name {
	case "api-session/status":
		var running bool
		if len(e.Args) != 2 || id == "" || jsonline.Unmarshal(e.Args[1], &running) != nil {
			f.problem("the host sent an api-session/status event that is not [sessionId, running]")
			return
		}
		if id == f.id {
			f.setRunning(running)
		}
	case "api-session/error":
		var text string
		if len(e.Args) != 2 || id == "" || jsonline.Unmarshal(e.Args[1], &text) != nil {
			f.problem("the host sent an api-session/error event that is not [sessionId, message]")
			return
		}
		if id == f.id {
			f.problem("the agent of session %s failed: %s", f.id, text)
		}
	default:
		f.w.ignored.add(e.Name)
	}
}

// asked announces an approval or a question of this session; one whose
// request does not read is a Problem, and false: it is left to the others
// (the host then settles it without deck).
func (f *follower) asked(e remote.HostEvent) bool {
	if e.Name == "approval/request" {
		var r struct {
			ToolName          string `json:"toolName"`
			CallID            string `json:"callId"`
			Reason            string `json:"reason"`
			ApprovalRequestID string `json:"approvalRequestId"`
		}
		if err := jsonline.Unmarshal(e.Request, &r); err != nil || r.ToolName == "" {
			f.problem("the host sent an approval/request whose request is not {toolName, callId?, reason?}: deck cannot answer it")
			return false
		}
		a := ApprovalRequest{RPCID: e.EventID, SessionID: f.id, ApprovalID: r.ApprovalRequestID, ToolName: r.ToolName,
			CallID: r.CallID, Reason: r.Reason, via: f.w}
		if a.ApprovalID == "" {
			a.ApprovalID = e.EventID // an older host's: no audit id to pair with approval/decided
		}
		f.w.answers.ask(e.EventID)
		f.askApproval(a)
		return true
	}
	var r struct {
		Questions []wireQuestion `json:"questions"`
	}
	if err := jsonline.Unmarshal(e.Request, &r); err != nil || len(r.Questions) == 0 {
		f.problem("the host sent a user-questions/request without questions: deck cannot answer it")
		return false
	}
	fr := frame{RPCID: e.EventID, framePayload: framePayload{SessionID: f.id, Questions: r.Questions}}
	q := fr.question()
	q.via = f.w
	f.w.answers.ask(e.EventID)
	f.askQuestion(q)
	return true
}

// followFrame applies an item of session/follow: the snapshot that opens
// it, then the session's events. Pieces of an answer being written (no
// seq) are counted: deck shows the answer when it is in the log. A failure
// of the stream is the host's refusal to follow the session (writer-held,
// migration-required, not found): said once, not tried again on this link.
func (f *follower) followFrame(ctx context.Context, fr remote.Frame) {
	switch fr.Kind {
	case remote.End:
		f.over("session/follow", fr)
		return
	case remote.Error:
		err := &RPCError{Method: "session/follow", Code: fr.Failure.Code, Message: fr.Failure.Message, Details: fr.Failure.Details}
		f.problem("%v", err)
		if !f.synced {
			f.synced = true
			f.emit(Connection{Live: true})
		}
		return
	}
	it, err := remote.ReadFollowItem(fr.Value)
	if err != nil {
		f.problem("the host sent %v", err)
		return
	}
	switch it.Kind {
	case remote.Snapshot:
		f.snapshot(ctx, it)
	case remote.EventEntry:
		ev, err := readEvent(it.Event, nil)
		if err != nil {
			f.problem("the host sent a session/follow event whose %v", err)
			return
		}
		f.event(ctx, ev)
	default:
		f.w.ignored.add(it.Kind)
	}
}

// snapshot re-syncs on a new link: the follow stream opens with the tail of
// the log, which is stitched on (the events missed while away are paged
// in), and the projections as of it.
func (f *follower) snapshot(ctx context.Context, it remote.FollowItem) {
	if it.Header.ID != "" && it.Header.ID != f.id {
		f.problem("the host sent the snapshot of session %s for session %s: it is left out", it.Header.ID, f.id)
		return
	}
	f.seed(Projections{AsOfSeq: it.Projections.AsOfSeq, Values: it.Projections.Values})
	f.cut = max(f.cut, it.Cursor)
	page := Page{HasMore: it.HasMore}
	page.Events, page.Problems = readRecords(it.Records, f.id)
	if err := f.stitch(ctx, page); err != nil && !f.refused(err) {
		f.dropLink(err)
		return
	}
	f.live(ctx)
}

// controlFrame applies an item of session/control: the projections of the
// session, in a baseline (of every live session: a cold one is not in it)
// or one at a time.
func (f *follower) controlFrame(fr remote.Frame) {
	if fr.Kind != remote.Item {
		f.over("session/control", fr)
		return
	}
	it, err := remote.ReadControlItem(fr.Value)
	if err != nil {
		f.problem("the host sent %v", err)
		return
	}
	switch it.Kind {
	case remote.ControlBaseline:
		if b, ok := it.Baselines[f.id]; ok {
			f.seed(Projections{AsOfSeq: b.AsOfSeq, Values: b.Values})
		}
	case remote.ControlProjection:
		if it.SessionID == f.id {
			f.project(it.Key, it.Value, it.Seq)
		}
	default:
		f.w.ignored.add(it.Kind)
	}
}

// inboxKey is the 0.2 host's projection of a session's queue: the prompts
// for the next turn and those for the next step.
const inboxKey = "inbox"

// readInbox reads the inbox projection: {"next-turn": [message…],
// "next-step": [message…]}, each a user message whose text blocks are the
// prompt. A value that does not read is an empty queue.
func readInbox(value jsontext.Value) []QueueItem {
	var in map[string][]struct {
		ID      string      `json:"id"`
		Content []textBlock `json:"content"`
	}
	if value == nil || jsonline.Unmarshal(value, &in) != nil {
		return nil
	}
	var out []QueueItem
	for _, list := range []struct{ key, placement string }{{"next-turn", "queued"}, {"next-step", "steering"}} {
		for _, m := range in[list.key] {
			out = append(out, QueueItem{ID: m.ID, Placement: list.placement, Text: joinText(m.Content)})
		}
	}
	return out
}
