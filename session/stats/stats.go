// Package stats sums up a session and each of its turns: turns, steps, tool
// calls by name, errors, times and tokens, as far as the log holds them. A
// figure a format does not record is NotRecorded, never 0. It is a pure
// function of a *session.Session.
package stats

import (
	"cmp"
	"iter"
	"math"
	"slices"

	"github.com/deck-tui/deck/session"
)

// Figures are what deck counts for a session or for one turn. Times are in
// ms; InputTokens counts every prompt token, cached or not. The calls and
// errors are the session's own; the Nested ones are its subagents' (the
// entries nested in a call, at any depth), counted apart: a subagent's
// work is inside its call, whose time already holds it.
type Figures struct {
	Steps                 Figure         `json:"steps"`
	ToolCalls             int            `json:"toolCalls"`
	ToolCallsByName       map[string]int `json:"toolCallsByName"`
	Errors                int            `json:"errors"`
	NestedToolCalls       int            `json:"nestedToolCalls"`
	NestedToolCallsByName map[string]int `json:"nestedToolCallsByName"`
	NestedErrors          int            `json:"nestedErrors"`
	WallTime              Figure         `json:"wallTimeMs"`
	ModelTime             Figure         `json:"modelTimeMs"`
	ToolTime              Figure         `json:"toolTimeMs"`
	FirstToken            Figure         `json:"timeToFirstTokenMs"`
	TokensPerSecond       Figure         `json:"tokensPerSecond"`
	CacheHitRate          Figure         `json:"cacheHitRate"`
	InputTokens           Figure         `json:"inputTokens"`
	OutputTokens          Figure         `json:"outputTokens"`
	ReasoningTokens       Figure         `json:"reasoningTokens"`
	CacheReadTokens       Figure         `json:"cacheReadTokens"` // of the input tokens, those read from cache
	TotalTokens           Figure         `json:"totalTokens"`     // input and output
}

// Turn is one turn's figures.
type Turn struct {
	Turn    int     `json:"turn"`
	Reason  string  `json:"reason"` // why it ended; "" while it has not
	Figures Figures `json:",embed"`

	steps   session.StepTimes // its steps' times, as the log recorded them
	trusted bool              // its clock never went back: its times count
}

// Stats are a session's figures and its turns'.
type Stats struct {
	Format  string  `json:"format"`
	Agent   string  `json:"agent"`
	ID      string  `json:"id"`
	Title   string  `json:"title"`
	Model   string  `json:"model"`
	Turns   int     `json:"turns"`
	Figures Figures `json:",embed"`
	PerTurn []Turn  `json:"perTurn"`

	closed int // the turns that have figures, which Turns yields (Totals holds none of them)
}

// TurnsWithFigures is how many turns have figures: PerTurn's length, or
// how many Turns yields when Totals left PerTurn nil. It can be more than
// Turns, which in a log of steps counts only the turns that ended one.
func (s Stats) TurnsWithFigures() int { return max(len(s.PerTurn), s.closed) }

// Of counts a session.
func Of(s *session.Session) Stats { return NewCounter(s.Format, math.MaxInt).Rest(s) }

// Totals is Of without each turn's figures (PerTurn is nil): for a caller
// that goes through them with Turns rather than hold them all (83,334
// turns of a million events held 45 MB).
func Totals(s *session.Session) Stats { return count(s, nil) }

// Turns yields each turn's figures, as Of lists them, one at a time.
func Turns(s *session.Session) iter.Seq[Turn] {
	return func(yield func(Turn) bool) { count(s, yield) }
}

// count counts a session, handing each turn's figures to each (when not
// nil) as the turn closes; once each returns false it stops, and what it
// returns is of no use.
func count(s *session.Session, each func(Turn) bool) Stats {
	c := newCounter(s.Format, each)
	for _, e := range s.Entries {
		if c.stopped {
			break
		}
		c.Add(e)
	}
	return c.Stats(s)
}

// turnSums add up the turns' figures for the session's, each turn's as it
// closes, in the turns' order: held one a turn, 83,334 turns of a million
// events were a slice grown and copied as they came, twice a render.
type turnSums struct {
	turns, ended int  // the turns, and those of them that ended a step
	stepped      bool // a turn records its steps
	// the turns' tool time, of those that made a call: whole ms, so
	// their sum is exact in any order, the calls before any turn's too
	toolTime                       Figure
	stepCount, wallTime, modelTime Figure
	firstTokens, firstTokenSum     float64           // the turns that record a first token, and their sum
	steps                          session.StepTimes // the trusted turns' steps (their clock did not go back)
}

func (s *turnSums) add(t Turn) {
	f := t.Figures
	s.turns++
	if t.steps.Ended > 0 {
		s.ended++
	}
	s.stepped = s.stepped || t.steps.Recorded
	if f.ToolCalls > 0 {
		s.toolTime = s.toolTime.plus(f.ToolTime)
	}
	s.stepCount = s.stepCount.plus(f.Steps)
	s.wallTime = s.wallTime.plus(f.WallTime)
	s.modelTime = s.modelTime.plus(f.ModelTime)
	if v, ok := f.FirstToken.Value(); ok {
		s.firstTokens++
		s.firstTokenSum += v
	}
	if t.trusted {
		s.steps.Add(t.steps)
	}
}

