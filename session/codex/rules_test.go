package codex_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/internal/sessiontest"

	"github.com/go-json-experiment/json"
)

// Small rollouts written inline, one rule each.

const metaLine = `{"timestamp":"2025-11-17T21:30:28.664Z","type":"session_meta","payload":{"id":"s1","timestamp":"2025-11-17T21:30:28.608Z","cwd":"/w","originator":"codex_cli_rs","cli_version":"0.58.0","model_provider":"openai"}}`

// at is a timestamp sec seconds into the test session.
func at(sec int) string { return fmt.Sprintf("2025-11-17T21:31:%02d.000Z", sec) }

func jsonText(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// item is a response_item line at second sec.
func item(sec int, payload string) string {
	return `{"timestamp":"` + at(sec) + `","type":"response_item","payload":` + payload + `}`
}

// event is an event_msg line at second sec.
func event(sec int, payload string) string {
	return `{"timestamp":"` + at(sec) + `","type":"event_msg","payload":` + payload + `}`
}

// call is a function_call of a tool with its arguments as JSON.
func call(sec int, id, name string, arguments any) string {
	raw, ok := arguments.(string)
	if !ok {
		raw = jsonText(arguments)
	}
	return item(sec, jsonText(map[string]any{"type": "function_call", "name": name, "arguments": raw, "call_id": id}))
}

// shell is a shell call of `bash -lc script`.
func shell(sec int, id, script string) string {
	return call(sec, id, "shell", map[string]any{"command": []string{"bash", "-lc", script}, "workdir": "/w"})
}

// output is a function_call_output.
func output(sec int, id, text string) string {
	return item(sec, jsonText(map[string]any{"type": "function_call_output", "call_id": id, "output": text}))
}

// structured is the early shell output form.
func structured(body string, exit int, seconds float64) string {
	return jsonText(map[string]any{"output": body, "metadata": map[string]any{"exit_code": exit, "duration_seconds": seconds}})
}

// log reads a rollout of the meta line and these lines.
func log(t *testing.T, lines ...string) *session.Session {
	t.Helper()
	s := sessiontest.ReadString(metaLine + "\n" + strings.Join(lines, "\n") + "\n")
	if !s.Account.Balanced() || s.Account.Lines != len(lines)+1 {
		t.Fatalf("accounting %+v for %d lines", s.Account, len(lines)+1)
	}
	return s
}

// Every output form gives the exit code and the duration it states.
func TestOutputForms(t *testing.T) {
	for _, c := range []struct {
		name, out string
		body      string
		exit      int // -1: none stated
		ms        int64
		status    session.CallStatus
	}{
		{"JSON string", structured("boom\n", 2, 1.5), "boom\n", 2, 1500, session.CallFailed},
		{"exit code header", "Exit code: 0\nWall time: 0.2 seconds\nOutput:\nok\n", "ok\n", 0, 200, session.CallDone},
		{"truncated header", "Exit code: 1\nWall time: 3 seconds\nTotal output lines: 9\nOutput:\nx\n", "x\n", 1, 3000, session.CallFailed},
		{"unified exec, exited", "Chunk ID: 36c2f2\nWall time: 1.2500 seconds\nProcess exited with code 3\nOriginal token count: 4\nOutput:\nhi\n", "hi\n", 3, 1250, session.CallFailed},
		{"unified exec with its command", "Command: /bin/zsh -lc make\nChunk ID: 87eb5c\nWall time: 0.0100 seconds\nProcess exited with code 0\nOutput:\n", "", 0, 10, session.CallDone},
		{"still running", "Chunk ID: 6e6db0\nWall time: 30.0024 seconds\nProcess running with session ID 52328\nOriginal token count: 9\nOutput:\nchunk 1/27\n", "chunk 1/27\n", -1, 30002, session.CallDone},
		{"a bare status", "Process exited with code 0", "", 0, 0, session.CallDone},
		{"plain text", "command not found", "command not found", -1, 0, session.CallDone},
	} {
		s := log(t, call(1, "c1", "shell_command", map[string]any{"command": "make", "workdir": "/w"}), output(1, "c1", c.out))
		sessiontest.NoNotices(t, s)
		calls := sessiontest.Calls(s)
		if len(calls) != 1 {
			t.Fatalf("%s: %d cards", c.name, len(calls))
		}
		v, ok := calls[0].View.(session.TerminalResultView)
		if !ok {
			t.Fatalf("%s: view %T", c.name, calls[0].View)
		}
		exit := -1
		if v.ExitCode != nil {
			exit = *v.ExitCode
		}
		ms, _ := calls[0].Elapsed()
		if v.Output != c.body || exit != c.exit || ms != c.ms || calls[0].Status() != c.status {
			t.Errorf("%s: output %q exit %d elapsed %d status %v; want %q %d %d %v", c.name, v.Output, exit, ms, calls[0].Status(), c.body, c.exit, c.ms, c.status)
		}
		if calls[0].Title() != "make" {
			t.Errorf("%s: title %q", c.name, calls[0].Title())
		}
	}
}

// A process still running is not a failure; write_stdin feeds the card of
// the exec session it names, and a session deck never saw is a card of its
// own.
func TestExecSessions(t *testing.T) {
	s := log(t,
		call(1, "e1", "exec_command", map[string]any{"cmd": "npm test", "workdir": "/w/app", "yield_time_ms": 1000}),
		output(2, "e1", "Chunk ID: aa\nWall time: 1.0000 seconds\nProcess running with session ID 7\nOutput:\nstarting\n"),
		call(3, "w1", "write_stdin", map[string]any{"session_id": 7, "chars": ""}),
		output(9, "w1", "Chunk ID: bb\nWall time: 6.0000 seconds\nProcess exited with code 1\nOutput:\n1 failed\n"),
		call(10, "w2", "write_stdin", map[string]any{"session_id": 99, "chars": "y\n"}),
		output(11, "w2", "Process exited with code 0"),
	)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 2 {
		t.Fatalf("%d cards, want the exec and the unknown session's write", len(calls))
	}
	exec := calls[0]
	v := exec.View.(session.TerminalResultView)
	if v.Output != "starting\n1 failed\n" || v.ExitCode == nil || *v.ExitCode != 1 || exec.Status() != session.CallFailed {
		t.Errorf("exec card %+v status %v", v, exec.Status())
	}
	if ms, _ := exec.Elapsed(); ms != 8000 {
		t.Errorf("exec ran %d ms, want 8000 (to its last output)", ms)
	}
	if cv := exec.Call.(session.TerminalCallView); cv.Title != "npm test" || cv.Cwd != "/w/app" || strings.Contains(cv.Description, "running") {
		t.Errorf("exec call view %+v", cv)
	}
	if cv := calls[1].Call.(session.TerminalCallView); !strings.Contains(cv.Title, "session 99") || calls[1].Status() != session.CallDone {
		t.Errorf("unknown session's write: %+v", cv)
	}

	// while it runs, the card says so, and it has not failed
	s = log(t,
		call(1, "e1", "exec_command", map[string]any{"cmd": "sleep 60"}),
		output(2, "e1", "Chunk ID: aa\nWall time: 1.0000 seconds\nProcess running with session ID 7\nOutput:\n"),
	)
	exec = sessiontest.Calls(s)[0]
	if exec.Status() != session.CallDone || !strings.Contains(exec.Call.(session.TerminalCallView).Description, "still running · session 7") {
		t.Errorf("a running exec: status %v call %+v", exec.Status(), exec.Call)
	}
}

const threeFilePatch = "*** Begin Patch\n" +
	"*** Add File: docs/new.md\n+# New\n+text\n" +
	"*** Update File: src/app.py\n@@ def greet():\n-    print(\"Hi\")\n+    print(\"Hello\")\n" +
	"*** Delete File: old.txt\n" +
	"*** End Patch\n"

// A patch is one diff card per file, each with its own title, and the
// patch's result on each.
func TestApplyPatchOneCardPerFile(t *testing.T) {
	forms := map[string][]string{
		"custom tool": {
			item(1, jsonText(map[string]any{"type": "custom_tool_call", "status": "completed", "call_id": "p1", "name": "apply_patch", "input": threeFilePatch})),
			item(2, jsonText(map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "Exit code: 0\nWall time: 0.2 seconds\nOutput:\nSuccess. Updated the following files:\nA docs/new.md\nM src/app.py\nD old.txt\n"})),
		},
		"function tool": {
			call(1, "p1", "apply_patch", map[string]any{"input": threeFilePatch}),
			output(2, "p1", "Success. Updated the following files:\nA docs/new.md\nM src/app.py\nD old.txt\n"),
		},
		"heredoc": {
			shell(1, "p1", "apply_patch <<'PATCH'\n"+threeFilePatch+"PATCH\n"),
			output(2, "p1", structured("Success. Updated the following files:\n", 0, 0.2)),
		},
		"argv": {
			call(1, "p1", "shell", map[string]any{"command": []string{"apply_patch", threeFilePatch}}),
			output(2, "p1", structured("Success.\n", 0, 0)),
		},
	}
	for name, lines := range forms {
		s := log(t, lines...)
		sessiontest.NoNotices(t, s)
		calls := sessiontest.Calls(s)
		var titles []string
		for _, c := range calls {
			titles = append(titles, c.Title())
			if _, ok := c.View.(session.DiffResultView); !ok || c.Status() != session.CallDone || c.Result == nil {
				t.Errorf("%s: %s: view %T status %v", name, c.Title(), c.View, c.Status())
			}
		}
		if strings.Join(titles, "|") != "Add /w/docs/new.md|Edit /w/src/app.py|Delete /w/old.txt" &&
			strings.Join(titles, "|") != "Add docs/new.md|Edit src/app.py|Delete old.txt" {
			t.Errorf("%s: titles %q", name, titles)
			continue
		}
		add := calls[0].View.(session.DiffResultView).Diffs
		if len(add) != 1 || add[0].OldText != nil || add[0].NewText != "# New\ntext" {
			t.Errorf("%s: the new file %+v", name, add)
		}
		edit := calls[1].View.(session.DiffResultView).Diffs
		if len(edit) != 1 || *edit[0].OldText != `    print("Hi")` || edit[0].NewText != `    print("Hello")` {
			t.Errorf("%s: the edit %+v", name, edit)
		}
	}

	// a patch that failed fails on every card, and shows why
	s := log(t,
		call(1, "p1", "apply_patch", map[string]any{"input": threeFilePatch}),
		output(2, "p1", "apply_patch verification failed: Failed to find expected lines in src/app.py"),
	)
	for _, c := range sessiontest.Calls(s) {
		if c.Status() != session.CallFailed {
			t.Errorf("%s: status %v after a failed patch", c.Title(), c.Status())
		}
	}
}

