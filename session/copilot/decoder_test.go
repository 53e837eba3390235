package copilot_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// events writes a log as Copilot CLI's session writer does: each event an
// envelope {type, data, id, timestamp, parentId}, after session.start.
type events []string

type obj = map[string]any

const start = `{"type":"session.start","data":{"sessionId":"s1","version":1,"producer":"copilot-agent","copilotVersion":"1.0.102","startTime":"2026-05-01T10:00:00.000Z","context":{"cwd":"/w"}},"id":"e0","timestamp":"2026-05-01T10:00:00.000Z","parentId":null}`

func newLog() *events { return &events{start} }

// add appends an event of type t; extra sets envelope members (agentId,
// ephemeral).
func (l *events) add(t string, data obj, extra ...any) *events {
	e := obj{"type": t, "data": data, "id": fmt.Sprintf("e%d", len(*l)), "timestamp": fmt.Sprintf("2026-05-01T10:00:%02d.000Z", len(*l)), "parentId": fmt.Sprintf("e%d", len(*l)-1)}
	for i := 0; i+1 < len(extra); i += 2 {
		e[extra[i].(string)] = extra[i+1]
	}
	b, err := json.Marshal(e)
	if err != nil {
		panic(err)
	}
	*l = append(*l, string(b))
	return l
}

func (l *events) raw(line string) *events { *l = append(*l, line); return l }

func (l *events) read(t *testing.T) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(strings.Join(*l, "\n") + "\n")
	if s.Format != session.FormatCopilot {
		t.Fatalf("read as %q", s.Format)
	}
	if !s.Account.Balanced() {
		t.Errorf("lines not accounted for: %+v", s.Account)
	}
	return s
}

func request(id, name string, args any) obj {
	return obj{"toolCallId": id, "name": name, "arguments": args, "type": "function"}
}

func message(id, text string, reqs ...obj) obj {
	if reqs == nil {
		reqs = []obj{}
	}
	return obj{"messageId": id, "content": text, "toolRequests": reqs}
}

func done(id, content string, extra ...any) obj {
	d := obj{"toolCallId": id, "success": true, "result": obj{"content": content}}
	for i := 0; i+1 < len(extra); i += 2 {
		d[extra[i].(string)] = extra[i+1]
	}
	return d
}

// A message streamed in deltas is shown once: the deltas grow one entry,
// which the whole message then replaces; so is reasoning, by its id. A
// message's reasoningText that repeats the reasoning shown is not shown
// again.
func TestStreamedTextIsShownOnce(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.reasoning_delta", obj{"reasoningId": "r", "deltaContent": "Think "}, "ephemeral", true).
		add("assistant.reasoning_delta", obj{"reasoningId": "r", "deltaContent": "first."}, "ephemeral", true).
		add("assistant.reasoning", obj{"reasoningId": "r", "content": "Think first."}).
		add("assistant.message_delta", obj{"messageId": "m", "deltaContent": "Hel"}, "ephemeral", true).
		add("assistant.message_delta", obj{"messageId": "m", "deltaContent": "lo"}, "ephemeral", true).
		add("assistant.message", obj{"messageId": "m", "content": "Hello.", "reasoningText": "Think first.", "toolRequests": []any{}}).
		read(t)
	sessiontest.NoNotices(t, s)
	if got := sessiontest.Shape(s); got != "turn user reasoning text:Hello. " {
		t.Fatalf("entries: %s", got)
	}
	r := sessiontest.Of[*session.Reasoning](s)[0]
	a := sessiontest.Of[*session.AssistantText](s)[0]
	if r.Text != "Think first." || r.Streaming || a.Streaming || a.Cut {
		t.Errorf("reasoning %+v, text %+v", r, a)
	}
}

// A log that ends while a message streams shows what came, cut short.
func TestAStreamCutShortIsMarked(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message_delta", obj{"messageId": "m", "deltaContent": "Half a "}, "ephemeral", true).
		add("assistant.message_delta", obj{"messageId": "m", "deltaContent": "sentence"}, "ephemeral", true).
		read(t)
	a := sessiontest.Of[*session.AssistantText](s)
	if len(a) != 1 || a[0].Text != "Half a sentence" || a[0].Streaming || !a[0].Cut {
		t.Fatalf("texts: %+v", a)
	}
}

