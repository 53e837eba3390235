package grokbuild_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/deck-tui/deck/session"
	"github.com/deck-tui/deck/session/grokbuild"
	"github.com/deck-tui/deck/session/internal/sessiontest"
	"github.com/deck-tui/deck/session/source"
	"github.com/go-json-experiment/json"
)

type obj = map[string]any

// line is a record as Grok Build writes it: compact JSON.
func line(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v, json.Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	return string(b) + "\n"
}

func prompt(text string, index int) obj {
	return obj{"type": "user", "content": []any{obj{"type": "text", "text": text}}, "prompt_index": index}
}

func assistant(text string, calls ...obj) obj {
	cs := make([]any, len(calls))
	for i, c := range calls {
		cs[i] = c
	}
	return obj{"type": "assistant", "content": text, "tool_calls": cs, "model_id": "grok-4.5"}
}

// call is a tool call, its arguments a JSON string as the model wrote them.
func call(t testing.TB, id, name string, args obj) obj {
	b, err := json.Marshal(args, json.Deterministic(true))
	if err != nil {
		t.Fatal(err)
	}
	return obj{"id": id, "name": name, "arguments": string(b)}
}

func result(id, text string) obj {
	return obj{"type": "tool_result", "tool_call_id": id, "content": text}
}

// read reads records as one chat history, with nothing beside it.
func read(t *testing.T, records ...obj) *session.Session {
	t.Helper()
	var b strings.Builder
	b.WriteString(line(t, obj{"type": "system", "content": "You are Grok."}))
	for _, r := range records {
		b.WriteString(line(t, r))
	}
	s := sessiontest.ReadString(b.String())
	if s.Format != session.FormatGrokBuild || !s.Account.Balanced() {
		t.Fatalf("format %q, accounting %+v", s.Format, s.Account)
	}
	return s
}

