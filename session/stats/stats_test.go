package stats

import (
	"math"
	"strings"
	"testing"

	"github.com/go-json-experiment/json"

	"github.com/deck-tui/deck/session"
)

func done(name string, start, end int64) *session.ToolCall {
	return &session.ToolCall{Name: name, Result: &session.ToolResult{}, View: session.GenericResultView{}, StartTime: start, EndTime: end}
}

// turn is a session of one turn from t=1000 to t=11000 with two calls
// that overlap, the model's first text at t=1500.
func turn(format session.Format) *session.Session {
	return &session.Session{Format: format, Entries: []session.Entry{
		&session.TurnStart{EntryBase: session.EntryBase{Time: 1000}, Turn: 1},
		&session.AssistantText{EntryBase: session.EntryBase{Time: 1500}, Text: "hi"},
		done("bash", 2000, 5000),
		done("read", 3000, 6000),
		&session.TurnEnd{EntryBase: session.EntryBase{Time: 11000}, Turn: 1, Reason: "completed", Steps: 3, Elapsed: 10000},
	}}
}

func TestTimesComeFromTheTurnAndItsCalls(t *testing.T) {
	st := Of(turn(session.FormatHarness))
	f := st.PerTurn[0].Figures
	for name, c := range map[string]struct {
		got  Figure
		want float64
	}{
		"wall":        {f.WallTime, 10000},
		"model":       {f.ModelTime, 6000}, // the calls ran together from 2000 to 6000
		"tool":        {f.ToolTime, 6000},  // each call's own time, summed
		"first token": {f.FirstToken, 500},
		"steps":       {f.Steps, 3},
	} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("%s: %v (recorded %v), want %v", name, v, ok, c.want)
		}
	}
	if st.Turns != 1 || st.Figures.ToolCalls != 2 || st.Figures.ToolCallsByName["bash"] != 1 {
		t.Errorf("counts: %+v", st)
	}
}

