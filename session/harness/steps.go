package harness

import (
	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/jsonline"
)

// openStep is the step the harness started last, until it assembled its
// message or ended: what its times are measured from.
type openStep struct {
	turn, step int64
	start      int64 // its step/start's time
	firstToken int64 // when its first token came; 0 until one did
	open       bool
}

// of reports whether the step is open and is this one.
func (o openStep) of(turn, step int64) bool { return o.open && o.turn == turn && o.step == step }

func (d *Decoder) stepStart(r *record) (session.Outcome, error) {
	var t struct {
		Turn jsonline.Number `json:"turn"`
		Step jsonline.Number `json:"step"`
	}
	if err := decode(r, &t); err != nil {
		return 0, err
	}
	d.step = openStep{turn: jsonline.Num(t.Turn), step: jsonline.Num(t.Step), start: jsonline.Num(r.Time), open: true}
	d.s.CountStep(session.StepTimes{Recorded: true})
	return session.AsBookkeeping, nil
}

// stepEnd counts a step that ended, however it did: the harness writes
// one step/end for every step it entered, a cancelled or failed one too.
func (d *Decoder) stepEnd(r *record) (session.Outcome, error) {
	var t struct {
		Turn jsonline.Number `json:"turn"`
	}
	if err := decode(r, &t); err != nil {
		return 0, err
	}
	d.turnSteps[jsonline.Num(t.Turn)]++
	d.step = openStep{}
	d.s.CountStep(session.StepTimes{Recorded: true, Ended: 1})
	return session.AsBookkeeping, nil
}

// tokenAt notes that a token of the step came at this time: its first
// token, when it is the open step's first. A retry within the step keeps
// the first attempt's.
func (d *Decoder) tokenAt(turn, step, at int64) {
	if at > 0 && d.step.of(turn, step) && d.step.firstToken == 0 {
		d.step.firstToken = at
	}
}

// stepMessage counts the times of a step whose message was assembled at
// this time: from its start, and from its first token (the chunks', else
// its message stream's), the decoding counted only with the output tokens
// the message reported. The step's times are then counted: a second
// message of the step adds nothing. A step or message with no time (a
// snapshot of a log, its times left out) is not timed.
func (d *Decoder) stepMessage(turn, step, at, streamed int64, usage *usageData) {
	if !d.step.of(turn, step) {
		return
	}
	o := d.step
	d.step.open = false
	if o.start <= 0 || at <= 0 {
		return // a log that does not time its events (a snapshot's): nothing to measure from
	}
	t := session.StepTimes{Recorded: true, Timed: 1, Model: max(at-o.start, 0)}
	first := o.firstToken
	if first == 0 {
		first = streamed
	}
	if first > 0 {
		t.FirstToken, t.FirstTokenSteps = max(first-o.start, 0), 1
		if out, ok := outputTokens(usage); ok {
			t.Decode, t.DecodeTokens = max(at-first, 0), out
		}
	}
	d.s.CountStep(t)
}

// outputTokens is the output count a usage reported, if it reported a
// whole number of them, 0 or more.
func outputTokens(u *usageData) (int64, bool) {
	if u == nil {
		return 0, false
	}
	n, ok := jsonline.Int(u.OutputTokens)
	return n, ok && n >= 0
}
