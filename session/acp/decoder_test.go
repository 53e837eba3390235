package acp_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/acp"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
)

// readLog reads ACP lines, checking that every line is accounted for.
func readLog(t *testing.T, lines ...string) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(strings.Join(lines, "\n") + "\n")
	if s.Format != session.FormatACP {
		t.Fatalf("read as %q", s.Format)
	}
	if !s.Account.Balanced() {
		t.Fatalf("accounting %+v", s.Account)
	}
	return s
}

// update is a session/update notification line for session s.
func update(s, update string) string {
	return `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"` + s + `","update":` + update + `}}`
}

func TestToolCallIsAnUpsert(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read File","kind":"read","status":"pending","rawInput":{},"content":[]}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Read /a/b.go","kind":"read","status":"pending","rawInput":{"file_path":"/a/b.go"}}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"","kind":"read","rawInput":{}}`),
	)
	c := sessiontest.OnlyCall(t, s)
	if c.Title() != "Read /a/b.go" || c.Arguments != `{"file_path":"/a/b.go"}` {
		t.Fatalf("title %q, arguments %s", c.Title(), c.Arguments)
	}
	if s.Account.Merged != 2 {
		t.Fatalf("accounting %+v", s.Account)
	}
}

func TestUpdateMergesOnlyItsFields(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Tool: mcp/list","kind":"other","status":"in_progress","rawInput":{"server":"mcp"},"content":[{"type":"content","content":{"type":"text","text":"working"}}]}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}`),
	)
	c := sessiontest.OnlyCall(t, s)
	if c.Title() != "Tool: mcp/list" || c.Status() != session.CallDone || session.TextOf(c.Result.Content) != "working" {
		t.Fatalf("title %q, status %v, result %+v", c.Title(), c.Status(), c.Result)
	}
	if _, ok := c.View.(session.GenericResultView); !ok {
		t.Fatalf("view %T", c.View)
	}
	// content is replaced whole: cumulative snapshots show once
	s = readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"t","kind":"other"}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","content":[{"type":"content","content":{"type":"text","text":"a"}}]}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","content":[{"type":"content","content":{"type":"text","text":"ab"}}]}`),
	)
	if v := sessiontest.OnlyCall(t, s).Call.(session.GenericCallView); len(v.Content) != 1 || v.Content[0].Text != "ab" {
		t.Fatalf("content %+v", v.Content)
	}
}

func TestUpdateOfAnUnknownCallMakesIt(t *testing.T) {
	s := readLog(t, update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c9","status":"completed","kind":"execute","title":"ls","rawOutput":{"stdout":"a\n","exit_code":0}}`))
	c := sessiontest.OnlyCall(t, s)
	v, ok := c.View.(session.TerminalResultView)
	if !ok || v.Output != "a\n" || c.CallID != "c9" || s.Account.Entries != 1 {
		t.Fatalf("view %#v, accounting %+v", c.View, s.Account)
	}
}

func TestChunksJoin(t *testing.T) {
	chunk := func(kind, text, id string) string {
		msgID := ""
		if id != "" {
			msgID = `,"messageId":"` + id + `"`
		}
		return update("s", `{"sessionUpdate":"`+kind+`","content":{"type":"text","text":"`+text+`"}`+msgID+`}`)
	}
	s := readLog(t,
		chunk("agent_thought_chunk", "Let me ", ""), chunk("agent_thought_chunk", "look.", ""),
		chunk("agent_message_chunk", "The ", "m1"), chunk("agent_message_chunk", "answer", "m1"),
		chunk("agent_message_chunk", "Another", "m2"),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"t"}`),
		chunk("agent_message_chunk", "After", "m2"),
		chunk("user_message_chunk", "hi ", ""), chunk("user_message_chunk", "there", ""),
	)
	var got []string
	for _, e := range s.Entries {
		switch x := e.(type) {
		case *session.Reasoning:
			got = append(got, "thought:"+x.Text)
		case *session.AssistantText:
			got = append(got, "text:"+x.Text)
		case *session.UserMessage:
			got = append(got, "user:"+session.TextOf(x.Content))
		}
	}
	want := "thought:Let me look.|text:The answer|text:Another|text:After|user:hi there"
	if strings.Join(got, "|") != want {
		t.Fatalf("got %s", strings.Join(got, "|"))
	}
	if s.Account.Merged != 3 {
		t.Fatalf("accounting %+v", s.Account)
	}
}

func TestPlanIsReplaced(t *testing.T) {
	plan := func(status string) string {
		return update("s", `{"sessionUpdate":"plan","entries":[{"content":"Check","priority":"high","status":"`+status+`"},{"content":"Fix","priority":"low","status":"pending"}]}`)
	}
	s := readLog(t, plan("pending"), plan("in_progress"))
	var plans []*session.Plan
	for _, e := range s.Entries {
		if p, ok := e.(*session.Plan); ok {
			plans = append(plans, p)
		}
	}
	if len(plans) != 1 || plans[0].Items[0].Status != "in_progress" || len(plans[0].Items) != 2 {
		t.Fatalf("plans %+v", plans)
	}
	// after other entries the plan shows again, where it changed
	s = readLog(t, plan("pending"), update("s", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"x"}}`), plan("completed"))
	if n := strings.Count(sessiontest.Shape(s), "plan"); n != 2 {
		t.Fatalf("shape %s", sessiontest.Shape(s))
	}
}