// A patch's hunks get the file's line numbers from an earlier read; the
// @@ anchor is a line to find, not a number.
func TestPatchNumberedFromReads(t *testing.T) {
	file := "a\nb\nc\ndef greet():\n    print(\"Hi\")\n    return\n"
	s := log(t,
		shell(1, "r1", "sed -n '10,15p' src/app.py"),
		output(1, "r1", structured(file, 0, 0)),
		shell(2, "p1", "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/app.py\n@@ def greet():\n-    print(\"Hi\")\n+    print(\"Hello\")\n*** End Patch\nEOF"),
		output(3, "p1", structured("Success.", 0, 0)),
	)
	calls := sessiontest.Calls(s)
	if len(calls) != 2 || len(calls[1].DiffStarts) != 1 || calls[1].DiffStarts[0] != 14 {
		t.Fatalf("diff starts %v, want [14]", calls[len(calls)-1].DiffStarts)
	}
}

// Reads print a window of a file: numbered from its real first line, the
// language from the path; a cut in the middle keeps the numbers true. The
// file's length is known only where the output reached its end: a whole
// file (cat, nl, sed 'A,$p'), or a window that stopped short of the last
// line it asked for; a window printed whole says nothing of what follows.
func TestReads(t *testing.T) {
	for _, c := range []struct {
		script, out string
		path        string
		numbers     []int
		total       int
	}{
		{"sed -n '220,222p' src/a.ts", "x\ny\nz\n", "/w/src/a.ts", []int{220, 221, 222}, 0},
		{"cat README.md", "# t\n\nend", "/w/README.md", []int{1, 2, 3}, 3},
		{"cat 'LM Studio configuration.md'", "a\n", "/w/LM Studio configuration.md", []int{1}, 1},
		{"nl -ba main.go | sed -n '5,6p'", "     5\tpackage x\n     6\t\n", "/w/main.go", []int{5, 6}, 0},
		{"nl -ba main.go | sed -n '5,9p'", "     5\tpackage x\n     6\t\n", "/w/main.go", []int{5, 6}, 6},
		{"nl -ba main.go", "     1\tpackage x\n", "/w/main.go", []int{1}, 1},
		{"head -n 2 go.mod", "module m\n\n", "/w/go.mod", []int{1, 2}, 0},
		{"head go.mod", "module m\n\n", "/w/go.mod", []int{1, 2}, 2},
		{"cd sub && sed -n '3,4p' x.py", "a\nb\n", "/w/sub/x.py", []int{3, 4}, 0},
		{"sed -n '1,220p' a.ts", "a\nb\n", "/w/a.ts", []int{1, 2}, 2},
		{"sed -n '7p' a.ts", "a\n", "/w/a.ts", []int{7}, 0},
		{"sed -n '7,$p' a.ts", "a\nb\n", "/w/a.ts", []int{7, 8}, 8},
		{"sed -n '10,20p' big.go", "Total output lines: 11\n\nl10\nl11\n\n[... omitted 7 of 11 lines ...]\n\nl18\nl19\n", "/w/big.go", []int{10, 11, 19, 20}, 0},
	} {
		s := log(t, shell(1, "r", c.script), output(1, "r", structured(c.out, 0, 0)))
		v, ok := sessiontest.Calls(s)[0].View.(session.ReadResultView)
		if !ok {
			t.Errorf("%s: view %T", c.script, sessiontest.Calls(s)[0].View)
			continue
		}
		var nums []int
		for _, l := range v.Lines {
			nums = append(nums, l.Number)
		}
		if v.Path != c.path || fmt.Sprint(nums) != fmt.Sprint(c.numbers) || v.Lang != session.LangFromPath(c.path) {
			t.Errorf("%s: path %q lines %v lang %q", c.script, v.Path, nums, v.Lang)
		}
		if v.TotalLines != c.total {
			t.Errorf("%s: %d lines in all, want %d", c.script, v.TotalLines, c.total)
		}
	}
	// a local shell call, and an argv with no shell around it
	s := log(t,
		item(1, `{"type":"local_shell_call","call_id":"l1","status":"completed","action":{"type":"exec","command":["bash","-lc","cat notes.txt"],"working_directory":"/w/docs"}}`),
		output(1, "l1", structured("a\nb\n", 0, 0.1)),
		call(2, "a1", "shell", map[string]any{"command": []string{"sed", "-n", "7,7p", "my file.go"}, "workdir": "/w"}),
		output(2, "a1", structured("x\n", 0, 0)),
	)
	if v, ok := sessiontest.Calls(s)[0].View.(session.ReadResultView); !ok || v.Path != "/w/docs/notes.txt" || len(v.Lines) != 2 {
		t.Errorf("local shell read: %+v", sessiontest.Calls(s)[0].View)
	}
	if c := sessiontest.Calls(s)[1]; c.Call.(session.TerminalCallView).Title != "sed -n 7,7p 'my file.go'" || c.View.(session.ReadResultView).Lines[0].Number != 7 {
		t.Errorf("argv read: %q %+v", c.Title(), c.View)
	}
	// what deck cannot be sure of stays a terminal
	for _, script := range []string{"sed -n '1,5p' $F", "cat a b", "cat x | head", "sed -i 's/a/b/' f", "cat *.go", "cat a.go 2>&1"} {
		s := log(t, shell(1, "r", script), output(1, "r", structured("x\n", 0, 0)))
		if _, ok := sessiontest.Calls(s)[0].View.(session.TerminalResultView); !ok {
			t.Errorf("%s: view %T, want a terminal", script, sessiontest.Calls(s)[0].View)
		}
	}
	// an output cut by tokens mid-line has lost its line numbers
	s = log(t, shell(1, "r", "cat big.txt"), output(1, "r", structured("a\nb…120 tokens truncated…z\n", 0, 0)))
	if _, ok := sessiontest.Calls(s)[0].View.(session.TerminalResultView); !ok {
		t.Errorf("a read cut by tokens: %T", sessiontest.Calls(s)[0].View)
	}
	// a read that failed is a failed terminal
	s = log(t, shell(1, "r", "cat nope"), output(1, "r", structured("cat: nope: No such file or directory\n", 1, 0)))
	if c := sessiontest.Calls(s)[0]; c.Status() != session.CallFailed {
		t.Errorf("a failed read: %T %v", c.View, c.Status())
	}
}