// The read card numbers a file's lines by read_file's anchors: the first
// line's and every tenth line's "N→"; the bare line after a last newline
// is no line of the file, anchored or not; text with no anchors is the
// file from the line the read started at; a line that should carry an
// anchor and does not is no anchored text.
func TestReadNumbersLinesByTheirAnchors(t *testing.T) {
	nine := "1→a\nb\nc\nd\ne\nf\ng\nh\ni\n10→"
	for _, c := range []struct {
		name   string
		args   obj
		text   string
		first  int
		lines  []string
		isRead bool
	}{
		{"anchored, a last newline", obj{"target_file": "a.py"}, "1→x\ny\n", 1, []string{"x", "y"}, true},
		{"a window", obj{"target_file": "a.py", "offset": 8, "limit": 4}, "8→h\ni\n10→j\nk", 8, []string{"h", "i", "j", "k"}, true},
		{"nine lines and the tenth anchor of nothing", obj{"target_file": "a.py"}, nine, 1, []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"}, true},
		{"an empty tenth line, then the last newline", obj{"target_file": "a.py"}, nine + "\n", 1, []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", ""}, true},
		{"no anchors: from the read's start", obj{"target_file": "a.py", "offset": 3}, "c\nd\n", 3, []string{"c", "d"}, true},
		{"a tenth line with no anchor", obj{"target_file": "a.py"}, "1→a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n", 1, []string{"1→a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}, true},
		{"an error", obj{"target_file": "a.py"}, "Error: /w/a.py does not exist.", 0, nil, false},
		{"counted from the end", obj{"target_file": "a.py", "offset": -2}, "c\nd\n", 0, nil, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := read(t, assistant("", call(t, "c1", "read_file", c.args)), result("c1", c.text))
			sessiontest.NoNotices(t, s)
			got := sessiontest.OnlyCall(t, s)
			v, ok := got.View.(session.ReadResultView)
			if ok != c.isRead {
				t.Fatalf("view %T", got.View)
			}
			if !ok {
				return
			}
			var texts []string
			for i, l := range v.Lines {
				texts = append(texts, l.Text)
				if l.Number != c.first+i {
					t.Errorf("line %d numbered %d", c.first+i, l.Number)
				}
			}
			if strings.Join(texts, "|") != strings.Join(c.lines, "|") || v.TotalLines != 0 {
				t.Errorf("lines %q (of %d), want %q", texts, v.TotalLines, c.lines)
			}
		})
	}
}

// A command's exit status is the bash tool's first line, "exit: N" or
// "exit: killed (reason)"; output with no such line says none.
func TestACommandsExitStatusIsItsFirstLine(t *testing.T) {
	for _, c := range []struct {
		text, output string
		code         *int
		signal       string
		status       session.CallStatus
	}{
		{"exit: 0\nok", "ok", new(0), "", session.CallDone},
		{"exit: 2\nno such file", "no such file", new(2), "", session.CallFailed},
		{"exit: killed (timeout) [truncated: showing first/last 1 KB of 9 KB - full output at: /tmp/o]\npartial", "partial", nil, "timeout", session.CallFailed},
		{"hello\n", "hello", nil, "", session.CallDone},
	} {
		s := read(t, assistant("", call(t, "c1", "run_terminal_cmd", obj{"command": "make"})), result("c1", c.text))
		got := sessiontest.OnlyCall(t, s)
		v, ok := got.View.(session.TerminalResultView)
		if !ok || v.Output != c.output || v.Signal != c.signal || (v.ExitCode == nil) != (c.code == nil) || v.ExitCode != nil && *v.ExitCode != *c.code || got.Status() != c.status {
			t.Errorf("%q: %+v, status %v", c.text, got.View, got.Status())
		}
	}
}

// Grok Build writes a result in place of one a call never got, when the
// person cancelled the turn (the call stopped) or Grok Build halted it
// (the call never started); the call's real result, if it comes after,
// replaces that one. A second real result, and a result for no call, are
// cards of their own, marked.
func TestResultsWrittenInPlaceOfACallsOwn(t *testing.T) {
	cancelled := "Tool execution was cancelled by the user (tool `run_terminal_cmd` was not executed)."
	halted := "Tool execution was halted by the harness (policy_guard); the tool `run_terminal_cmd` was not executed."
	s := read(t,
		assistant("", call(t, "a", "run_terminal_cmd", obj{"command": "make"}), call(t, "b", "run_terminal_cmd", obj{"command": "make"}), call(t, "c", "run_terminal_cmd", obj{"command": "make"})),
		result("a", cancelled), result("b", halted),
		result("c", cancelled), result("c", "exit: 0\nbuilt"), result("c", "exit: 0\nagain"),
		result("nobody", "lost"))
	sessiontest.NoNotices(t, s)
	calls := sessiontest.Calls(s)
	if len(calls) != 5 {
		t.Fatalf("%d calls: %s", len(calls), sessiontest.Shape(s))
	}
	if calls[0].Status() != session.CallStopped || calls[1].Status() != session.CallNotStarted {
		t.Errorf("statuses %v, %v", calls[0].Status(), calls[1].Status())
	}
	if v, ok := calls[2].View.(session.TerminalResultView); !ok || v.Output != "built" || calls[2].Status() != session.CallDone {
		t.Errorf("the real result after a cancelled one: %+v", calls[2].View)
	}
	if !calls[3].Duplicate || calls[3].CallID != "c" || !calls[4].Orphan {
		t.Errorf("a second result, a result for no call: %+v, %+v", calls[3], calls[4])
	}
}

// todo_write replaces the plan, or, with merge, updates each todo of its
// id; a call that forgot merge but only sets the status of todos the plan
// has merges, as Grok Build does.
func TestTodoWriteKeepsThePlan(t *testing.T) {
	todo := func(id, content, status string) obj {
		o := obj{"id": id, "status": status}
		if content != "" {
			o["content"] = content
		}
		return o
	}
	s := read(t,
		assistant("", call(t, "p1", "todo_write", obj{"merge": false, "todos": []any{todo("1", "a", "pending"), todo("2", "b", "pending")}})),
		result("p1", "- [ ] 1: a\n- [ ] 2: b\n"),
		assistant("", call(t, "p2", "todo_write", obj{"merge": true, "todos": []any{todo("1", "", "completed"), todo("3", "c", "pending")}})),
		assistant("", call(t, "p3", "todo_write", obj{"merge": false, "todos": []any{todo("2", "", "in_progress")}})),
		assistant("", call(t, "p4", "todo_write", obj{"merge": false, "todos": []any{todo("9", "new", "pending")}})))
	sessiontest.NoNotices(t, s)
	var got []string
	for _, p := range sessiontest.Of[*session.Plan](s) {
		var items []string
		for _, it := range p.Items {
			items = append(items, it.Content+"="+it.Status)
		}
		got = append(got, strings.Join(items, ","))
	}
	want := []string{"a=pending,b=pending", "a=completed,b=pending,c=pending", "a=completed,b=in_progress,c=pending", "new=pending"}
	if strings.Join(got, " / ") != strings.Join(want, " / ") {
		t.Errorf("plans %q, want %q", got, want)
	}
	if len(sessiontest.Calls(s)) != 0 || s.Hidden["todo_write result (its plan is shown)"] != 1 {
		t.Errorf("calls %d, hidden %v", len(sessiontest.Calls(s)), s.Hidden)
	}
}

// The older chat history (format 0) is chat messages by role: a prompt,
// a reply with its reasoning and calls, a tool's result.
func TestTheOlderChatHistoryReads(t *testing.T) {
	s := sessiontest.ReadString(line(t, obj{"role": "system", "content": "You are Grok."}) +
		line(t, obj{"role": "user", "content": []any{obj{"type": "text", "text": "list it"}, obj{"type": "image_url", "image_url": obj{"url": "data:image/png;base64,AAAA"}}}}) +
		line(t, obj{"role": "assistant", "content": nil, "reasoning_content": "look first",
			"tool_calls": []any{obj{"id": "c1", "type": "function", "function": obj{"name": "run_terminal_cmd", "arguments": `{"command":"ls"}`}}}}) +
		line(t, obj{"role": "tool", "tool_call_id": "c1", "content": "exit: 0\na.go"}) +
		line(t, obj{"role": "assistant", "content": "one file"}))
	sessiontest.NoNotices(t, s)
	if got := strings.TrimSpace(sessiontest.Shape(s)); s.Format != session.FormatGrokBuild || got != "user turn user reasoning call:c1 text:one file" {
		t.Fatalf("format %q, shape %s", s.Format, got)
	}
	if s.Title != "list it" || sessiontest.OnlyCall(t, s).View.(session.TerminalResultView).Output != "a.go" {
		t.Errorf("title %q, view %+v", s.Title, sessiontest.OnlyCall(t, s).View)
	}
}

// Reasoning Grok Build keeps encrypted, for the model alone, is never
// shown, not a byte of it: the card says it is there. Its summary, when
// there is one, is shown.
func TestEncryptedReasoningIsNeverShown(t *testing.T) {
	secret := "gAAAA\x1b]52;c;c2VjcmV0\x07SECRET"
	s := read(t,
		obj{"type": "reasoning", "id": "rs_1", "summary": []any{obj{"type": "summary_text", "text": "Read it first."}}, "encrypted_content": secret, "status": "completed"},
		obj{"type": "reasoning", "id": "rs_2", "summary": []any{}, "encrypted_content": secret},
		obj{"type": "assistant", "content": "done", "reasoning": obj{"encrypted": secret}})
	sessiontest.NoNotices(t, s)
	var dump bytes.Buffer
	sessiontest.Dump(&dump, s)
	if strings.Contains(dump.String(), "SECRET") || strings.Contains(dump.String(), "gAAAA") {
		t.Fatalf("the encrypted reasoning is in the session")
	}
	rs := sessiontest.Of[*session.Reasoning](s)
	if len(rs) != 3 || !strings.HasPrefix(rs[0].Text, "Read it first.\n\n") || !strings.Contains(rs[0].Text, "encrypted") ||
		!strings.Contains(rs[1].Text, "encrypted") || rs[1].Text != rs[2].Text {
		t.Errorf("reasoning %+v", rs)
	}
}

// What deck cannot read is a notice naming its line, and the rest reads.
func TestBadRecordsAreNoticesInPlace(t *testing.T) {
	for _, c := range []struct{ name, record, notice string }{
		{"not JSON", "<html>", "line 2: not JSON"},
		{"an unknown type", `{"type":"hologram","content":"x"}`, `line 2: a Grok Build record of type "hologram", which deck does not know`},
		{"no type", `{"content":"x"}`, "line 2: not a Grok Build record: it has no type"},
		{"a call of no tool", `{"type":"assistant","content":"","tool_calls":[{"id":"c","arguments":"{}"}]}`, "line 2: `assistant` record: tool call 1: it names no tool"},
		{"content of the wrong kind", `{"type":"user","content":5}`, "line 2: `user` record: its content is a JSON number"},
		{"a backend call of no tool", `{"type":"backend_tool_call","kind":{"id":"x"}}`, "line 2: `backend_tool_call` record: its kind names no tool_type"},
	} {
		s := sessiontest.ReadString(line(t, obj{"type": "system", "content": "You are Grok."}) + c.record + "\n" + line(t, obj{"type": "assistant", "content": "still read"}))
		n := sessiontest.NoticeTexts(s)
		if len(n) != 1 || !strings.HasPrefix(n[0], c.notice) || !strings.Contains(sessiontest.Shape(s), "text:still read") || !s.Account.Balanced() {
			t.Errorf("%s: notices %q, shape %s, accounting %+v", c.name, n, sessiontest.Shape(s), s.Account)
		}
	}
}

// folder writes a session folder: its chat history and its summary.
func folder(t *testing.T, dir string, summary obj, records ...obj) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range records {
		b.WriteString(line(t, r))
	}
	chat := filepath.Join(dir, "chat_history.jsonl")
	if err := os.WriteFile(chat, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "summary.json"), []byte(line(t, summary)), 0o644); err != nil {
		t.Fatal(err)
	}
	return chat
}

// A session's summary.json says what its chat history does not: its id,
// folder, title, model, start; a format newer than deck reads is said,
// never drawn as if deck read it.
func TestTheSummaryBesideTheChatHistory(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "sessions", "%2Fw", "s1")
	sum := obj{"info": obj{"id": "s1", "cwd": "/w"}, "session_summary": "old", "generated_title": "  Fix the build ", "created_at": "2026-05-04T09:12:03.418220Z",
		"current_model_id": "grok-4.5", "chat_format_version": 1}
	chat := folder(t, dir, sum, prompt("make it build", 0))
	s, err := source.Open(dir) // the folder: its chat history
	if err != nil {
		t.Fatal(err)
	}
	if h := s.Header; s.Title != "Fix the build" || h.ID != "s1" || h.Cwd != "/w" || h.CreatedAt != 1777885923418 || s.Model != "grok-4.5" || h.Unsupported != nil {
		t.Errorf("title %q model %q header %+v", s.Title, s.Model, h)
	}
	sum["chat_format_version"] = 2
	folder(t, dir, sum, prompt("make it build", 0))
	s, _ = source.Open(chat)
	if _, ok := s.Header.Unsupported.(*grokbuild.NewerFormatError); !ok || !strings.Contains(s.Notices()[0].Text, "format version 2") {
		t.Errorf("a newer format: %v, %q", s.Header.Unsupported, sessiontest.NoticeTexts(s))
	}
}