// count counts the turns. In a log that records its steps, as the web
// client counts them: a turn counts once one of its steps ended, so a turn
// refused before its first step, or whose first step still runs, does not.
func (s *turnSums) count() int {
	if !s.stepped {
		return s.turns
	}
	return s.ended
}

// sessionFigures sums the turns' figures (and the tool time of the calls
// before any turn), and takes the tokens from the session's usage: it also
// counts what the model reported before any turn.
func sessionFigures(s *session.Session, all, outside *tally, turns *turnSums) Figures {
	f := all.counts()
	f.ToolTime = outside.toolTime
	if all.calls == 0 {
		f.ToolTime = Measured(0)
	}
	f.ToolTime = f.ToolTime.plus(turns.toolTime)
	f.Steps, f.WallTime, f.ModelTime = turns.stepCount, turns.wallTime, turns.modelTime
	if turns.firstTokens > 0 {
		f.FirstToken = Measured(turns.firstTokenSum / turns.firstTokens) // the mean over the turns that record it
	}
	steps := turns.steps
	f.tokens(s.Usage)
	if steps.Recorded {
		f.stepTimes(steps) // the mean over the steps, the speed over the decoding
	} else {
		f.speed()
	}
	return f
}

// tokens takes the token figures from the usage the log reported; a usage
// with no token at all is one the log did not report.
func (f *Figures) tokens(u session.TokenUsage) {
	in := u.Input + u.CacheRead + u.CacheWrite
	if in+u.Output <= 0 {
		return
	}
	f.InputTokens, f.OutputTokens = Measured(in), Measured(u.Output)
	f.TotalTokens = Measured(float64(in) + float64(u.Output))
	if u.InputUnknown() { // output alone: neither the input nor the total is known
		f.InputTokens, f.TotalTokens = NotRecorded, NotRecorded
	}
	if u.Recorded&session.RecordedCache != 0 {
		f.CacheReadTokens = Measured(u.CacheRead)
		if in > 0 {
			f.CacheHitRate = Measured(float64(u.CacheRead) / float64(in))
		}
	}
	if u.Recorded&session.RecordedReasoning != 0 {
		f.ReasoningTokens = Measured(u.Reasoning)
	}
}

// speed is the tokens per second of a log that does not time its steps:
// the output tokens over the model time. Set both first.
func (f *Figures) speed() {
	out, ok1 := f.OutputTokens.Value()
	ms, ok2 := f.ModelTime.Value()
	if ok1 && ok2 && ms > 0 {
		f.TokensPerSecond = Measured(out / (ms / 1000))
	}
}

// stepTimes are the figures of a log that times its steps, as the web
// client counts them (the steps that ended are counted by the caller): the
// model time summed over them (not recorded when no step was timed, where
// the web client says 0), the first token's mean over the steps that had one, and the
// output tokens of the steps that reported them over their decoding.
func (f *Figures) stepTimes(t session.StepTimes) {
	f.ModelTime, f.FirstToken, f.TokensPerSecond = NotRecorded, NotRecorded, NotRecorded
	if t.Timed > 0 {
		f.ModelTime = Measured(t.Model)
	}
	if t.FirstTokenSteps > 0 {
		f.FirstToken = Measured(float64(t.FirstToken) / float64(t.FirstTokenSteps))
	}
	if t.Decode > 0 {
		f.TokensPerSecond = Measured(float64(t.DecodeTokens) / (float64(t.Decode) / 1000))
	}
}

// tally counts the entries of a turn, or of the whole session.
type tally struct {
	number     int
	usage      session.TokenUsage // the turn's (TurnStart.Usage)
	steps      session.StepTimes  // the turn's (TurnStart.Steps)
	calls      int
	byName     map[string]int
	errors     int
	nested     nestedTally // the subagents' work in its calls
	toolTime   Figure
	intervals  [][2]int64 // the calls' start and end, where both are known
	untimed    bool       // a call whose interval is not known
	firstToken int64      // time of the first thing the model sent
	start      int64      // the turn's start; 0 for the session's tally
	latest     int64      // the latest time stamped on the agent's work in it: a reply, a call's end, an event
	clockBack  bool       // an entry stamped before the turn started
}

// nestedTally counts the work of subagents: the entries nested in calls.
type nestedTally struct {
	calls  int
	byName map[string]int
	errors int
}

func newTally() *tally {
	return &tally{byName: map[string]int{}, nested: nestedTally{byName: map[string]int{}}}
}

// reused is t emptied, its maps and intervals kept, or a new tally when t
// is nil: Totals goes through 83,334 turns of a million events, a tally
// and two maps each.
func (t *tally) reused() *tally {
	if t == nil {
		return newTally()
	}
	clear(t.byName)
	clear(t.nested.byName)
	*t = tally{byName: t.byName, nested: nestedTally{byName: t.nested.byName}, intervals: t.intervals[:0]}
	return t
}