// An event of a type deck does not know is a notice in its place; one the
// CLI marked ephemeral is a transient copy, counted by its type; an event
// whose data does not fit its shape is a notice too.
func TestUnknownEventsAreNotices(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("session.brand_new_thing", obj{"x": 1}).
		add("session.newer_ephemeral_thing", obj{"x": 1}, "ephemeral", true).
		add("assistant.message", obj{"messageId": "m", "content": 7}).
		raw(`{"data":{}}`).
		raw(`not json`).
		add("assistant.message", message("m2", "still read")).
		read(t)
	want := []string{
		"line 3: `session.brand_new_thing`: an event of a type deck does not know (session.brand_new_thing)",
		"line 5: `assistant.message`: ",
		"line 6: not a Copilot CLI event: it has no type",
		"line 7: not JSON",
	}
	got := sessiontest.NoticeTexts(s)
	if len(got) != len(want) {
		t.Fatalf("notices: %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("notice %d: %q, want %q…", i, got[i], want[i])
		}
	}
	if s.Hidden["session.newer_ephemeral_thing"] != 1 {
		t.Errorf("hidden: %v", s.Hidden)
	}
	if shape := sessiontest.Shape(s); !strings.HasSuffix(shape, "text:still read ") || !strings.HasPrefix(shape, "turn user notice:") {
		t.Errorf("entries: %s", shape)
	}
}

// A log of a newer event format is shown by its header alone, saying so.
func TestANewerFormatIsNotShownAsUnderstood(t *testing.T) {
	l := events{strings.Replace(start, `"version":1`, `"version":2`, 1)}
	s := l.add("user.message", obj{"content": "hi"}).read(t)
	if s.Header.Unsupported == nil || !strings.Contains(s.Header.Unsupported.Error(), "version 2, newer than deck reads (1)") {
		t.Fatalf("unsupported: %v", s.Header.Unsupported)
	}
	if h := s.HeaderOnly(); len(h.Entries) != 0 || h.Title != "s1" {
		t.Errorf("header only: %s, title %q", sessiontest.Shape(h), h.Title)
	}
}

// The session's facts come from session.start: its id, when and where it
// began, the CLI's version, the model; its title is the first prompt.
func TestTheStartSaysTheSession(t *testing.T) {
	l := events{strings.Replace(start, `"startTime"`, `"selectedModel":"gpt-5","startTime"`, 1)}
	s := l.add("user.message", obj{"content": "Fix the build\nplease"}).read(t)
	if s.Header.ID != "s1" || s.Header.Cwd != "/w" || s.Header.CreatedAt != 1777629600000 || s.Agent != "Copilot CLI 1.0.102" || s.Model != "gpt-5" || s.Title != "Fix the build" {
		t.Errorf("header %+v agent %q model %q title %q", s.Header, s.Agent, s.Model, s.Title)
	}
}

// A call asked for in a message, started and completed is one card: its
// result and times on it. A call with no request is made by its start; a
// result with no call at all is a card marked so. Arguments written as a
// JSON string (as some releases write a request's) read as the object.
func TestCallsAreOneCardEach(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", message("m", "", request("c1", "bash", `{"command":"ls"}`))).
		add("tool.execution_start", obj{"toolCallId": "c1", "toolName": "bash", "arguments": obj{"command": "ls"}}).
		add("tool.execution_complete", done("c1", "a\nb\n<exited with exit code 0>")).
		add("tool.execution_start", obj{"toolCallId": "c2", "toolName": "glob", "arguments": obj{"pattern": "*.go"}}).
		add("tool.execution_complete", done("c2", "a.go")).
		add("tool.execution_complete", done("c3", "what?")).
		read(t)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 3 {
		t.Fatalf("entries: %s", sessiontest.Shape(s))
	}
	c1 := calls[0]
	v, ok := c1.Call.(session.TerminalCallView)
	if !ok || v.Title != "ls" || c1.StartTime == 0 || c1.EndTime <= c1.StartTime || c1.Result == nil {
		t.Errorf("c1: %+v", c1)
	}
	if calls[1].Name != "glob" || calls[1].Result == nil || calls[1].Orphan {
		t.Errorf("c2: %+v", calls[1])
	}
	if !calls[2].Orphan || calls[2].Result == nil {
		t.Errorf("c3: %+v", calls[2])
	}
}