// rg and grep rows are a search card; exit 1 with no output is no match,
// not a failure; listings are paths.
func TestSearches(t *testing.T) {
	s := log(t,
		shell(1, "s1", `rg -n "ollama" -n`), output(1, "s1", structured("a.md:10:x\nb/c.ts:3:y\na.md:12:z\n", 0, 0)),
		shell(2, "s2", `rg -n "modelData" src/hook.tsx`), output(2, "s2", structured("208:  const m = [\n224:  m,\n", 0, 0)),
		shell(3, "s3", `rg -n "OLLAMA" -n`), output(3, "s3", structured("", 1, 0)),
		shell(4, "s4", `rg -n x src -g"*.ts"`), output(4, "s4", structured("rg: src: IO error\n", 2, 0)),
		shell(5, "s5", `grep -rn TODO .`), output(5, "s5", structured("./x.go:3:// TODO\n", 0, 0)),
		shell(6, "s6", `rg --files src`), output(6, "s6", structured("src/a.go\nsrc/b.go\n", 0, 0)),
		shell(7, "s7", `ls app/api`), output(7, "s7", structured("chat\nkeys\n", 0, 0)),
		shell(8, "s8", `rg -n foo | head -n 2`), output(8, "s8", structured("a:1:foo\nb:2:foo\n", 0, 0)),
		shell(9, "s9", `rg -n -C 1 foo`), output(9, "s9", structured("a.go-1-before\na.go:2:foo\na.go-3-after\n--\nb.go:9:foo\n", 0, 0)),
	)
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	m := calls[0].View.(session.SearchMatchesResultView)
	if len(m.Files) != 2 || m.Total != 3 || m.Files[0].Path != "a.md" || len(m.Files[0].Matches) != 2 || m.Files[0].Matches[1].LineNumber != 12 {
		t.Errorf("rg rows: %+v", m)
	}
	one := calls[1].View.(session.SearchMatchesResultView)
	if len(one.Files) != 1 || one.Files[0].Path != "/w/src/hook.tsx" || one.Files[0].Matches[0].LineNumber != 208 {
		t.Errorf("one file's rows: %+v", one)
	}
	if v, ok := calls[2].View.(session.SearchMatchesResultView); !ok || v.Total != 0 || calls[2].Status() != session.CallDone {
		t.Errorf("no match: %T %v", calls[2].View, calls[2].Status())
	}
	if _, ok := calls[3].View.(session.TerminalResultView); !ok || calls[3].Status() != session.CallFailed {
		t.Errorf("rg error: %T %v", calls[3].View, calls[3].Status())
	}
	if v, ok := calls[4].View.(session.SearchMatchesResultView); !ok || v.Files[0].Path != "./x.go" {
		t.Errorf("grep -rn: %+v", calls[4].View)
	}
	for _, i := range []int{5, 6} {
		if v, ok := calls[i].View.(session.SearchPathsResultView); !ok || len(v.Paths) != 2 {
			t.Errorf("%s: %+v", calls[i].Title(), calls[i].View)
		}
	}
	if v := calls[7].View.(session.SearchMatchesResultView); !v.Truncated {
		t.Errorf("rg | head -n 2 that printed 2 rows may have had more: %+v", v)
	}
	if v := calls[8].View.(session.SearchMatchesResultView); v.Total != 2 {
		t.Errorf("context lines are not matches: %+v", v)
	}
	// what each search matched, for its card to mark
	for i, want := range map[int]string{0: "(?:ollama)", 1: "(?:modelData)", 4: "(?:TODO)", 7: "(?:foo)"} {
		if v := calls[i].View.(session.SearchMatchesResultView); v.Match != want {
			t.Errorf("%s: match %q, want %q", calls[i].Title(), v.Match, want)
		}
	}
}