func TestPromptOpensAndEndsATurn(t *testing.T) {
	for stop, want := range map[string]string{"end_turn": "completed", "cancelled": "aborted", "max_tokens": "max-tokens", "refusal": "refusal"} {
		s := readLog(t,
			`{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"fix it"},{"type":"resource_link","name":"a.go","uri":"file:///a.go"}]}}`,
			update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"t","status":"in_progress"}`),
			`{"jsonrpc":"2.0","id":3,"result":{"stopReason":"`+stop+`","usage":{"inputTokens":10,"outputTokens":4,"totalTokens":14}}}`,
		)
		if got := sessiontest.Shape(s); got != "event:session turn user call:c1 end:"+want+" " {
			t.Fatalf("%s: shape %s", stop, got)
		}
		u := s.Entries[2].(*session.UserMessage)
		if u.Role != session.RoleHuman || session.TextOf(u.Content) != "fix it\n[a.go](file:///a.go)" {
			t.Fatalf("prompt %+v", u)
		}
		if !sessiontest.OnlyCall(t, s).Unfinished || s.Usage.Input != 10 || s.Usage.Output != 4 {
			t.Fatalf("a call pending at the turn's end is unfinished; usage %+v", s.Usage)
		}
	}
}

func TestPermissionOutcomeOnTheCard(t *testing.T) {
	ask := `{"jsonrpc":"2.0","id":6,"method":"session/request_permission","params":{"sessionId":"s","toolCall":{"toolCallId":"c1","title":"Write a.txt","kind":"edit"},"options":[{"kind":"allow_always","name":"Always Allow","optionId":"allow_always"},{"kind":"allow_once","name":"Allow","optionId":"allow"},{"kind":"reject_once","name":"Reject","optionId":"reject"},{"kind":"reject_always","name":"Never","optionId":"never"}]}}`
	for answer, want := range map[string]session.ApprovalOutcome{
		`{"outcome":"selected","optionId":"allow"}`:        session.AllowedOnce,
		`{"optionId":"allow_always","outcome":"selected"}`: session.AllowedAlways,
		`{"outcome":"selected","optionId":"reject"}`:       session.Rejected,
		`{"outcome":"selected","optionId":"never"}`:        "rejected-always",
		`{"outcome":"cancelled"}`:                          session.Cancelled,
	} {
		s := readLog(t, ask, `{"jsonrpc":"2.0","id":6,"result":{"outcome":`+answer+`}}`)
		c := sessiontest.OnlyCall(t, s) // the permission made the call the log had not shown
		if c.Approval == nil || c.Approval.Outcome != want || !strings.Contains(c.Approval.Reason, "Always Allow, Allow, Reject") {
			t.Fatalf("%s: approval %+v", answer, c.Approval)
		}
	}
	// an outcome the protocol does not name is a notice, not a cancellation
	s := readLog(t, ask, `{"jsonrpc":"2.0","id":6,"result":{"outcome":{"outcome":"deferred","optionId":"allow"}}}`)
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || !strings.Contains(n[0], "unknown permission outcome `deferred`") || sessiontest.OnlyCall(t, s).Approval.Outcome != "" {
		t.Fatalf("notices %q", n)
	}
}

func TestTerminalFeedsItsCall(t *testing.T) {
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"terminal/create","params":{"sessionId":"s","command":"go","args":["test","./..."],"cwd":"/src"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"terminalId":"t1"}}`,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Run tests","kind":"execute","status":"in_progress","content":[{"type":"terminal","terminalId":"t1"}]}`),
		`{"jsonrpc":"2.0","id":2,"method":"terminal/wait_for_exit","params":{"sessionId":"s","terminalId":"t1"}}`,
		`{"jsonrpc":"2.0","id":2,"result":{"exitCode":2}}`,
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed"}`),
		`{"jsonrpc":"2.0","id":3,"method":"terminal/output","params":{"sessionId":"s","terminalId":"t1"}}`,
		`{"jsonrpc":"2.0","id":3,"result":{"output":"FAIL x\n","truncated":false}}`,
		`{"jsonrpc":"2.0","id":4,"method":"terminal/release","params":{"sessionId":"s","terminalId":"t1"}}`,
		`{"jsonrpc":"2.0","id":4,"result":{}}`,
	}
	s := readLog(t, lines...)
	c := sessiontest.OnlyCall(t, s)
	call := c.Call.(session.TerminalCallView)
	v, ok := c.View.(session.TerminalResultView)
	if call.Title != "go test ./..." || call.Cwd != "/src" || !ok || v.Output != "FAIL x\n" || v.ExitCode == nil || *v.ExitCode != 2 || c.Status() != session.CallFailed {
		t.Fatalf("call %+v, view %#v", call, c.View)
	}
}