// A command's card has its exit code: from the result's terminal block,
// else from the line the CLI ends the output with (which is not output);
// a command that failed to run shows why, with no code.
func TestShellCardsHaveTheirExitCode(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("tool.execution_start", obj{"toolCallId": "c1", "toolName": "bash", "arguments": obj{"command": "false"}}).
		add("tool.execution_complete", done("c1", "oops\n<exited with exit code 2>")).
		add("tool.execution_start", obj{"toolCallId": "c2", "toolName": "bash", "arguments": obj{"command": "make"}}).
		add("tool.execution_complete", done("c2", "built", "result", obj{"content": "built", "contents": []any{obj{"type": "terminal", "text": "built", "exitCode": 0}}})).
		add("tool.execution_start", obj{"toolCallId": "c3", "toolName": "bash", "arguments": obj{"command": "rm -rf /"}}).
		add("tool.execution_complete", obj{"toolCallId": "c3", "success": false, "error": obj{"message": "Permission denied and could not request permission from user"}}).
		read(t)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	want := []struct {
		out    string
		code   int
		status session.CallStatus
	}{{"oops", 2, session.CallFailed}, {"built", 0, session.CallDone}, {"Permission denied and could not request permission from user", -1, session.CallFailed}}
	for i, w := range want {
		v, ok := calls[i].View.(session.TerminalResultView)
		if !ok {
			t.Fatalf("call %d: view %T", i, calls[i].View)
		}
		code := -1
		if v.ExitCode != nil {
			code = *v.ExitCode
		}
		if v.Output != w.out || code != w.code || calls[i].Status() != w.status {
			t.Errorf("call %d: output %q exit %d status %v", i, v.Output, code, calls[i].Status())
		}
	}
}

// A view is a read card with the file's own line numbers, as the tool
// numbered them; the whole file, when no range was asked and none was cut.
// An edit then is numbered by what was read, when the log holds no diff;
// with the CLI's diff, by the diff's own numbers.
func TestReadsAndEditsKeepTheFilesLineNumbers(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", message("m", "",
			request("c1", "view", obj{"path": "/w/a.go"}),
			request("c2", "edit", obj{"path": "/w/a.go", "old_str": "b := 2", "new_str": "b := 3"}),
			request("c3", "view", obj{"path": "/w/z.go", "view_range": []int{10, 11}}),
			request("c4", "edit", obj{"path": "/w/z.go", "old_str": "x", "new_str": "y"}))).
		add("tool.execution_complete", done("c1", "1. package a\n2. \n3. b := 2")).
		add("tool.execution_complete", done("c2", "File /w/a.go updated with changes.")).
		add("tool.execution_complete", done("c3", "10. one\n11. two")).
		add("tool.execution_complete", done("c4", "File /w/z.go updated with changes.", "result", obj{"content": "File /w/z.go updated with changes.",
			"detailedContent": "diff --git a/w/z.go b/w/z.go\n--- a/w/z.go\n+++ b/w/z.go\n@@ -40,1 +40,1 @@\n-x\n+y\n"})).
		read(t)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	r1, ok := calls[0].View.(session.ReadResultView)
	if !ok || r1.Offset != 1 || r1.TotalLines != 3 || len(r1.Lines) != 3 || r1.Lines[2].Text != "b := 2" || r1.Lines[1].Text != "" {
		t.Fatalf("read: %+v", calls[0].View)
	}
	if _, ok := calls[1].View.(session.DiffResultView); !ok || len(calls[1].DiffStarts) != 1 || calls[1].DiffStarts[0] != 3 {
		t.Errorf("edit after a read: %T starts %v", calls[1].View, calls[1].DiffStarts)
	}
	r3, ok := calls[2].View.(session.ReadResultView)
	if !ok || r3.Offset != 10 || r3.TotalLines != 0 {
		t.Errorf("ranged read: %+v", calls[2].View)
	}
	if len(calls[3].DiffStarts) != 1 || calls[3].DiffStarts[0] != 40 {
		t.Errorf("edit with a diff: starts %v", calls[3].DiffStarts)
	}
}

// update_todo's checklist is the plan, its call no card of its own.
func TestUpdateTodoIsThePlan(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", message("m", "", request("c1", "update_todo", obj{"todos": "Steps:\n- [x] one\n- [ ] two\n- [-] three"}))).
		add("tool.execution_start", obj{"toolCallId": "c1", "toolName": "update_todo"}).
		add("tool.execution_complete", done("c1", "TODO list updated")).
		read(t)
	sessiontest.NoNotices(t, s)
	plans := sessiontest.Of[*session.Plan](s)
	if len(plans) != 1 || len(sessiontest.Calls(s)) != 0 {
		t.Fatalf("entries: %s", sessiontest.Shape(s))
	}
	p := plans[0]
	if len(p.Items) != 3 || p.Items[0] != (session.PlanItem{Content: "one", Status: "completed"}) || p.Items[1].Status != "pending" || p.Items[2].Status != "in_progress" || p.Explanation != "Steps:" {
		t.Errorf("plan: %+v", p)
	}
}