func TestAFigureTheLogLacksIsNotRecordedNeverZero(t *testing.T) {
	s := turn(session.FormatCodex)
	s.Entries[2].(*session.ToolCall).StartTime = 0 // a call whose start the log lacks
	st := Of(s)
	f := st.PerTurn[0].Figures
	if f.Steps.Recorded() {
		t.Error("Codex logs no steps, yet steps are recorded")
	}
	if f.ModelTime.Recorded() {
		t.Error("model time recorded though a call's interval is unknown")
	}
	if st.Figures.InputTokens.Recorded() || st.Figures.CacheHitRate.Recorded() || st.Figures.TokensPerSecond.Recorded() {
		t.Error("tokens recorded for a session with no usage")
	}
	if got := st.Figures.InputTokens.Count(); got != "not recorded" {
		t.Errorf("an unrecorded count prints %q", got)
	}
	j, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"inputTokens":null`, `"steps":null`, `"modelTimeMs":null`, `"wallTimeMs":10000`} {
		if !strings.Contains(string(j), want) {
			t.Errorf("JSON lacks %s:\n%s", want, j)
		}
	}
}

func TestTokensAndCache(t *testing.T) {
	s := turn(session.FormatClaudeCode)
	s.Usage = session.TokenUsage{Input: 10, CacheRead: 80, CacheWrite: 10, Output: 60, Recorded: session.RecordedCache}
	f := Of(s).Figures
	if v, _ := f.InputTokens.Value(); v != 100 {
		t.Errorf("input tokens %v, want every prompt token, 100", v)
	}
	if v, _ := f.CacheHitRate.Value(); v != 0.8 {
		t.Errorf("cache hit rate %v, want 0.8", v)
	}
	if f.ReasoningTokens.Recorded() {
		t.Error("Claude Code's usage has no reasoning count, yet it is recorded")
	}
	if v, ok := f.TokensPerSecond.Value(); !ok || v != 10 {
		t.Errorf("tokens/s %v %v, want 60 tokens over 6s of model time", v, ok)
	}
	s.Usage.Recorded |= session.RecordedReasoning
	if v, ok := Of(s).Figures.ReasoningTokens.Value(); !ok || v != 0 {
		t.Error("a log that gave reasoning tokens: 0 is a measurement there")
	}
	s.Usage.Recorded = 0 // a usage with only input and output (a live host's log)
	if f := Of(s).Figures; f.ReasoningTokens.Recorded() || f.CacheHitRate.Recorded() {
		t.Error("counts the log never gave are recorded as 0")
	}
}

// A log whose token counts add up to the top of int64 has its count
// written, not a crash: the float 2^63 it is held as converts to the one
// int64 whose negation is itself, on which a recursive Thousands never
// ended (a fatal stack overflow, in deck stats and the viewer's card).
func TestATokenSumAtTheTopOfInt64IsWritten(t *testing.T) {
	s := turn(session.FormatHarness)
	s.Usage = session.TokenUsage{Output: math.MaxInt64 - 400}
	if got, want := Of(s).Figures.OutputTokens.Count(), "9,223,372,036,854,775,807"; got != want {
		t.Errorf("output tokens %q, want %q", got, want)
	}
}

// A turn's tokens are those the log reported in it (TurnStart.Usage); a
// turn in which it reported none has them not recorded (issue 15).
func TestTokensPerTurn(t *testing.T) {
	s := turn(session.FormatHarness)
	s.Entries[0].(*session.TurnStart).Usage = session.TokenUsage{Input: 20, CacheRead: 60, Output: 12, Reasoning: 3, Recorded: session.RecordedCache | session.RecordedReasoning}
	s.Entries = append(s.Entries, &session.TurnStart{Turn: 2})
	st := Of(s)
	f := st.PerTurn[0].Figures
	for name, c := range map[string]struct {
		got  Figure
		want float64
	}{
		"input":     {f.InputTokens, 80},
		"output":    {f.OutputTokens, 12},
		"reasoning": {f.ReasoningTokens, 3},
		"cache":     {f.CacheHitRate, 0.75},
		"tokens/s":  {f.TokensPerSecond, 2}, // 12 tokens over 6s of model time
	} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("turn 1 %s: %v (recorded %v), want %v", name, v, ok, c.want)
		}
	}
	if f := st.PerTurn[1].Figures; f.InputTokens.Recorded() || f.OutputTokens.Recorded() || f.CacheHitRate.Recorded() {
		t.Errorf("a turn with no usage: %+v", f)
	}
}

func TestErrors(t *testing.T) {
	s := turn(session.FormatHarness)
	s.Entries[2].(*session.ToolCall).Result.IsError = true
	s.Entries[4].(*session.TurnEnd).Reason = "error"
	s.Entries = append(s.Entries, &session.Event{Failed: true})
	st := Of(s)
	if st.Figures.Errors != 3 || st.PerTurn[0].Figures.Errors != 2 {
		t.Errorf("errors: session %d, turn %d; want 3 and 2", st.Figures.Errors, st.PerTurn[0].Figures.Errors)
	}
}

// A subagent's work, nested in its call (and a subagent's in its), is
// counted apart from the session's own calls and errors, for the session
// and for the turn it ran in.
func TestNestedCallsAndErrorsAreCountedApart(t *testing.T) {
	s := turn(session.FormatClaudeCode)
	failed := done("Bash", 0, 0)
	failed.Result.IsError = true
	inner := done("Task", 0, 0)
	inner.Nested = []session.Entry{done("Read", 0, 0), &session.Event{Failed: true}}
	task := done("Task", 2000, 4000)
	task.Nested = []session.Entry{
		&session.UserMessage{},
		done("Read", 0, 0), failed, inner,
		&session.TurnEnd{Reason: "error"},
	}
	s.Entries = append(s.Entries[:4], append([]session.Entry{task}, s.Entries[4:]...)...)
	st := Of(s)
	for name, f := range map[string]Figures{"session": st.Figures, "turn": st.PerTurn[0].Figures} {
		if f.ToolCalls != 3 || f.Errors != 0 || f.ToolCallsByName["Task"] != 1 {
			t.Errorf("%s: own calls %d (%v), errors %d; want 3 (one Task), 0", name, f.ToolCalls, f.ToolCallsByName, f.Errors)
		}
		if f.NestedToolCalls != 4 || f.NestedErrors != 3 || f.NestedToolCallsByName["Read"] != 2 || f.NestedToolCallsByName["Task"] != 1 || f.NestedToolCallsByName["Bash"] != 1 {
			t.Errorf("%s: nested calls %d (%v), errors %d; want 4 (Read ×2, Bash, Task), 3", name, f.NestedToolCalls, f.NestedToolCallsByName, f.NestedErrors)
		}
	}
	j, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"nestedToolCalls":4`, `"nestedErrors":3`, `"nestedToolCallsByName":{`} {
		if !strings.Contains(string(j), want) {
			t.Errorf("JSON lacks %s:\n%s", want, j)
		}
	}
}