// counts are the tally's calls and errors, its own and its subagents'.
func (t *tally) counts() Figures {
	return Figures{ToolCalls: t.calls, ToolCallsByName: t.byName, Errors: t.errors,
		NestedToolCalls: t.nested.calls, NestedToolCallsByName: t.nested.byName, NestedErrors: t.nested.errors}
}

// add counts entries nested in a call, and those nested in theirs: their
// calls, and their errors by the session's rules (failed calls and events,
// turns that ended in error).
func (n *nestedTally) add(entries []session.Entry) {
	for _, e := range entries {
		switch e := e.(type) {
		case *session.ToolCall:
			n.calls++
			n.byName[e.Name]++
			if e.Status().Failed() {
				n.errors++
			}
			n.add(e.Nested)
		case *session.Event:
			if e.Failed {
				n.errors++
			}
		case *session.TurnEnd:
			if e.Reason == "error" {
				n.errors++
			}
		default: // messages, replies, plans, notices: no calls, no errors
		}
	}
}

func (t *tally) add(e session.Entry) {
	base := session.Base(e)
	if t.start > 0 && base.Time > 0 && base.Time < t.start {
		t.clockBack = true
	}
	switch e := e.(type) {
	case *session.ToolCall:
		t.worked(base.Time)
		t.worked(e.EndTime)
		t.calls++
		t.byName[e.Name]++
		if e.Status().Failed() {
			t.errors++
		}
		t.nested.add(e.Nested)
		if ms, ok := e.Elapsed(); ok {
			t.toolTime = t.toolTime.plus(Measured(ms))
		}
		if e.StartTime > 0 && e.EndTime >= e.StartTime && !e.Recovered() { // a recovered call's end is when the harness found it open
			t.intervals = append(t.intervals, [2]int64{e.StartTime, e.EndTime})
		} else {
			t.untimed = true
		}
		t.first(base.Time)
	case *session.AssistantText, *session.Reasoning:
		t.worked(base.Time)
		t.first(base.Time)
	case *session.Event:
		t.worked(base.Time)
		if e.Failed {
			t.errors++
		}
	case *session.Plan:
		t.worked(base.Time)
	case *session.UserMessage, *session.TurnStart, *session.TurnEnd, *session.Notice:
		// a message is a turn's input, or context written for the next turn
		// (a resumed session's, before its turn starts): not the agent's work
	}
}

// worked notes the time of some of the agent's work.
func (t *tally) worked(at int64) { t.latest = max(t.latest, at) }

// times are the wall and model time from start: the elapsed time the log
// gave when it did (a turn's end record), else the span from start to the
// agent's latest work, when it is later. Model time is the wall time less
// the time at least one call ran, when every call's is known.
func (t *tally) times(start, elapsed int64) (wall, model Figure) {
	if elapsed <= 0 && start > 0 && t.latest > start {
		elapsed = t.latest - start
	}
	if elapsed <= 0 {
		return NotRecorded, NotRecorded
	}
	wall = Measured(elapsed)
	if !t.untimed && start > 0 {
		model = Measured(max(elapsed-busy(t.intervals, start, start+elapsed), 0))
	}
	return wall, model
}

func (t *tally) first(at int64) {
	if at > 0 && (t.firstToken == 0 || at < t.firstToken) {
		t.firstToken = at
	}
}

// figures are a turn's: its times come from the turn's two ends (its end
// record's elapsed time, else the time of its latest work) and its calls'
// intervals, its tokens from the usage the log reported in it.
func (t *tally) figures(format session.Format, end *session.TurnEnd, start int64) Figures {
	f := t.counts()
	f.ToolTime = t.toolTime
	if t.calls == 0 {
		f.ToolTime = Measured(0)
	}
	if end != nil && (format == session.FormatHarness || format == session.FormatOpenCode || format == session.FormatCrush || format == session.FormatPi) { // the harness logs its steps, opencode its step-finish parts, Crush and pi a message a model call
		f.Steps = Measured(end.Steps)
	}
	if t.steps.Recorded {
		f.Steps = Measured(t.steps.Ended)
	}
	f.tokens(t.usage)
	if t.clockBack { // the log's clock went back: no time in the turn can be trusted
		f.ToolTime = NotRecorded
		return f
	}
	var elapsed int64
	if end != nil {
		elapsed = end.Elapsed
		t.worked(end.Time)
	}
	f.WallTime, f.ModelTime = t.times(start, elapsed)
	if start > 0 && t.firstToken >= start {
		f.FirstToken = Measured(t.firstToken - start)
	}
	if t.steps.Recorded {
		f.stepTimes(t.steps)
	} else {
		f.speed()
	}
	return f
}

// busy is how long, between from and to, at least one call was running.
func busy(intervals [][2]int64, from, to int64) int64 {
	// by start: the union's length is the same whichever of two equal
	// starts comes first (slices.SortFunc: sort.Slice allocates each time)
	slices.SortFunc(intervals, func(a, b [2]int64) int { return cmp.Compare(a[0], b[0]) })
	var total, reach int64 = 0, from
	for _, iv := range intervals {
		a, b := max(iv[0], reach), min(iv[1], to)
		if b > a {
			total += b - a
			reach = b
		}
	}
	return total
}
