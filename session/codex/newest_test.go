package codex_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"
)

// Rules for the records of current Codex releases (0.15x): the history
// crate's records, item_completed, code mode's exec cells.

func record(sec int, typ, payload string) string {
	return `{"timestamp":"` + at(sec) + `","type":"` + typ + `","payload":` + payload + `}`
}

// cell is an exec call (code mode) running a script.
func cell(sec int, id, script string) string {
	return item(sec, jsonText(map[string]any{"type": "custom_tool_call", "status": "completed", "call_id": id, "name": "exec", "input": script}))
}

// cellOutput is an exec cell's result, as Codex words it.
func cellOutput(sec int, id, status, out string) string {
	text := "Script " + status + "\nWall time 0.5 seconds\nOutput:\n" + out
	return item(sec, jsonText(map[string]any{"type": "custom_tool_call_output", "call_id": id, "output": []any{map[string]any{"type": "input_text", "text": text}}}))
}

func commandItem(sec int, command, out string, exit int) string {
	return event(sec, jsonText(map[string]any{"type": "item_completed", "turn_id": "t1", "item": map[string]any{
		"type": "CommandExecution", "id": "exec-1", "command": command, "cwd": "/w", "status": "completed",
		"aggregated_output": out, "exit_code": exit, "duration_ms": 250,
	}}))
}

// The harness's state records are bookkeeping, never notices.
func TestStateRecordsAreBookkeeping(t *testing.T) {
	s := log(t,
		record(1, "world_state", `{"full":true,"state":{}}`),
		record(1, "retained_context", `{}`),
		record(1, "security_risk_score", `{"score":0}`),
		record(1, "realtime_item", `{}`),
		record(1, "inter_agent_communication_metadata", `{"trigger_turn":false}`),
		item(1, `{"type":"tool_search_call","id":"ts1"}`),
		item(1, `{"type":"context_compaction","encrypted_content":"x"}`),
		event(1, `{"type":"item_started","item":{"type":"Reasoning","id":"r"}}`),
		event(1, `{"type":"item_completed","item":{"type":"AgentMessage","id":"a","content":[]}}`),
	)
	sessiontest.NoNotices(t, s)
	if len(s.Entries) != 0 || s.Hidden["world_state"] != 1 || s.Hidden["item_completed"] != 1 {
		t.Errorf("entries %d, hidden %v", len(s.Entries), s.Hidden)
	}
}

// token_usage_record is one response's usage: summed, each response once,
// and once a log has them token_count totals are not the usage.
func TestUsageRecordsAreSummedOncePerResponse(t *testing.T) {
	rec := func(id string, in, cached, out int) string {
		return record(1, "token_usage_record", jsonText(map[string]any{"response_id": id, "usage": map[string]any{"input_tokens": in, "cached_input_tokens": cached, "output_tokens": out, "reasoning_output_tokens": 2}}))
	}
	s := log(t,
		event(1, `{"type":"token_count","info":{"total_token_usage":{"input_tokens":999,"cached_input_tokens":0,"output_tokens":999}}}`),
		rec("r1", 100, 40, 10),
		rec("r2", 200, 150, 20),
		rec("r2", 200, 150, 20), // written again by a compaction
		event(2, `{"type":"token_count","info":{"total_token_usage":{"input_tokens":5,"cached_input_tokens":0,"output_tokens":5}}}`),
	)
	want := session.TokenUsage{Input: 110, CacheRead: 190, Output: 30, Reasoning: 4, Recorded: session.RecordedCache | session.RecordedReasoning}
	if s.Usage != want {
		t.Errorf("usage %+v, want %+v", s.Usage, want)
	}
}

// A settings change names the model; a thread name is the agent's title,
// over the first prompt.
func TestThreadSettingsAndName(t *testing.T) {
	s := log(t,
		event(1, `{"type":"thread_settings_applied","thread_settings":{"model":"gpt-6-astra"}}`),
		event(1, `{"type":"user_message","message":"fix the build"}`),
		event(2, `{"type":"thread_name_updated","thread_id":"s1","thread_name":"Build fixes"}`),
	)
	if s.Model != "gpt-6-astra" || s.Title != "Build fixes" {
		t.Errorf("model %q, title %q", s.Model, s.Title)
	}
}