func TestFigureFormats(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{Measured(850).Millis(), "850ms"}, {Measured(12300).Millis(), "12.3s"}, {Measured(245000).Millis(), "4m05s"},
		{Measured(1234567).Count(), "1,234,567"}, {NotRecorded.Rate(), "not recorded"},
	} {
		if c.got != c.want {
			t.Errorf("%q, want %q", c.got, c.want)
		}
	}
}

// A turn in which the log's clock went back (an entry stamped before the
// turn started: logs spliced from several runs) has no time one can trust:
// its times are not recorded, rather than a wall time of 44 hours, and the
// session's leave it out. Its counts and tokens stand (issue 15).
func TestATurnWhoseClockWentBackHasNoTimes(t *testing.T) {
	s := turn(session.FormatHarness)
	s.Entries[0].(*session.TurnStart).Usage = session.TokenUsage{Input: 20, Output: 12}
	s.Entries[1].(*session.AssistantText).Time = 500 // before the turn's start, 1000
	s.Entries = append(s.Entries,
		&session.TurnStart{EntryBase: session.EntryBase{Time: 20000}, Turn: 2},
		done("bash", 21000, 22000),
		&session.TurnEnd{Turn: 2, Reason: "completed", Elapsed: 3000})
	st := Of(s)
	f := st.PerTurn[0].Figures
	for name, got := range map[string]Figure{"wall": f.WallTime, "model": f.ModelTime, "tool": f.ToolTime, "first token": f.FirstToken, "tokens/s": f.TokensPerSecond} {
		if got.Recorded() {
			t.Errorf("turn 1's %s time is recorded (%s) though its clock went back", name, got.Millis())
		}
	}
	if v, _ := f.OutputTokens.Value(); v != 12 || f.ToolCalls != 2 {
		t.Errorf("turn 1's counts and tokens: %+v", f)
	}
	for name, c := range map[string]struct {
		got  Figure
		want float64
	}{"wall": {st.Figures.WallTime, 3000}, "tool": {st.Figures.ToolTime, 1000}, "turn 2's tool": {st.PerTurn[1].Figures.ToolTime, 1000}} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("the session's %s time: %v (recorded %v), want %v, turn 2's alone", name, v, ok, c.want)
		}
	}
}

