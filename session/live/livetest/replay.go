package livetest

import (
	crand "crypto/rand"
	"fmt"

	"github.com/deck-tui/deck/session/internal/jsonline"
	"github.com/go-json-experiment/json/jsontext"
)

// arrival is a call the replay waits for, handed over by its handler.
type arrival struct {
	kind      string // create, prompt, respond, cancel
	rpc       string // deck's rpcId; for respond, the request's it echoes
	payload   object
	outcome   string // respond to an approval: deck's outcome
	dismissed bool   // respond to a question: dismissed
	reply     chan jsontext.Value
}

// await hands a call to the replay when it is the next one recorded, and
// returns the recorded answer once the frames before it are pushed.
func (h *Host) await(a arrival) (jsontext.Value, bool) {
	h.mu.Lock()
	k := h.nextBeat
	h.mu.Unlock()
	if k >= len(h.script.beats) || h.script.beats[k].kind != a.kind {
		return nil, false
	}
	a.reply = make(chan jsontext.Value, 1)
	select {
	case h.arrivals <- a:
	case <-h.ctx.Done():
		return nil, false
	}
	select {
	case v := <-a.reply:
		return v, v != nil
	case <-h.ctx.Done():
		return nil, false
	}
}

// waitingFor says what the replay waits for, for a failure's message.
func (h *Host) waitingFor() string {
	h.mu.Lock()
	k := h.nextBeat
	h.mu.Unlock()
	if k >= len(h.script.beats) {
		return "is over"
	}
	b := h.script.beats[k]
	if b.kind == "respond" {
		return fmt.Sprintf("waits for the answer to %s %s", b.frame.Type, b.frame.RPCID)
	}
	return "waits for session." + b.kind
}

// replay pushes the scenario's frames, beat by beat.
func (h *Host) replay() {
	sc := h.script
	if !h.pushFrames(0, sc.beats[0].hold) {
		return
	}
	for k := range sc.beats {
		b := &sc.beats[k]
		h.reach(b.mark)
		var a arrival
		for {
			select {
			case a = <-h.arrivals:
			case <-h.ctx.Done():
				return
			}
			if a.kind == b.kind && (b.frame == nil || a.rpc == b.frame.RPCID) {
				break
			}
			a.reply <- nil // not the call recorded here: its handler fails the test
		}
		// From now on the next call recorded waits for the replay to get there.
		h.mu.Lock()
		h.nextBeat = k + 1
		h.mu.Unlock()
		answer := b.call.value()
		switch b.kind {
		case "create":
			h.create(a)
		case "prompt":
			h.mu.Lock()
			h.rewrites = append(h.rewrites, b.call.rpcID(), a.rpc)
			h.mu.Unlock()
		case "respond":
			answer = b.call.Response // a bare receipt
			if b.mark == AwaitingApproval && a.outcome != b.call.approvalOutcome() {
				h.fail("the %v recording answered the approval %s; deck answered %s (use the scenario that recorded that)",
					sc.scenario, b.call.approvalOutcome(), a.outcome)
			}
			if a.dismissed {
				h.dismiss(b.frame)
				h.mu.Lock()
				h.nextBeat = len(sc.beats)
				h.mu.Unlock()
				a.reply <- answer
				h.reach(Finished)
				return
			}
		}
		if !h.pushFrames(b.hold, b.before) {
			return
		}
		a.reply <- answer
		if !h.pushFrames(b.before, sc.next(k)) {
			return
		}
	}
	h.reach(Finished)
}

// create makes the scenario's session exist, as deck asked.
func (h *Host) create(a arrival) {
	var cwd, id string
	_ = jsonline.Unmarshal(a.payload["cwd"], &cwd)
	_ = jsonline.Unmarshal(a.payload["sessionId"], &id)
	if id != "" && id != h.script.session {
		h.fail("session.create asks for session id %q; the %v recording made %q", id, h.script.scenario, h.script.session)
	}
	if cwd == "" {
		cwd = "/srv/dsh/work" // the host's own folder in the recordings
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	s := h.newSession(h.script.session, listRow{Cwd: cwd, AgentPreset: "standard"})
	s.blank = true
	s.proj = h.freshProjections()
}

// dismiss settles a question deck dismissed, which no recording has: the
// replay stops there.
func (h *Host) dismiss(q *frame) {
	h.mu.Lock()
	defer h.mu.Unlock()
	f, _ := parseFrame(serverRequest(map[string]any{"type": "question/resolved", "sessionId": q.SessionID,
		"questionRpcId": q.RPCID, "outcome": "cancelled"}), true, q.T)
	h.push(&f)
}

// pushFrames pushes frames [from, to), stopping at a Hold. It says false
// when the test is over.
func (h *Host) pushFrames(from, to int) bool {
	for i := from; i < to; i++ {
		f := &h.script.frames[i]
		h.mu.Lock()
		if h.holdSeq >= 0 && f.seq() >= h.holdSeq {
			release, held := h.release, h.reached[Held]
			select {
			case <-held:
			default:
				close(held)
			}
			h.mu.Unlock()
			select {
			case <-release:
			case <-h.ctx.Done():
				return false
			}
			h.mu.Lock()
		}
		h.push(f)
		h.mu.Unlock()
	}
	return h.ctx.Err() == nil
}

// approvalOutcome is the outcome a recorded approval answer gave.
func (c apiCall) approvalOutcome() string {
	var r struct {
		Result struct {
			Value struct {
				Outcome string `json:"outcome"`
			} `json:"value"`
		} `json:"result"`
	}
	_ = jsonline.Unmarshal(c.Request, &r)
	return r.Result.Value.Outcome
}

// newID mints a random UUID, as the host does for each push.
func newID() string {
	var b [16]byte
	_, _ = crand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])
}