// Injected context never titles a session: the first typed prompt does.
func TestTitleSkipsInjectedContext(t *testing.T) {
	msg := func(role, text string) string {
		return item(1, jsonText(map[string]any{"type": "message", "role": role, "content": []any{map[string]any{"type": "input_text", "text": text}}}))
	}
	s := log(t,
		msg("developer", "<permissions instructions>x</permissions instructions>"),
		msg("user", "# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>be brief</INSTRUCTIONS>"),
		msg("user", "<environment_context><cwd>/w</cwd></environment_context>"),
		msg("user", "<recommended_plugins>\n- github\n</recommended_plugins>"),
		msg("user", "<user_instructions>x</user_instructions>"),
		msg("user", "\nShow me notes.txt\nplease"),
		event(1, `{"type":"user_message","message":"\nShow me notes.txt\nplease"}`),
	)
	if s.Title != "Show me notes.txt" {
		t.Errorf("title %q", s.Title)
	}
}

// A script's exec_command is a command card; its output and exit code come
// from its item_completed record. The script is the card before it.
func TestCellCommandFromItsRecord(t *testing.T) {
	s := log(t,
		cell(1, "c1", `const r = await tools.exec_command({cmd: "make", workdir: "/w/src"});`+"\ntext(r.output);"),
		commandItem(2, "make", "cc -o app\n", 2),
		cellOutput(3, "c1", "completed", "cc -o app\n"),
	)
	c := sessiontest.Calls(s)
	if len(c) != 2 {
		t.Fatalf("calls %+v", c)
	}
	script, cmd := c[0], c[1]
	if g, ok := script.Call.(session.GenericCallView); !ok || !strings.Contains(g.RawInput.(string), "tools.exec_command") || script.Status() != session.CallDone {
		t.Errorf("script card %+v", script)
	}
	v, ok := cmd.View.(session.TerminalResultView)
	if !ok || v.Output != "cc -o app\n" || v.ExitCode == nil || *v.ExitCode != 2 || cmd.Status() != session.CallFailed {
		t.Fatalf("command card %+v", cmd)
	}
	if tc := cmd.Call.(session.TerminalCallView); tc.Title != "make" || tc.Cwd != "/w/src" {
		t.Errorf("command %+v", tc)
	}
	if ms, _ := cmd.Elapsed(); ms != 250 {
		t.Errorf("elapsed %d", ms)
	}
}

// With no record, a script's only command takes the script's result: its
// output, and its exit code when the output states one.
func TestCellCommandFromTheScriptsResult(t *testing.T) {
	s := log(t,
		cell(1, "c1", `const r = await tools.exec_command({"cmd": 'ls -la'}); text(r);`),
		cellOutput(2, "c1", "completed", "Chunk ID: a\nWall time: 0.1 seconds\nProcess exited with code 0\nOutput:\ntotal 0\n"),
	)
	cmd := sessiontest.Calls(s)[1]
	v, ok := cmd.View.(session.TerminalResultView)
	if !ok || v.Output != "total 0\n" || v.ExitCode == nil || *v.ExitCode != 0 {
		t.Errorf("command %+v", cmd)
	}
}

// A script's apply_patch is a diff card per file; a failed script fails it.
// Commands whose output is only inside the script's have no result.
func TestCellPatchesAndCommandsWithoutResults(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: a.txt\n+hi\n*** Update File: b.txt\n@@\n-x\n+y\n*** End Patch"
	s := log(t,
		cell(1, "c1", "await tools.apply_patch("+jsonText(patch)+");\nawait tools.exec_command({cmd: \"ls\"});\nawait tools.exec_command({cmd: \"pwd\"});"),
		cellOutput(2, "c1", "completed", "a.txt\n/w\n"),
		cell(3, "c2", "await tools.apply_patch({input: "+jsonText(patch)+"});"),
		cellOutput(4, "c2", "failed", "patch rejected: b.txt has no line x\n"),
	)
	c := sessiontest.Calls(s)
	if len(c) != 8 {
		t.Fatalf("%d calls", len(c))
	}
	if _, ok := c[1].View.(session.DiffResultView); !ok || c[1].Title() != "Add /w/a.txt" && c[1].Title() != "Add a.txt" {
		t.Errorf("patch card %q %+v", c[1].Title(), c[1].View)
	}
	if c[2].Status() != session.CallDone || !c[3].Unfinished || !c[4].Unfinished {
		t.Errorf("second file %v, ls %v, pwd %v", c[2].Status(), c[3].Unfinished, c[4].Unfinished)
	}
	if c[5].Status() != session.CallFailed || c[6].Status() != session.CallFailed || c[7].Status() != session.CallFailed {
		t.Errorf("a failed script: %v %v %v", c[5].Status(), c[6].Status(), c[7].Status())
	}
}