func TestMetaTerminalOutputStreams(t *testing.T) {
	head := []string{
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"execute","title":"make","status":"in_progress","content":[{"type":"terminal","terminalId":"c1"}],"rawInput":{"command":"make"},"_meta":{"terminal_info":{"cwd":"/p","terminal_id":"c1"}}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"terminal_output":{"data":"one\n","terminal_id":"c1"}}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","_meta":{"terminal_output_delta":{"data":"two\n","terminal_id":"c1"}}}`),
	}
	// while the command runs, what it printed shows as it comes; the log
	// ended there, so it will get no result
	s := readLog(t, head...)
	c := sessiontest.OnlyCall(t, s)
	if v, ok := c.View.(session.TerminalResultView); !ok || v.Output != "one\ntwo\n" || v.ExitCode != nil || c.Status() != session.CallPending || !c.Unfinished {
		t.Fatalf("a running command: %+v", c)
	}
	s = readLog(t, append(head, update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","_meta":{"terminal_exit":{"exit_code":0,"signal":null}}}`))...)
	c = sessiontest.OnlyCall(t, s)
	if v := c.View.(session.TerminalResultView); v.Output != "one\ntwo\n" || *v.ExitCode != 0 || c.Call.(session.TerminalCallView).Cwd != "/p" {
		t.Fatalf("view %#v", c.View)
	}
	// the final raw output is the whole of it
	s = readLog(t, append(head, update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":{"formatted_output":"one\ntwo\nDone\n","exit_code":0}}`))...)
	if v := sessiontest.OnlyCall(t, s).View.(session.TerminalResultView); v.Output != "one\ntwo\nDone\n" {
		t.Fatalf("view %#v", v)
	}
}

func TestRawOutputExitCode(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Run","kind":"execute","status":"in_progress","rawInput":{"command":["bash","-lc","rg x"],"cwd":"/p/."}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","content":[{"type":"content","content":{"type":"text","text":"partial"}}]}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":{"stdout":"","stderr":"boom\n","exit_code":1,"duration":{"secs":0,"nanos":5}}}`),
	)
	c := sessiontest.OnlyCall(t, s)
	v := c.View.(session.TerminalResultView)
	if c.Call.(session.TerminalCallView).Title != "rg x" || c.Call.(session.TerminalCallView).Cwd != "/p" || v.Output != "boom\n" || *v.ExitCode != 1 || c.Status() != session.CallFailed {
		t.Fatalf("call %+v view %#v", c.Call, v)
	}
}

// An argv command is worded by the one shell rule every format shares: a
// wrapper's script, else the words quoted where a shell would read them
// otherwise (# and ~ too).
func TestArgvCommand(t *testing.T) {
	for argv, want := range map[string]string{
		`["fish","-c","ls | head"]`:          "ls | head",
		`["grep","-n","#x","~/a","a b"]`:     `grep -n '#x' '~/a' 'a b'`,
		`["/usr/bin/ksh","-lc","make test"]`: "make test",
	} {
		s := readLog(t, update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Run","kind":"execute","status":"in_progress","rawInput":{"command":`+argv+`}}`))
		if got := sessiontest.OnlyCall(t, s).Call.(session.TerminalCallView).Title; got != want {
			t.Errorf("%s: %q, want %q", argv, got, want)
		}
	}
}

// A call's duration is what its raw output says, the log having no times.
func TestRawOutputDuration(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Run","kind":"execute","status":"in_progress","rawInput":{"command":"ls"}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":{"stdout":"a\n","exit_code":0,"duration":{"secs":2,"nanos":500000000}}}`),
	)
	if ms, ok := sessiontest.OnlyCall(t, s).Elapsed(); !ok || ms != 2500 {
		t.Fatalf("elapsed %d %v, want 2500 ms", ms, ok)
	}
}

func TestUnifiedDiffChanges(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Edit a.go","kind":"edit","status":"in_progress","content":[{"type":"diff","path":"/p/a.go","oldText":"x","newText":"y"}],"rawInput":{"changes":{"/p/a.go":{"update":{"unified_diff":"@@ -3,2 +3,2 @@\n a\n-b\n+c\n","move_path":null}}}}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":{"stdout":"Success","stderr":"","success":true}}`),
	)
	c := sessiontest.OnlyCall(t, s)
	v, ok := c.View.(session.DiffResultView)
	if !ok || len(v.Diffs) != 1 || *v.Diffs[0].OldText != "a\nb" || v.Diffs[0].NewText != "a\nc" || len(c.DiffStarts) != 1 || c.DiffStarts[0] != 3 {
		t.Fatalf("view %#v, starts %v", c.View, c.DiffStarts)
	}
}