// A subagent's work is read from its own session, in the folder its id
// names, into the task call that ran it; an id that would name a folder
// elsewhere names none.
func TestASubagentIsReadIntoItsCall(t *testing.T) {
	root := filepath.Join(t.TempDir(), "sessions")
	sum := obj{"info": obj{"id": "p", "cwd": "/w"}, "session_summary": "x", "chat_format_version": 1}
	task := func(id string) []obj {
		return []obj{prompt("survey it", 0), assistant("", call(t, "t1", "task", obj{"description": "Survey", "prompt": "look", "subagent_type": "explore"})),
			result("t1", "found it\n\n<subagent_result>\nsubagent_id: "+id+"\nsubagent_type: explore\n</subagent_result>")}
	}
	folder(t, filepath.Join(root, "%2Fw", "kid"), obj{"info": obj{"id": "kid", "cwd": "/w"}, "session_kind": "subagent"}, prompt("look", 0), assistant("the answer"))
	folder(t, filepath.Join(root, "%2Felse", "far"), obj{"info": obj{"id": "far", "cwd": "/else"}}, prompt("look", 0), assistant("from afar"))
	if err := os.MkdirAll(filepath.Join(root, "%2Fw", "p", "subagents", "far"), 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "%2Fw", "p", "subagents", "far", "meta.json"), []byte(`{"child_session_id":"far","child_cwd":"/else"}`), 0o644)
	for id, want := range map[string]string{"kid": "the answer", "far": "from afar", "../%2Felse/far": "", "..": ""} {
		chat := folder(t, filepath.Join(root, "%2Fw", "p"), sum, task(id)...)
		s, err := source.Open(chat)
		if err != nil {
			t.Fatal(err)
		}
		c := sessiontest.OnlyCall(t, s)
		got := ""
		for _, e := range c.Nested {
			if a, ok := e.(*session.AssistantText); ok {
				got = a.Text
			}
		}
		if got != want || session.TextOf(c.View.(session.GenericResultView).Content) != "found it" {
			t.Errorf("subagent %q: nested %q (want %q), view %+v", id, got, want, c.View)
		}
	}
}