// update_plan is a plan; its explanation is a line before it; "Plan
// updated" merges into it.
func TestUpdatePlan(t *testing.T) {
	s := log(t,
		call(1, "u1", "update_plan", map[string]any{"explanation": "Start with the parser.", "plan": []map[string]string{
			{"step": "Read the code", "status": "completed"}, {"step": "Fix it", "status": "in_progress"}, {"step": "Test", "status": "pending"}}}),
		output(1, "u1", "Plan updated"),
		call(2, "u2", "update_plan", "[REDACTED_ARGUMENTS len=460 sha=f353e6e8]"),
		output(2, "u2", "failed to parse function arguments"),
	)
	plans := sessiontest.Of[*session.Plan](s)
	if len(plans) != 2 || len(sessiontest.Calls(s)) != 0 {
		t.Fatalf("%d plans, %d cards", len(plans), len(sessiontest.Calls(s)))
	}
	if fmt.Sprint(plans[0].Items) != "[{Read the code completed} {Fix it in_progress} {Test pending}]" {
		t.Errorf("items %v", plans[0].Items)
	}
	if len(plans[1].Items) != 1 || !strings.HasPrefix(plans[1].Items[0].Content, "[REDACTED_ARGUMENTS") {
		t.Errorf("an unreadable plan keeps its text: %v", plans[1].Items)
	}
	events := sessiontest.Of[*session.Event](s)
	if plans[0].Explanation != "Start with the parser." || len(events) != 1 || !events[0].Failed {
		t.Errorf("explanation %q events %+v", plans[0].Explanation, events)
	}
	if s.Account.Merged != 1 {
		t.Errorf("merged %d, want the one Plan updated", s.Account.Merged)
	}
}