func TestDiffWithNullOldTextIsANewFile(t *testing.T) {
	s := readLog(t, update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Write q.lua","kind":"edit","status":"pending","content":[{"type":"diff","path":"/p/q.lua","oldText":null,"newText":"a\nb\n"}]}`))
	c := sessiontest.OnlyCall(t, s)
	v, ok := c.Call.(session.DiffCallView)
	if !ok || len(v.Diffs) != 1 || v.Diffs[0].OldText != nil || v.Diffs[0].NewText != "a\nb\n" || c.DiffStarts[0] != 1 || c.View != nil {
		t.Fatalf("call %#v", c.Call)
	}
	// with old text, only the change and its context
	s = readLog(t, update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Edit","kind":"edit","status":"completed","content":[{"type":"diff","path":"/p/q.lua","oldText":"1\n2\n3\n4\n5\n6\n7\n8\n9","newText":"1\n2\n3\n4\nFIVE\n6\n7\n8\n9"}]}`))
	if v := sessiontest.OnlyCall(t, s).View.(session.DiffResultView); len(v.Diffs) != 1 || *v.Diffs[0].OldText != "2\n3\n4\n5\n6\n7\n8" {
		t.Fatalf("view %#v", v)
	}
}

func TestSessionsEachHaveAHeader(t *testing.T) {
	s := readLog(t,
		`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{}}}`,
		`{"jsonrpc":"2.0","id":0,"result":{"protocolVersion":1,"agentInfo":{"name":"claude-code-acp","title":"Claude Code","version":"0.9.1"}}}`,
		`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/work/a","mcpServers":[]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"sessionId":"A","modes":{"currentModeId":"default","availableModes":[{"id":"default","name":"Default"},{"id":"plan","name":"Plan Mode"}]}}}`,
		update("A", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"a"}`),
		update("B", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"b"}`),
		update("A", `{"sessionUpdate":"session_info_update","title":"Fix the build"}`),
		update("A", `{"sessionUpdate":"current_mode_update","currentModeId":"plan"}`),
		update("A", `{"sessionUpdate":"available_commands_update","availableCommands":[]}`),
	)
	headers := sessiontest.Events(s, "session")
	if len(headers) != 3 || headers[0].Summary != "session A · Fix the build · in /work/a" || headers[1].Summary != "session B" || headers[2].Summary != "back to session A" {
		t.Fatalf("headers %+v", headers)
	}
	if len(sessiontest.Calls(s)) != 2 {
		t.Fatalf("calls of two sessions with one id: %s", sessiontest.Shape(s))
	}
	if s.Agent != "Claude Code 0.9.1" || s.Header.Version != 1 || s.Header.ID != "A" || s.Header.Cwd != "/work/a" || s.Title != "Fix the build" {
		t.Fatalf("agent %q, header %+v, title %q", s.Agent, s.Header, s.Title)
	}
	if m := sessiontest.Events(s, "mode"); len(m) != 1 || m[0].Summary != "mode: Plan Mode" {
		t.Fatalf("mode events %+v", m)
	}
	if s.Hidden["available_commands_update"] != 1 || s.Hidden["initialize"] != 1 {
		t.Fatalf("hidden %v", s.Hidden)
	}
}

func TestUnknownUpdateIsANotice(t *testing.T) {
	s := readLog(t, update("s", `{"sessionUpdate":"agent_audio_chunk","content":{"type":"text","text":"not a user message"}}`))
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || n[0] != "line 1: unknown session update `agent_audio_chunk`" {
		t.Fatalf("notices %q", n)
	}
	for _, e := range s.Entries {
		if _, ok := e.(*session.UserMessage); ok {
			t.Fatal("an unknown update was filed as a user message")
		}
	}
}

func TestUnknownContentIsANotice(t *testing.T) {
	s := readLog(t, update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"t","content":[{"type":"hologram"},{"type":"content","content":{"type":"text","text":"kept"}}]}`))
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || !strings.Contains(n[0], "unknown tool call content `hologram`") {
		t.Fatalf("notices %q", n)
	}
	if v := sessiontest.OnlyCall(t, s).Call.(session.GenericCallView); len(v.Content) != 1 || v.Content[0].Text != "kept" {
		t.Fatalf("call %+v", v)
	}
}

func TestResponseWithoutRequest(t *testing.T) {
	s := readLog(t, `{"jsonrpc":"2.0","id":41,"result":{"content":"x"}}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error"}}`)
	n := sessiontest.NoticeTexts(s)
	if len(n) != 2 || n[0] != "line 1: a response to request 41, which is not in this log" || n[1] != "line 2: a response with no id: error Parse error (-32700)" {
		t.Fatalf("notices %q", n)
	}
}

func TestErrorResponsesShow(t *testing.T) {
	s := readLog(t,
		`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":"/p"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Authentication required"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s","prompt":[]}}`,
		`{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error","data":{"details":"overloaded"}}}`,
	)
	ev := sessiontest.Events(s, "error")
	if len(ev) != 1 || !ev[0].Failed || ev[0].Summary != "session/new failed: Authentication required (-32000)" {
		t.Fatalf("events %+v", ev)
	}
	end := s.Entries[len(s.Entries)-1].(*session.TurnEnd)
	if end.Reason != "error" || end.Detail != "Internal error (-32603)" {
		t.Fatalf("turn end %+v", end)
	}
}

func TestIdsPairWithTheLatestUnansweredRequest(t *testing.T) {
	read := func(id, p string) string {
		return `{"jsonrpc":"2.0","id":` + id + `,"method":"fs/read_text_file","params":{"sessionId":"s","path":"` + p + `"}}`
	}
	s := readLog(t,
		read("0", "/a"), read("0", "/b"), read(`"0"`, "/c"),
		`{"jsonrpc":"2.0","id":0.0,"result":{"content":"B"}}`,
		`{"jsonrpc":"2.0","id":0,"result":{"content":"A"}}`,
		`{"jsonrpc":"2.0","id":"0","result":{"content":"C"}}`,
	)
	var bodies []string
	for _, ev := range sessiontest.Events(s, "fs") {
		bodies = append(bodies, ev.Body)
	}
	if strings.Join(bodies, "") != "ABC" {
		t.Fatalf("bodies %q", bodies)
	}
}

func TestClientFileOpsJoinTheirCall(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Write q.lua","kind":"edit","status":"pending","locations":[{"path":"/p/./q.lua"}],"content":[{"type":"diff","path":"/p/q.lua","oldText":null,"newText":"x"}]}`),
		`{"jsonrpc":"2.0","id":7,"method":"fs/write_text_file","params":{"sessionId":"s","path":"/p/q.lua","content":"x"}}`,
		`{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"disk full"}}`,
		`{"jsonrpc":"2.0","id":8,"method":"fs/write_text_file","params":{"sessionId":"s","path":"/p/other","content":"y"}}`,
	)
	c := sessiontest.OnlyCall(t, s)
	if len(c.SubCalls) != 1 || c.SubCalls[0].Name != "fs/write_text_file (1 bytes)" || !c.SubCalls[0].Done || !c.SubCalls[0].IsError {
		t.Fatalf("steps %+v", c.SubCalls)
	}
	if ev := sessiontest.Events(s, "fs"); len(ev) != 1 || ev[0].Summary != "wrote /p/other (1 bytes) through the client" || ev[0].Body != "y" {
		t.Fatalf("events %+v", ev)
	}
}