// A subagent's events are its call's nested work: by its agent's id once
// subagent.started ties it to the call, or, in older logs, by the id of
// the call itself; its tokens are not the session's.
func TestSubagentsNestInTheirCall(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", message("m", "", request("t1", "task", obj{"agent_type": "explore", "description": "look", "prompt": "Look around."}))).
		add("subagent.started", obj{"toolCallId": "t1", "agentName": "explore", "agentDisplayName": "Explore"}, "agentId", "a1").
		add("assistant.message", obj{"messageId": "s1", "content": "Looking.", "toolRequests": []any{request("x1", "bash", obj{"command": "ls"})}, "outputTokens": 500}, "agentId", "a1").
		add("tool.execution_complete", done("x1", "f\n<exited with exit code 0>"), "agentId", "a1").
		add("subagent.completed", obj{"toolCallId": "t1", "agentName": "explore", "agentDisplayName": "Explore", "durationMs": 1500}, "agentId", "a1").
		add("tool.execution_complete", done("t1", "Found f.")).
		add("assistant.message", message("m2", "", request("t2", "task", obj{"agent_type": "explore"}))).
		add("assistant.message", obj{"messageId": "s2", "content": "Older.", "parentToolCallId": "t2"}).
		add("subagent.failed", obj{"toolCallId": "t2", "agentName": "explore", "agentDisplayName": "Explore", "error": "boom"}).
		read(t)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 2 {
		t.Fatalf("entries: %s", sessiontest.Shape(s))
	}
	var kinds []string
	for _, e := range calls[0].Nested {
		kinds = append(kinds, sessiontest.EntryKind(e))
	}
	if got := strings.Join(kinds, " "); got != "text:Looking. call:x1" || calls[0].Duration != 1500 {
		t.Errorf("first subagent: %s, %d ms", got, calls[0].Duration)
	}
	if n := calls[0].Nested[1].(*session.ToolCall); n.Result == nil {
		t.Errorf("nested call has no result")
	}
	kinds = nil
	for _, e := range calls[1].Nested {
		kinds = append(kinds, sessiontest.EntryKind(e))
	}
	if got := strings.Join(kinds, " "); got != "text:Older. event:subagent" {
		t.Errorf("second subagent: %s", got)
	}
	if s.Usage.Output != 0 {
		t.Errorf("the subagent's tokens counted as the session's: %+v", s.Usage)
	}
}

// The messages' output tokens are all a log may say: its input is not
// recorded. session.shutdown's totals then replace them: by kind of
// token, else summed over the models (whose input holds the cache's).
func TestTokens(t *testing.T) {
	l := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", obj{"messageId": "m", "content": "a", "outputTokens": 12})
	s := l.read(t)
	if !s.Usage.InputUnknown() || s.Usage.Output != 12 {
		t.Errorf("before shutdown: %+v", s.Usage)
	}
	byModel := append(events{}, *l...)
	s = byModel.add("session.shutdown", obj{"shutdownType": "routine", "codeChanges": obj{}, "modelMetrics": obj{
		"a": obj{"requests": obj{"count": 1}, "usage": obj{"inputTokens": 1000, "outputTokens": 20, "cacheReadTokens": 600, "cacheWriteTokens": 100}},
		"b": obj{"requests": obj{"count": 1}, "usage": obj{"inputTokens": 10, "outputTokens": 2, "cacheReadTokens": 0, "cacheWriteTokens": 0, "reasoningTokens": 5}}}}).read(t)
	want := session.TokenUsage{Input: 310, Output: 22, CacheRead: 600, CacheWrite: 100, Reasoning: 5, Recorded: session.RecordedCache | session.RecordedReasoning}
	if s.Usage != want || s.Usage.InputUnknown() {
		t.Errorf("by model: %+v, want %+v", s.Usage, want)
	}
	byKind := append(events{}, *l...)
	s = byKind.add("session.shutdown", obj{"shutdownType": "routine", "codeChanges": obj{}, "modelMetrics": obj{"a": obj{"requests": 2}},
		"tokenDetails": obj{"input": obj{"tokenCount": 100}, "output": obj{"tokenCount": 15}, "cache_read": obj{"tokenCount": 5}}}).read(t)
	want = session.TokenUsage{Input: 100, Output: 15, CacheRead: 5, Recorded: session.RecordedCache}
	if s.Usage != want {
		t.Errorf("by kind: %+v, want %+v", s.Usage, want)
	}
}

// An abort ends the turn: its calls still running get no result, and the
// turn says who stopped it.
func TestAnAbortEndsTheTurn(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("tool.execution_start", obj{"toolCallId": "c1", "toolName": "bash", "arguments": obj{"command": "sleep 100"}}).
		add("abort", obj{"reason": "user_initiated"}).
		read(t)
	ends := sessiontest.Of[*session.TurnEnd](s)
	if len(ends) != 1 || ends[0].Reason != "aborted" || ends[0].Detail != "by the user" || !sessiontest.OnlyCall(t, s).Unfinished {
		t.Errorf("entries: %s", sessiontest.Shape(s))
	}
}