// Reasoning shows its summary; the encrypted content never.
func TestReasoning(t *testing.T) {
	s := log(t,
		item(1, `{"type":"reasoning","summary":[{"type":"summary_text","text":"**Planning**"}],"content":null,"encrypted_content":"gAAAAABsecret"}`),
		item(2, `{"type":"reasoning","summary":[],"content":null,"encrypted_content":"gAAAAABother"}`),
	)
	r := sessiontest.Of[*session.Reasoning](s)
	if len(r) != 1 || r[0].Text != "**Planning**" || s.Hidden["reasoning (encrypted only)"] != 1 {
		t.Fatalf("reasoning %v hidden %v", r, s.Hidden)
	}
	for _, e := range s.Entries {
		if strings.Contains(fmt.Sprintf("%+v", e), "gAAAA") {
			t.Errorf("encrypted content shown: %+v", e)
		}
	}
}

// A message Codex wrote both as an event and as a response item is shown
// once, whichever came first; an event with no twin is shown.
func TestEventTwinsShownOnce(t *testing.T) {
	s := log(t,
		item(1, `{"type":"message","role":"user","content":[{"type":"input_text","text":"<environment_context>\n  <cwd>/w</cwd>\n</environment_context>"}]}`),
		item(2, `{"type":"message","role":"user","content":[{"type":"input_text","text":"fix the bug"}]}`),
		event(2, `{"type":"user_message","message":"fix the bug","images":[]}`),
		event(3, `{"type":"agent_reasoning","text":"**One**"}`),
		event(3, `{"type":"agent_reasoning","text":"**Two**"}`),
		event(3, `{"type":"token_count","info":null}`),
		item(3, `{"type":"reasoning","summary":[{"type":"summary_text","text":"**One**"},{"type":"summary_text","text":"**Two**"}],"content":null,"encrypted_content":"x"}`),
		event(4, `{"type":"agent_message","message":"Looking."}`),
		item(4, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Looking."}],"phase":"commentary"}`),
		item(5, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Done."}]}`),
		event(5, `{"type":"agent_message","message":"Done."}`),
		event(6, `{"type":"agent_message","message":"Only the UI saw this."}`),
		// sanitised logs: the two copies' markers differ in kind only
		event(7, `{"type":"agent_message","message":"[REDACTED_MESSAGE len=9 sha=abcdef01]"}`),
		item(7, `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"[REDACTED_TEXT len=9 sha=abcdef01]"}]}`),
	)
	sessiontest.NoNotices(t, s)
	var texts []string
	for _, a := range sessiontest.Of[*session.AssistantText](s) {
		texts = append(texts, a.Text)
	}
	if strings.Join(texts, "|") != "Looking.|Done.|Only the UI saw this.|[REDACTED_MESSAGE len=9 sha=abcdef01]" {
		t.Errorf("assistant texts %q", texts)
	}
	r := sessiontest.Of[*session.Reasoning](s)
	if len(r) != 1 || r[0].Text != "**One**\n\n**Two**" {
		t.Errorf("reasoning %+v", r)
	}
	users := sessiontest.Of[*session.UserMessage](s)
	if len(users) != 2 || users[0].Role != session.RoleContext || users[1].Role != session.RoleHuman || s.Title != "fix the bug" {
		t.Errorf("users %+v title %q", users, s.Title)
	}
	if s.Account.Merged != 6 {
		t.Errorf("merged %d, want 6 twins", s.Account.Merged)
	}
}

// Codex injects text as user messages; only typed prompts are the human's.
func TestInjectedMessages(t *testing.T) {
	s := log(t,
		item(1, `{"type":"message","role":"developer","content":[{"type":"input_text","text":"<permissions instructions>…"}]}`),
		item(1, `{"type":"message","role":"user","content":[{"type":"input_text","text":"# AGENTS.md instructions for /w\n\n<INSTRUCTIONS>\nbe brief\n</INSTRUCTIONS>"}]}`),
		item(1, `{"type":"message","role":"user","content":[{"type":"input_text","text":"<user_instructions>\n\nbe brief\n\n</user_instructions>"}]}`),
		item(2, `{"type":"message","role":"user","content":[{"type":"input_text","text":"hello"}]}`),
		event(2, `{"type":"user_message","message":"hello"}`),
		item(2, `{"type":"message","role":"user","content":[{"type":"input_text","text":"skill text with no event"}]}`),
	)
	var roles []string
	for _, m := range sessiontest.Of[*session.UserMessage](s) {
		roles = append(roles, fmt.Sprint(m.Role, ":", m.Source))
	}
	want := fmt.Sprint([]string{
		fmt.Sprint(session.RoleInjected, ":developer"), fmt.Sprint(session.RoleInjected, ":AGENTS.md"), fmt.Sprint(session.RoleInjected, ":AGENTS.md"),
		fmt.Sprint(session.RoleHuman, ":"), fmt.Sprint(session.RoleInjected, ":codex")})
	if fmt.Sprint(roles) != want {
		t.Errorf("roles %v, want %v", roles, want)
	}
}

// The bare era: a first line with no envelope, state markers, items with
// no envelope.
func TestBareEra(t *testing.T) {
	log := strings.Join([]string{
		`{"id":"0199a1b2-0000-7000-8000-000000000001","timestamp":"2025-09-02T17:17:41.762Z","instructions":null,"git":{"commit_hash":"abc","branch":"main"}}`,
		`{"record_type":"state"}`,
		`{"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"<environment_context>\n  <cwd>/Users/x/dev/legacy</cwd>\n</environment_context>"}]}`,
		`{"type":"message","id":null,"role":"user","content":[{"type":"input_text","text":"review the code"}]}`,
		`{"record_type":"state"}`,
		`{"type":"reasoning","id":"r1","summary":[],"content":null}`,
		`{"type":"function_call","id":"fc1","name":"shell","arguments":"{\"command\":[\"bash\",\"-lc\",\"ls\"],\"with_escalated_permissions\":true}","call_id":"call_1"}`,
		`{"type":"function_call_output","call_id":"call_1","output":"{\"output\":\"\",\"metadata\":{\"exit_code\":1,\"duration_seconds\":2.8}}"}`,
		`{"type":"message","id":null,"role":"assistant","content":[{"type":"output_text","text":"Done."}]}`,
	}, "\n") + "\n"
	s := sessiontest.ReadString(log)
	sessiontest.NoNotices(t, s)
	if s.Format != session.FormatCodex || s.Header.ID != "0199a1b2-0000-7000-8000-000000000001" || s.Agent != "Codex" || s.Header.CreatedAt == 0 {
		t.Fatalf("format %q header %+v agent %q", s.Format, s.Header, s.Agent)
	}
	if s.Hidden["record_type state"] != 2 || !s.Account.Balanced() || s.Account.Lines != 9 {
		t.Errorf("hidden %v account %+v", s.Hidden, s.Account)
	}
	users := sessiontest.Of[*session.UserMessage](s)
	if len(users) != 2 || users[0].Role != session.RoleContext || users[1].Role != session.RoleHuman || s.Title != "review the code" {
		t.Errorf("users %+v", users)
	}
	c := sessiontest.Calls(s)
	if len(c) != 1 || c[0].Status() != session.CallFailed || c[0].Title() != "ls" {
		t.Errorf("calls %+v", c)
	}
	if ms, _ := c[0].Elapsed(); ms != 2800 {
		t.Errorf("elapsed %d", ms)
	}
	if a := sessiontest.Of[*session.AssistantText](s); len(a) != 1 {
		t.Errorf("assistant %+v", a)
	}
}

// A call with no output is pending until its turn or the log ends: then it
// is unfinished (no result), never running. Turns open and close with their
// reason.
func TestPendingAndTurns(t *testing.T) {
	lines := []string{
		event(1, `{"type":"task_started","turn_id":"t1"}`),
		call(2, "c1", "exec_command", map[string]any{"cmd": "make"}),
	}
	s := log(t, lines...)
	c := sessiontest.Calls(s)[0]
	if c.Status() != session.CallPending || c.View != nil || !c.Unfinished {
		t.Errorf("a call still pending when the log ended: %+v", c)
	}
	s = log(t, append(lines, event(5, `{"type":"turn_aborted","reason":"interrupted"}`),
		event(6, `{"type":"task_started","turn_id":"t2"}`), event(8, `{"type":"task_complete","turn_id":"t2","last_agent_message":null}`))...)
	c = sessiontest.Calls(s)[0]
	if c.Status() != session.CallPending || !c.Unfinished {
		t.Errorf("after its turn ended: %+v", c)
	}
	ends := sessiontest.Of[*session.TurnEnd](s)
	starts := sessiontest.Of[*session.TurnStart](s)
	if len(starts) != 2 || len(ends) != 2 || ends[0].Reason != "aborted" || ends[0].Detail != "(interrupted)" || ends[1].Reason != "completed" || ends[1].Elapsed != 2000 || ends[1].Turn != 2 {
		t.Errorf("turns %+v %+v", starts, ends)
	}
}

// token_count totals are cumulative: the session's usage is the last one.
func TestUsageIsTheLastTotal(t *testing.T) {
	tc := func(in, cached, out int) string {
		return event(1, fmt.Sprintf(`{"type":"token_count","info":{"total_token_usage":{"input_tokens":%d,"cached_input_tokens":%d,"output_tokens":%d,"reasoning_output_tokens":1,"total_tokens":0}}}`, in, cached, out))
	}
	s := log(t, event(0, `{"type":"token_count","info":null}`), tc(100, 40, 10), tc(100, 40, 10), tc(300, 200, 30))
	if s.Usage != (session.TokenUsage{Input: 100, CacheRead: 200, Output: 30, Reasoning: 1, Recorded: session.RecordedCache | session.RecordedReasoning}) || s.Hidden["token_count"] != 4 {
		t.Errorf("usage %+v hidden %v", s.Usage, s.Hidden)
	}
}

// MCP tools and other functions are generic cards with a readable title
// and their output; a web search is a web card.
func TestOtherTools(t *testing.T) {
	s := log(t,
		call(1, "m1", "mcp__cloud-associates__execute_workflow", map[string]any{"id": 7}),
		output(2, "m1", `{"ok":true}`),
		item(3, `{"type":"function_call","name":"search","namespace":"mcp__docs__","arguments":"{}","call_id":"m2"}`),
		item(3, `{"type":"function_call_output","call_id":"m2","output":[{"type":"input_text","text":"found"},{"type":"input_image","image_url":"data:image/png;base64,AAAA"}]}`),
		call(3, "m3", "mcp__docs__fetch", map[string]any{}),
		output(3, "m3", `[{"type":"text","text":"page"}]`),
		item(4, `{"type":"web_search_call","status":"completed","action":{"type":"search","query":"go generics"}}`),
		item(5, `{"type":"web_search_call","status":"completed","action":{"type":"open_page","url":"https://go.dev"}}`),
	)
	sessiontest.NoNotices(t, s)
	c := sessiontest.Calls(s)
	if len(c) != 5 || c[0].Title() != "cloud-associates · execute_workflow" || c[1].Title() != "docs · search" {
		t.Fatalf("cards %+v", c)
	}
	if _, ok := c[0].View.(session.GenericResultView); !ok || session.TextOf(c[0].Result.Content) != `{"ok":true}` {
		t.Errorf("mcp result %+v", c[0].Result)
	}
	if r := c[1].Result; len(r.Content) != 2 || r.Content[1].Type != "image" || strings.Contains(r.Content[1].Alt, "AAAA") {
		t.Errorf("content items %+v", r.Content)
	}
	if r := c[2].Result; session.TextOf(r.Content) != "page" {
		t.Errorf("content items as text %+v", r.Content)
	}
	c = append(c[:2], c[3:]...)
	if v, ok := c[2].View.(session.WebSearchResultView); !ok || v.Title != "go generics" || c[2].Status() != session.CallDone {
		t.Errorf("web search %+v", c[2].View)
	}
	if v, ok := c[3].View.(session.WebSearchResultView); !ok || v.Sources[0].URL != "https://go.dev" {
		t.Errorf("open page %+v", c[3].View)
	}
}

// Arguments that are not JSON (a sanitised log) still make the tool's card,
// titled by what came, and its output still attaches.
func TestUnreadableArguments(t *testing.T) {
	s := log(t,
		call(1, "c1", "exec_command", "[REDACTED_ARGUMENTS len=83 sha=b4e1e5f7]"),
		output(2, "c1", "[REDACTED_OUTPUT len=136 sha=bc081c6b]"),
		item(3, jsonText(map[string]any{"type": "custom_tool_call", "call_id": "p1", "name": "apply_patch", "input": "[REDACTED_INPUT len=4678 sha=8885b0e3]"})),
		item(4, jsonText(map[string]any{"type": "custom_tool_call_output", "call_id": "p1", "output": "[REDACTED_OUTPUT len=257 sha=4bfce7d2]"})),
		call(5, "w1", "write_stdin", "{not json"),
	)
	sessiontest.NoNotices(t, s)
	c := sessiontest.Calls(s)
	if len(c) != 3 {
		t.Fatalf("%d cards", len(c))
	}
	if v, ok := c[0].View.(session.TerminalResultView); !ok || c[0].Title() != "[REDACTED_ARGUMENTS len=83 sha=b4e1e5f7]" || v.Output != "[REDACTED_OUTPUT len=136 sha=bc081c6b]" {
		t.Errorf("exec %q %+v", c[0].Title(), c[0].View)
	}
	if _, ok := c[1].View.(session.DiffResultView); !ok || c[1].Status() != session.CallDone {
		t.Errorf("patch %T %v", c[1].View, c[1].Status())
	}
	if _, ok := c[2].Call.(session.TerminalCallView); !ok || c[2].Status() != session.CallPending {
		t.Errorf("write_stdin %+v", c[2])
	}
}

// Session facts: the agent and its version, the header, the model, the
// title from the first prompt; a model change mid-session is a line.
func TestSessionFacts(t *testing.T) {
	s := log(t,
		`{"timestamp":"2025-11-17T21:32:46.915Z","type":"turn_context","payload":{"cwd":"/w","approval_policy":"never","model":"gpt-5.1-codex","effort":"high","summary":"auto"}}`,
		`{"timestamp":"2025-11-17T21:32:47.915Z","type":"turn_context","payload":{"cwd":"/w","model":"gpt-5.1-codex","effort":"high"}}`,
		`{"timestamp":"2025-11-17T21:33:46.915Z","type":"turn_context","payload":{"cwd":"/w","model":"gpt-5.2","effort":"low"}}`,
		item(1, `{"type":"ghost_snapshot","ghost_commit":{"id":"a"}}`),
	)
	if s.Agent != "Codex 0.58.0" || s.Header.ID != "s1" || s.Header.Cwd != "/w" || s.Header.CreatedAt != 1763415028608 || s.Model != "gpt-5.2" || s.Provider != "openai" {
		t.Errorf("agent %q header %+v model %q", s.Agent, s.Header, s.Model)
	}
	ev := sessiontest.Of[*session.Event](s)
	if len(ev) != 1 || ev[0].Summary != "model gpt-5.1-codex → gpt-5.2, reasoning effort high → low" {
		t.Errorf("events %+v", ev)
	}
	if s.Hidden["turn_context"] != 2 || s.Hidden["ghost_snapshot"] != 1 || s.Hidden["session_meta"] != 1 {
		t.Errorf("hidden %v", s.Hidden)
	}
	s = sessiontest.ReadString(strings.Replace(metaLine, `"codex_cli_rs"`, `"Codex Desktop"`, 1) + "\n")
	if s.Agent != "Codex 0.58.0 (Codex Desktop)" {
		t.Errorf("agent %q", s.Agent)
	}
}

// An output whose call is not in the log, or a second output of a call,
// is a card of its own; a compaction is its summary.
func TestStrayOutputsAndCompaction(t *testing.T) {
	s := log(t,
		output(1, "nope", "lost"),
		shell(2, "c1", "true"), output(2, "c1", structured("", 0, 0)), output(3, "c1", structured("again", 0, 0)),
		`{"timestamp":"`+at(4)+`","type":"compacted","payload":{"message":"Summary of the work so far."}}`,
		event(4, `{"type":"context_compacted"}`),
		event(5, `{"type":"context_compacted"}`),
	)
	sessiontest.NoNotices(t, s)
	c := sessiontest.Calls(s)
	if len(c) != 3 || !c[0].Orphan || c[2].Duplicate != true || c[2].Title() != "true" {
		t.Errorf("cards %+v", c)
	}
	sums := sessiontest.Of[*session.UserMessage](s)
	if len(sums) != 1 || sums[0].Role != session.RoleSummary || len(sessiontest.Of[*session.Event](s)) != 1 {
		t.Errorf("compaction %+v %+v", sums, sessiontest.Of[*session.Event](s))
	}
}

// Lines deck cannot read are notices naming them; reading goes on.
func TestNotices(t *testing.T) {
	s := log(t,
		`not json at all`,
		`[1,2]`,
		`{"timestamp":"`+at(1)+`","type":"future_record","payload":{}}`,
		item(1, `{"type":"future_item"}`),
		event(1, `{"type":"future_event"}`),
		item(1, `{"type":"message","role":"user","content":7}`),
		`{"timestamp":"`+at(1)+`","type":"response_item","payload":"x"}`,
		item(1, `{"type":"function_call","name":"shell","arguments":{"command":["ls"]},"call_id":"c9"}`),
		`{"type":7}`,
		`{}`,
	)
	var texts []string
	for _, n := range s.Notices() {
		texts = append(texts, n.Text)
	}
	want := []string{
		"line 2: not JSON", "line 3: not a Codex record: a JSON array", "line 4: unknown Codex record `future_record`",
		"line 5: unknown Codex response item `future_item`", "line 6: unknown Codex event `future_event`",
		"line 8: `response_item` record: its payload is not an object", "line 10: not a Codex record: \"type\" is not a string",
		"line 11: not a Codex record: no \"type\"",
	}
	if len(texts) != len(want) {
		t.Fatalf("notices %q", texts)
	}
	for i, w := range want {
		if !strings.HasPrefix(texts[i], w) {
			t.Errorf("notice %q, want %q", texts[i], w)
		}
	}
	// an object where a string was expected is read, not a notice
	if c := sessiontest.Calls(s); len(c) != 1 || c[0].Title() != "ls" {
		t.Errorf("arguments as an object: %+v", c)
	}
}