func TestReadSearchAndFetchCards(t *testing.T) {
	text := func(s string) string {
		return `"content":[{"type":"content","content":{"type":"text","text":"` + s + `"}}]`
	}
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"r","title":"Read","kind":"read","status":"pending","rawInput":{"file_path":"/p/a.go","offset":10,"limit":2}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"r","status":"completed",`+text("```\\nx\\ny\\n```")+`}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"g","title":"grep","kind":"search","status":"completed",`+text("a.go:3:x\\nb.go:9:y")+`}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"f","title":"Find","kind":"search","status":"completed",`+text("Found 2 files\\n/p/a\\n/p/b")+`}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"w","title":"Fetch","kind":"fetch","status":"pending","rawInput":{"url":"https://x.org"}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"w","_meta":{"claudeCode":{"toolName":"WebFetch","toolResponse":{"code":200,"result":"# Page"}}}}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"q","title":"q","kind":"fetch","status":"completed","rawInput":{"query":"go"},`+text(`Web search results for query: \"go\"\n\nLinks: [{\"title\":\"Go\",\"url\":\"https://go.dev\"}]\n\nGo is a language.`)+`}`),
	)
	calls := sessiontest.Calls(s)
	if v := calls[0].View.(session.ReadResultView); v.Path != "/p/a.go" || len(v.Lines) != 2 || v.Lines[0] != (session.ReadFileLine{Number: 10, Text: "x"}) {
		t.Fatalf("read %#v", v)
	}
	if v := calls[1].View.(session.SearchMatchesResultView); len(v.Files) != 2 || v.Total != 2 {
		t.Fatalf("grep %#v", v)
	}
	if v := calls[2].View.(session.SearchPathsResultView); len(v.Paths) != 2 || v.Paths[0] != "/p/a" {
		t.Fatalf("find %#v", v)
	}
	if v := calls[3].View.(session.WebFetchResultView); v.URL != "https://x.org" || v.StatusCode != 200 || session.TextOf(calls[3].Result.Content) != "# Page" || calls[3].Name != "WebFetch" {
		t.Fatalf("fetch %#v %+v", v, calls[3].Result)
	}
	if v := calls[4].View.(session.WebSearchResultView); len(v.Sources) != 1 || v.Sources[0].URL != "https://go.dev" || v.Answer != "Go is a language." {
		t.Fatalf("web search %#v", v)
	}
	if s.Agent != "claude-code-acp" {
		t.Fatalf("agent %q", s.Agent)
	}
}