// A subagent's work shows in its call's card however the log arrives: read
// whole, or in pieces as a followed log grows (its card is brought up to
// date as each piece ends).
func TestSubagentWorkShowsAsTheLogGrows(t *testing.T) {
	b := sessiontest.ReadFile(t, sessiontest.Testdata+"/copilot/.copilot/session-state/7c1e2f4a-3b5d-4e6f-8a9b-0c1d2e3f4a5b/events.jsonl")
	nested := func(s *session.Session) string {
		var kinds []string
		for _, c := range sessiontest.Calls(s) {
			for _, e := range c.Nested {
				kinds = append(kinds, sessiontest.EntryKind(e))
			}
		}
		return strings.Join(kinds, " ")
	}
	whole := nested(sessiontest.ReadBytes(b, len(b)))
	if whole != "text:Updating the test's expectation. call:sc1 text:The test now expects 5 retries." {
		t.Fatalf("read whole: %s", whole)
	}
	r := source.NewReader()
	for len(b) > 0 {
		n := min(97, len(b))
		r.Write(b[:n])
		b = b[n:]
		if s := r.Session(); len(sessiontest.Calls(s)) >= 7 && sessiontest.Calls(s)[6].Result != nil && nested(s) != whole {
			t.Fatalf("after the task's result: %s", nested(s))
		}
	}
	r.Close()
	if got := nested(r.Session()); got != whole {
		t.Errorf("read in pieces: %s", got)
	}
}

// Subagents in subagents nest eight deep; the work of one deeper is shown
// among the session's own entries, and every line is still accounted for.
func TestSubagentsNestEightDeep(t *testing.T) {
	l := newLog().add("user.message", obj{"content": "hi"}).add("assistant.message", message("m", "", request("t0", "task", obj{})))
	for i := range 12 {
		agent := fmt.Sprintf("a%d", i)
		l.add("subagent.started", obj{"toolCallId": fmt.Sprintf("t%d", i)}, "agentId", agent)
		l.add("assistant.message", message(fmt.Sprintf("s%d", i), fmt.Sprintf("depth %d", i+1), request(fmt.Sprintf("t%d", i+1), "task", obj{})), "agentId", agent)
	}
	s := l.read(t)
	sessiontest.NoNotices(t, s)
	depth, c := 0, sessiontest.Calls(s)[0]
	for len(c.Nested) > 0 {
		depth++
		c = c.Nested[len(c.Nested)-1].(*session.ToolCall)
	}
	if depth != 8 {
		t.Errorf("nested %d deep, want 8", depth)
	}
	if texts := sessiontest.Of[*session.AssistantText](s); len(texts) != 1 || texts[0].Text != "depth 9" {
		t.Errorf("the session's own texts: %s", sessiontest.Shape(s))
	}
}

// An approval asked of the person for a call is on its card, with the
// answer: allowed once or for the session, rejected however it was denied.
func TestApprovalsAreOnTheirCalls(t *testing.T) {
	s := newLog().
		add("user.message", obj{"content": "hi"}).
		add("assistant.message", message("m", "", request("c1", "bash", obj{"command": "rm -rf build"}), request("c2", "bash", obj{"command": "curl x"}))).
		add("permission.requested", obj{"requestId": "p1", "permissionRequest": obj{"kind": "shell", "toolCallId": "c1", "intention": "Remove the build folder", "fullCommandText": "rm -rf build"}}).
		add("permission.completed", obj{"requestId": "p1", "result": obj{"kind": "approved-for-session"}}).
		add("permission.requested", obj{"requestId": "p2", "permissionRequest": obj{"kind": "url", "toolCallId": "c2", "url": "https://x"}}).
		add("permission.completed", obj{"requestId": "p2", "toolCallId": "c2", "result": obj{"kind": "denied-interactively-by-user"}}).
		add("permission.requested", obj{"requestId": "p3", "permissionRequest": obj{"kind": "hook"}}).
		read(t)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	want := []session.Approval{{ID: "p1", Reason: "Remove the build folder", Outcome: session.AllowedForSession}, {ID: "p2", Reason: "https://x", Outcome: session.Rejected}}
	for i, w := range want {
		if a := calls[i].Approval; a == nil || *a != w {
			t.Errorf("call %d: approval %+v, want %+v", i, a, w)
		}
	}
}