// A turn whose end the log does not record (Claude Code writes none; a
// Codex rollout before task_started, a turn never ended) lasts from its
// start to the agent's latest work in it: a reply, a call's end, an event.
// Its model time and tokens per second follow, as when the end is recorded.
func TestATurnWithNoEndRecordLastsToItsLatestWork(t *testing.T) {
	s := turn(session.FormatClaudeCode)
	s.Entries = s.Entries[:len(s.Entries)-1] // no end record
	s.Entries = append(s.Entries,
		&session.AssistantText{EntryBase: session.EntryBase{Time: 9000}, Text: "done"},
		// context written for the next turn (a resumed session's) is no work of this one
		&session.UserMessage{EntryBase: session.EntryBase{Time: 60000}, Role: session.RoleInjected},
		&session.TurnStart{EntryBase: session.EntryBase{Time: 70000}, Turn: 2},
		&session.UserMessage{EntryBase: session.EntryBase{Time: 70000}, Role: session.RoleHuman},
	)
	s.Entries[0].(*session.TurnStart).Usage = session.TokenUsage{Input: 10, Output: 40}
	st := Of(s)
	f := st.PerTurn[0].Figures
	for name, c := range map[string]struct {
		got  Figure
		want float64
	}{
		"wall":     {f.WallTime, 8000},  // from 1000 to the reply at 9000
		"model":    {f.ModelTime, 4000}, // less the calls, 2000 to 6000
		"tokens/s": {f.TokensPerSecond, 10},
		"session":  {st.Figures.WallTime, 8000},
	} {
		if v, ok := c.got.Value(); !ok || v != c.want {
			t.Errorf("%s: %v (recorded %v), want %v", name, v, ok, c.want)
		}
	}
	if f := st.PerTurn[1].Figures; f.WallTime.Recorded() || f.ModelTime.Recorded() {
		t.Errorf("a turn with no work yet has a wall time %s and a model time %s", f.WallTime.Millis(), f.ModelTime.Millis())
	}
}

// A call still running is work until its latest known time; with its end
// unknown, the model time is not recorded.
func TestATurnWithAPendingCall(t *testing.T) {
	s := turn(session.FormatCodex)
	s.Entries = s.Entries[:len(s.Entries)-1]
	s.Entries = append(s.Entries, &session.ToolCall{EntryBase: session.EntryBase{Time: 7000}, Name: "bash", StartTime: 7000})
	f := Of(s).PerTurn[0].Figures
	if v, ok := f.WallTime.Value(); !ok || v != 6000 {
		t.Errorf("wall %v %v, want 6000: from 1000 to the call's start at 7000", v, ok)
	}
	if f.ModelTime.Recorded() {
		t.Errorf("model time %s with a call whose end is unknown", f.ModelTime.Millis())
	}
}

// An end record with no elapsed time (Claude Code's interruption) ends the
// turn at its own time.
func TestAnEndRecordWithNoElapsedTimeEndsTheTurnThere(t *testing.T) {
	s := turn(session.FormatClaudeCode)
	end := s.Entries[len(s.Entries)-1].(*session.TurnEnd)
	end.Elapsed, end.Time, end.Reason = 0, 12000, "aborted"
	if v, ok := Of(s).PerTurn[0].Figures.WallTime.Value(); !ok || v != 11000 {
		t.Errorf("wall %v %v, want 11000", v, ok)
	}
}

// A call the harness closed after the fact (crash recovery) is no error,
// and its time is not known: the closer's time is when the harness found
// it open, so neither its tool time nor the model time can be told.
func TestARecoveredCallIsNoErrorAndHasNoTime(t *testing.T) {
	s := turn(session.FormatHarness)
	c := s.Entries[3].(*session.ToolCall)
	c.Result = &session.ToolResult{IsError: true, Error: &session.ToolError{Code: session.ToolOutcomeUnknown}}
	f := Of(s).PerTurn[0].Figures
	if f.Errors != 0 {
		t.Errorf("%d errors, want 0", f.Errors)
	}
	if v, ok := f.ToolTime.Value(); !ok || v != 3000 {
		t.Errorf("tool time %v (recorded %v), want the other call's 3000", v, ok)
	}
	if f.ModelTime.Recorded() {
		t.Error("model time recorded though a call's interval is unknown")
	}
}

// A log that gives output tokens alone (Copilot CLI's messages) has its
// output measured and its input not recorded, never 0.
func TestOutputAloneLeavesInputNotRecorded(t *testing.T) {
	s := turn(session.FormatCopilot)
	s.Usage = session.TokenUsage{Output: 60, Recorded: session.RecordedOutputOnly}
	f := Of(s).Figures
	if f.InputTokens.Recorded() || f.CacheHitRate.Recorded() {
		t.Errorf("input %v, cache %v: recorded", f.InputTokens, f.CacheHitRate)
	}
	if v, ok := f.OutputTokens.Value(); !ok || v != 60 {
		t.Errorf("output %v %v, want 60", v, ok)
	}
}