func TestRecordingsSpanLines(t *testing.T) {
	rec := `{
  "method": "sessionUpdate",
  "args": [
    {
      "sessionId": "t",
      "update": {
        "sessionUpdate": "tool_call",
        "toolCallId": "c1",
        "title": "npm test",
        "kind": "execute"
      }
    }
  ]
}{
  "method": "sessionUpdate",
  "args": [
    {
      "sessionId": "t",
      "update": {"sessionUpdate": "tool_call_update", "toolCallId": "c1", "status": "completed", "rawOutput": {"formatted_output": "ok\n", "exit_code": 0}}
    }
  ]
}
{
  "method": "requestPermission",
  "args": [
    {
      "sessionId": "t",
      "toolCall": {"toolCallId": "c2", "kind": "execute", "rawInput": {"command": "rm -rf /"}},
      "options": [{"optionId": "no", "name": "Reject", "kind": "reject_once"}]
    }
  ]
}`
	r := source.NewReader()
	for _, l := range strings.SplitAfter(rec, "\n") {
		r.Write([]byte(l))
		if !r.Session().Account.Balanced() {
			t.Fatalf("after %q: accounting %+v", l, r.Session().Account)
		}
	}
	r.Close()
	s := r.Session()
	calls := sessiontest.Calls(s)
	if len(calls) != 2 || calls[0].Status() != session.CallDone || calls[1].Approval == nil || calls[1].Approval.Outcome != "" {
		t.Fatalf("shape %s", sessiontest.Shape(s))
	}
	if n := strings.Count(rec, "\n") + 1; s.Account.Lines != n || s.Account.Entries != 2 || s.Account.Merged != n-2 || len(s.Notices()) != 0 {
		t.Fatalf("accounting %+v of %d lines", s.Account, n)
	}
}

func TestBrokenInput(t *testing.T) {
	ok := update("s", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"still read"}}`)
	for _, c := range []struct {
		name, log string
		notice    string // what the first notice says
	}{
		{"not JSON", ok + "\n<html>\n", "line 2: not JSON: \"<html>\""},
		{"a line that ends early", `{"jsonrpc":"2.0","method":"session/update","params":{` + "\n" + ok, "line 1: not JSON: unexpected end of JSON input"},
		{"trailing garbage", ok + "\n" + ok + " ]\n", "line 2: not JSON: \"]\""},
		{"an array", "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":null}\n[1]\n" + ok, "line 1: a response to request 1"},
		{"an unknown method", `{"jsonrpc":"2.0","method":"zed/ping","params":{}}` + "\n" + ok, "line 1: unknown method `zed/ping`"},
		{"an unknown extension request", `{"jsonrpc":"2.0","id":7,"method":"_zed/ping","params":{}}` + "\n" + ok, "line 1: unknown method `_zed/ping`"},
		{"a field of the wrong type", update("s", `{"sessionUpdate":"tool_call","toolCallId":"c","title":5}`) + "\n" + ok, "line 1: `tool_call` update does not fit its shape: field \"title\" is a JSON number"},
		{"a recording cut off", "{\n  \"method\": \"sessionUpdate\",\n  \"args\": [\n    {\n" + ok, "lines 1–4: an unfinished JSON value: it never closes (a new value starts at line 5)"},
		{"an unknown recorded call", "{\n \"method\": \"frobnicate\",\n \"args\": [{}]\n}\n" + ok, "lines 1–4: unknown recorded SDK call `frobnicate`"},
	} {
		s := sessiontest.ReadString(c.log)
		n := sessiontest.NoticeTexts(s)
		if len(n) == 0 || !strings.HasPrefix(n[0], c.notice) {
			t.Errorf("%s: notices %q", c.name, n)
		}
		if !s.Account.Balanced() || !strings.Contains(sessiontest.Shape(s), "text:still read") {
			t.Errorf("%s: accounting %+v, shape %s", c.name, s.Account, sessiontest.Shape(s))
		}
	}
}

// An extension notification (a method that starts with "_", no id) that
// deck does not know is ignored, as ACP asks of a receiver: bookkeeping,
// counted by its method, never a notice (Grok Build's updates.jsonl holds
// its own _x.ai/session/update among the updates).
func TestAnExtensionNotificationIsBookkeeping(t *testing.T) {
	ok := update("s", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"still read"}}`)
	s := sessiontest.ReadString(`{"timestamp":1752000000,"method":"_x.ai/session/update","params":{"sessionId":"s","update":{"type":"retry_state"}}}` + "\n" + ok + "\n")
	if n := sessiontest.NoticeTexts(s); len(n) != 0 || s.Hidden["_x.ai/session/update (an extension notification)"] != 1 || !s.Account.Balanced() {
		t.Fatalf("notices %q, hidden %v, accounting %+v", n, s.Hidden, s.Account)
	}
	if !strings.Contains(sessiontest.Shape(s), "text:still read") {
		t.Errorf("shape %s", sessiontest.Shape(s))
	}
}