// A script deck cannot read (a loop, a value made at run time, another
// tool) stays one card, the script highlighted as JavaScript, then what it
// printed.
func TestCellDeckCannotRead(t *testing.T) {
	for _, script := range []string{
		"for (const f of [\"a\", \"b\"]) { await tools.exec_command({cmd: `wc -l ${f}`}); }",
		"const cmd = \"ls\";\nawait tools.exec_command({cmd});",
		"await tools.view_image({path: \"a.png\"});",
		"text(1 + 1);",
	} {
		s := log(t, cell(1, "c1", script), cellOutput(2, "c1", "completed", "2\n"))
		c := sessiontest.OnlyCall(t, s)
		v, ok := c.View.(session.GenericResultView)
		if !ok || len(v.Content) != 2 || !strings.HasPrefix(v.Content[0].Text, "```js\n") || !strings.Contains(v.Content[1].Text, "2\n") {
			t.Errorf("%q: %+v", script, c.View)
		}
	}
}

// An approval request shows on the call it names; once the call ran it was
// allowed, and one still asked when its turn ends was never answered.
func TestApprovalsShowOnTheirCall(t *testing.T) {
	s := log(t,
		call(1, "c1", "exec_command", map[string]any{"cmd": "rm -rf build"}),
		event(1, `{"type":"exec_approval_request","call_id":"c1","command":["bash","-lc","rm -rf build"],"reason":"outside the sandbox"}`),
		output(2, "c1", "Process exited with code 0\nOutput:\n"),
		call(3, "c2", "exec_command", map[string]any{"cmd": "rm -rf /"}),
		event(3, `{"type":"exec_approval_request","call_id":"c2","command":["bash","-lc","rm -rf /"]}`),
		event(4, `{"type":"turn_aborted","reason":"interrupted"}`),
		event(5, `{"type":"apply_patch_approval_request","call_id":"gone","reason":"write a.txt"}`),
	)
	c := sessiontest.Calls(s)
	if a := c[0].Approval; a == nil || a.Reason != "outside the sandbox" || a.Outcome != session.AllowedOnce {
		t.Errorf("first approval %+v", a)
	}
	if a := c[1].Approval; a == nil || a.Reason != "run rm -rf /" || a.Outcome != session.Unavailable {
		t.Errorf("second approval %+v", a)
	}
	if e := sessiontest.Events(s, "approval"); len(e) != 1 || e[0].Summary != "approval asked for call gone: write a.txt" {
		t.Errorf("an approval for a call not in the log: %+v", e)
	}
}

// The fixtures written in the current shape read with no notice, every
// line accounted for, and no call left running.
func TestNewestFixturesReadWhole(t *testing.T) {
	paths, _ := filepath.Glob(sessiontest.Testdata + "/fixtures/codex-*.jsonl")
	if len(paths) < 3 {
		t.Fatalf("%d fixtures", len(paths))
	}
	for _, p := range paths {
		s := sessiontest.ReadBytes(sessiontest.ReadFile(t, p), 1<<20)
		sessiontest.NoNotices(t, s)
		if !s.Account.Balanced() {
			t.Errorf("%s: accounting %+v", p, s.Account)
		}
		for _, c := range sessiontest.Calls(s) {
			if c.Status() == session.CallPending && !c.Unfinished {
				t.Errorf("%s: %s is still running", p, c.Title())
			}
		}
	}
}

// A generated image is a card with its prompt, the image a placeholder.
func TestImageGeneration(t *testing.T) {
	s := log(t, item(1, `{"type":"image_generation_call","id":"ig1","status":"completed","revised_prompt":"a red fox","result":"iVBORw0KGgo="}`))
	c := sessiontest.OnlyCall(t, s)
	v, ok := c.View.(session.GenericResultView)
	if !ok || len(v.Content) != 2 || v.Content[0].Text != "a red fox" || v.Content[1].Type != "image" || strings.Contains(v.Content[1].Alt, "iVBOR") {
		t.Errorf("image card %+v", c.View)
	}
}

