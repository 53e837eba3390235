package live

import (
	"bytes"
	"context"
	"slices"

	"github.com/deck-tui/deck/session"
	"github.com/go-json-experiment/json/jsontext"
)

// frame applies one downlink message. Frames of other sessions are skipped,
// and what deck has no use for is skipped and counted; a message that does
// not read, or a frame deck uses whose fields are wrong, is a Problem.
func (f *follower) frame(ctx context.Context, data []byte) {
	fr, err := readFrame(data)
	if err != nil {
		f.problem("the host sent %v", err)
		return
	}
	if fr.ignored != "" {
		f.w.ignored.add(fr.ignored)
		return
	}
	if fr.Type == "stream/error" {
		text := "the host's stream failed"
		if fr.Error != nil {
			text += ": " + fr.Error.Message
		}
		f.problem("%s", text)
		f.dropLink(f.c.fail("events.mux", &lostError{cause: streamError(text)}))
		return
	}
	if fr.SessionID != f.id {
		return
	}
	switch fr.Type {
	case "session/event":
		ev, err := readEvent(fr.Event, fr.View)
		if err != nil {
			f.problem("the host sent a session/event frame whose %v", err)
			return
		}
		f.event(ctx, ev)
	case "session/subscribed":
		// Events up to lastSeq are never pushed to this link: on a resume
		// lastSeq is the session/end-seed event.
		f.catchUp(ctx, *fr.LastSeq)
	case "session/projection":
		f.project(fr.Key, fr.Value, *fr.Seq)
	case "session/queue":
		f.queue = fr.queue()
		f.emit(QueueChanged{Items: f.queue})
	case "approval/requested":
		f.askApproval(fr.approval())
	case "approval/resolved":
		f.settleApproval(fr.ApprovalID, session.ApprovalOutcome(fr.Outcome))
	case "question/requested":
		f.askQuestion(fr.question())
	case "question/resolved":
		f.settleQuestion(fr.QuestionRPCID, fr.Outcome)
	case "host/session-status":
		f.setRunning(*fr.Running)
	case "host/agent-error":
		f.problem("the agent of session %s failed: %s", f.id, fr.Message)
	}
}

type streamError string

func (e streamError) Error() string { return string(e) }

func (f *follower) setRunning(r bool) {
	if f.running != nil && *f.running == r {
		return
	}
	f.running = &r
	f.emit(Running{Running: r})
}

// projection is one projection value and the seq it is as of.
type projection struct {
	seq   int64
	value jsontext.Value
}

// project takes a projection value unless the one held is as new or newer.
func (f *follower) project(key string, value jsontext.Value, seq int64) {
	cur, ok := f.proj[key]
	if ok && seq <= cur.seq {
		return
	}
	f.proj[key] = projection{seq: seq, value: value}
	if ok && bytes.Equal(cur.value, value) {
		return // the host repeats values whose fold state moved
	}
	f.emit(ProjectionChanged{Key: key, Value: value, Seq: seq})
	if key == inboxKey {
		f.queue = readInbox(value)
		f.emit(QueueChanged{Items: f.queue})
	}
}

// seed takes a tail page's projections as of its asOfSeq. A key the block
// lacks is a capability the session does not have (any more).
func (f *follower) seed(p Projections) {
	keys := make([]string, 0, len(p.Values))
	for k := range p.Values {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f.project(k, p.Values[k], p.AsOfSeq)
	}
	gone := []string{}
	for k, cur := range f.proj {
		if _, ok := p.Values[k]; !ok && cur.seq <= p.AsOfSeq {
			gone = append(gone, k)
		}
	}
	slices.Sort(gone)
	for _, k := range gone {
		delete(f.proj, k)
		f.emit(ProjectionChanged{Key: k, Seq: p.AsOfSeq})
		if k == inboxKey {
			f.queue = nil
			f.emit(QueueChanged{})
		}
	}
}