func TestValueBoundAndUnfinishedTail(t *testing.T) {
	s := sessiontest.ReadString("{\n" + strings.Repeat("  \"a\": 1,\n", acp.MaxValueLines) + "  \"b\": 2\n}\n")
	if !s.Account.Balanced() || len(s.Notices()) == 0 || !strings.Contains(s.Notices()[0].Text, "still open after") {
		t.Fatalf("accounting %+v, notices %q", s.Account, sessiontest.NoticeTexts(s))
	}
	s = sessiontest.ReadString("{\n  \"method\": \"sessionUpdate\",\n")
	if n := sessiontest.NoticeTexts(s); len(n) != 1 || n[0] != "the log ends inside a JSON value that starts at line 1" || !s.Account.Balanced() {
		t.Fatalf("notices %q, accounting %+v", n, s.Account)
	}
}

// FuzzReader feeds any bytes, in any chunks, after an ACP first line, so
// the ACP decoder reads them: it never panics, and every line is accounted
// for.
func FuzzReader(f *testing.F) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/corpus/acp/*.json*")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b, uint16(64))
			for _, l := range bytes.SplitN(b, []byte("\n"), 6) {
				f.Add(l, uint16(7))
			}
		}
	}
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"image","data":"AAAA","mimeType":"image/png"}]}}`+"\n"+`{"jsonrpc":"2.0","id":1.0,"result":{"stopReason":"end_turn"}}`), uint16(3))
	f.Add([]byte("{\n  \"method\": \"sessionUpdate\",\n  \"args\": [{\"sessionId\": \"t\", \"update\": {\"sessionUpdate\": \"plan\", \"entries\": []}}]\n}{\n"), uint16(5))
	first := `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}` + "\n"
	f.Fuzz(func(t *testing.T, data []byte, chunk uint16) {
		s := sessiontest.ReadBytes(append([]byte(first), data...), int(chunk%4096)+1)
		if s.Format != session.FormatACP || !s.Account.Balanced() {
			t.Fatalf("format %q, accounting %+v", s.Format, s.Account)
		}
		for _, e := range s.Entries {
			if c, ok := e.(*session.ToolCall); ok {
				_ = c.Status()
				_ = c.Title()
			}
		}
	})
}

func TestLoadReplaysASession(t *testing.T) {
	s := readLog(t,
		`{"jsonrpc":"2.0","id":1,"method":"session/load","params":{"sessionId":"019a5121-cbef-746c-aece-adc08cef75cd","cwd":"/p","mcpServers":[]}}`,
		update("019a5121-cbef-746c-aece-adc08cef75cd", `{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"earlier prompt"}}`),
		update("019a5121-cbef-746c-aece-adc08cef75cd", `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"earlier reply"}}`),
		`{"jsonrpc":"2.0","id":1,"result":{"modes":{"currentModeId":"ask","availableModes":[{"id":"ask","name":"Ask"},{"id":"code","name":"Code"}]}}}`,
		`{"jsonrpc":"2.0","id":2,"method":"session/set_mode","params":{"sessionId":"019a5121-cbef-746c-aece-adc08cef75cd","modeId":"code"}}`,
		`{"jsonrpc":"2.0","id":2,"result":{}}`,
	)
	if got := sessiontest.Shape(s); got != "event:session user text:earlier reply event:mode " {
		t.Fatalf("shape %s", got)
	}
	if s.Header.Cwd != "/p" || s.Header.CreatedAt != 1762297760751 || sessiontest.Events(s, "mode")[0].Summary != "mode: Code (set by the client)" {
		t.Fatalf("header %+v, mode %+v", s.Header, sessiontest.Events(s, "mode"))
	}
}

func TestInterleavedSessionsStreamQuietly(t *testing.T) {
	chunk := func(s, text string) string {
		return update(s, `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"`+text+`"}}`)
	}
	s := readLog(t, chunk("A", "a1 "), chunk("B", "b1 "), chunk("A", "a2"), chunk("B", "b2"),
		update("A", `{"sessionUpdate":"tool_call","toolCallId":"c","title":"t"}`))
	if got := sessiontest.Shape(s); got != "event:session text:a1 a2 event:session text:b1 b2 event:session call:c " {
		t.Fatalf("shape %s", got)
	}
	if ev := sessiontest.Events(s, "session"); ev[2].Summary != "back to session A" {
		t.Fatalf("events %+v", ev)
	}
}

// The title is the first prompt typed, until the agent names the session.
func TestTitleIsTheFirstPrompt(t *testing.T) {
	prompt := `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"fix it\nplease"}]}}`
	if s := readLog(t, prompt); s.Title != "fix it" {
		t.Errorf("title %q", s.Title)
	}
	if s := readLog(t, prompt, update("s", `{"sessionUpdate":"session_info_update","title":"Fix the build"}`)); s.Title != "Fix the build" {
		t.Errorf("title %q", s.Title)
	}
}

// A call still pending when the capture ends gets no result: it is never
// drawn as running.
func TestCallsEndWithTheLog(t *testing.T) {
	s := readLog(t, update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","kind":"read","title":"Read a","status":"in_progress"}`))
	if c := sessiontest.OnlyCall(t, s); !c.Unfinished {
		t.Errorf("call %+v", c)
	}
}

// An MCP server's tool is a generic card titled "server · tool" with its
// input, whatever kind the adapter gave it: an execute call named
// mcp.github.search runs no command, and is no terminal card.
func TestAnMCPCallIsNoCommand(t *testing.T) {
	for _, c := range []struct{ name, call string }{
		{"mcp.github.search", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"mcp.github.search","kind":"execute","status":"in_progress","rawInput":{"query":"deck tui"}}`},
		{"mcp__github__search", `{"sessionUpdate":"tool_call","toolCallId":"toolu_1","title":"mcp__github__search","kind":"other","status":"in_progress","rawInput":{"query":"deck tui"},"_meta":{"claudeCode":{"toolName":"mcp__github__search"}}}`},
	} {
		id := "c1"
		if strings.Contains(c.call, "toolu_1") {
			id = "toolu_1"
		}
		s := readLog(t, update("s", c.call),
			update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"`+id+`","status":"completed","content":[{"type":"content","content":{"type":"text","text":"3 results"}}]}`))
		call := sessiontest.OnlyCall(t, s)
		v, ok := call.Call.(session.GenericCallView)
		if !ok || v.Title != "github · search" || v.Kind != "mcp" || v.RawInput == nil || call.Name != c.name {
			t.Errorf("%s: name %q, call view %#v", c.name, call.Name, call.Call)
		}
		if _, ok := call.View.(session.GenericResultView); !ok || session.TextOf(call.Result.Content) != "3 results" {
			t.Errorf("%s: result view %#v, result %+v", c.name, call.View, call.Result)
		}
	}
}

// A search that ran rg (Codex's adapter gives its command) says what it
// matched, for its card to mark; one with no command leaves that to its
// pattern argument.
func TestASearchByRgSaysWhatItMatched(t *testing.T) {
	s := readLog(t,
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c1","title":"Search add_buf_message","kind":"search","status":"in_progress","rawInput":{"call_id":"c1","command":["bash","-lc","rg --line-number -i \"add_buf_message\""]}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c1","status":"completed","rawOutput":{"formatted_output":"a.lua:3:  chat:add_buf_message(x)\n","exit_code":0}}`),
		update("s", `{"sessionUpdate":"tool_call","toolCallId":"c2","title":"grep","kind":"search","status":"in_progress","rawInput":{"pattern":"add_buf_message"}}`),
		update("s", `{"sessionUpdate":"tool_call_update","toolCallId":"c2","status":"completed","content":[{"type":"content","content":{"type":"text","text":"a.lua:3:  chat:add_buf_message(x)"}}]}`),
	)
	calls := sessiontest.Calls(s)
	for i, want := range []string{"(?i)(?:add_buf_message)", ""} {
		if v, ok := calls[i].View.(session.SearchMatchesResultView); !ok || v.Match != want || v.Total != 1 {
			t.Errorf("%s: %#v, want the match %q", calls[i].Title(), calls[i].View, want)
		}
	}
}