// A message from another agent is injected text, never a prompt or a title.
func TestInterAgentMessage(t *testing.T) {
	s := log(t, record(1, "inter_agent_communication", `{"author":"/root/researcher","recipient":"/root","other_recipients":[],"content":"found it","trigger_turn":true}`))
	m := sessiontest.Of[*session.UserMessage](s)
	if len(m) != 1 || m[0].Role != session.RoleInjected || m[0].Source != "agent /root/researcher" || s.Title != "" {
		t.Errorf("messages %+v, title %q", m, s.Title)
	}
}

// A cell that yields ("Script running with cell ID N") goes on in a wait
// call: its calls get their results when the cell ends there, or none when
// the turn ends first.
func TestCellThatYields(t *testing.T) {
	script := "await tools.exec_command({cmd: \"make\"});\nawait tools.exec_command({cmd: \"make test\"});"
	s := log(t,
		cell(1, "c1", script),
		item(2, jsonText(map[string]any{"type": "custom_tool_call_output", "call_id": "c1", "output": "Script running with cell ID 7\nWall time 10.0 seconds\nOutput:\nbuilding\n"})),
		commandItem(3, "make", "ok\n", 0),
		call(4, "w1", "wait", map[string]any{"cell_id": "7", "yield_time_ms": 30000}),
		output(5, "w1", "Script completed\nWall time 12.0 seconds\nOutput:\ndone\n"),
		cell(6, "c2", script),
		item(7, jsonText(map[string]any{"type": "custom_tool_call_output", "call_id": "c2", "output": "Script running with cell ID 8\nWall time 10.0 seconds\nOutput:\n"})),
		event(8, `{"type":"turn_aborted","reason":"interrupted"}`),
	)
	c := sessiontest.Calls(s)
	if len(c) != 7 {
		t.Fatalf("%d calls", len(c))
	}
	if c[1].Status() != session.CallDone || !c[2].Unfinished || c[3].Name != "wait" || c[3].Status() != session.CallDone {
		t.Errorf("make %v, make test unfinished %v, wait %v", c[1].Status(), c[2].Unfinished, c[3].Status())
	}
	if !c[5].Unfinished || !c[6].Unfinished {
		t.Errorf("a cell still running when its turn ended: %v %v", c[5].Unfinished, c[6].Unfinished)
	}
}

// Several wrapped contexts in one message, a block each, are injected; a
// message with a typed block is not (a prompt, once the model answers it in
// a log with no user events).
func TestInjectedBlocks(t *testing.T) {
	two := item(1, jsonText(map[string]any{"type": "message", "role": "user", "content": []any{
		map[string]any{"type": "input_text", "text": "<environment_context><cwd>/w</cwd></environment_context>"},
		map[string]any{"type": "input_text", "text": "<recommended_plugins>\n- github\n</recommended_plugins>"},
	}}))
	s := log(t, two, item(2, jsonText(map[string]any{"type": "message", "role": "user", "content": []any{map[string]any{"type": "input_text", "text": "fix it"}}})),
		item(3, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Fixed."}]}`))
	m := sessiontest.Of[*session.UserMessage](s)
	if len(m) != 2 || m[0].Role != session.RoleContext || m[1].Role != session.RoleHuman || s.Title != "fix it" {
		t.Errorf("messages %+v, title %q", m, s.Title)
	}
}

// A script's command card holds the command's arguments as JSON in one
// order, the same on every read (a map's members came out in a random
// order, so one log read twice was two models).
func TestCellArgumentsReadAlike(t *testing.T) {
	line := cell(1, "c1", `await tools.exec_command({cmd: "make", workdir: "/w/src", yield_time_ms: 10000, max_output_tokens: 5});`)
	want := `{"cmd":"make","max_output_tokens":5,"workdir":"/w/src","yield_time_ms":10000}`
	for range 20 {
		if got := sessiontest.Calls(log(t, line))[1].Arguments; got != want {
			t.Fatalf("arguments %s, want %s", got, want)
		}
	}
}
